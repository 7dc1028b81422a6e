import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_POSTGRES_PORT, type OfficeFields, type OfficeInput, type OfficeStatus, type OfficeTestResult, type OfficeView } from '../../../../shared/office/types';
import { CheckboxField, Field, ManagedNote } from '../../components/field';
import { ErrorText } from '../../components/error-text';
import { followUpOf } from '../../lib/error-follow-ups';
import { describeError } from '../../lib/describe-error';
import { useChooseCaFile, useOffice, useRemoveOffice, useSaveOffice, useTestOffice } from './queries';

type CaChoice = 'keep' | 'none' | { handle: string; name: string };

interface Draft extends Omit<OfficeFields, 'port'> {
  port: string;
  password: string;
  ca: CaChoice;
}

function draftOf(view: OfficeView | undefined): Draft {
  const f = view?.configured;
  return {
    host: f?.host ?? '',
    port: String(f?.port ?? DEFAULT_POSTGRES_PORT),
    database: f?.database ?? 'faxdesk',
    user: f?.user ?? '',
    tls: f?.tls ?? true,
    allowPlain: f?.allowPlain ?? false,
    displayName: f?.displayName ?? '',
    password: '',
    ca: 'keep',
  };
}

function toInput(d: Draft): OfficeInput {
  return {
    fields: { host: d.host, port: Number(d.port) || 0, database: d.database, user: d.user, tls: d.tls, allowPlain: d.allowPlain, displayName: d.displayName },
    password: d.password,
    caFile: typeof d.ca === 'object' ? { handle: d.ca.handle } : d.ca,
  };
}

function StatusLine({ status }: { status: OfficeStatus }) {
  const { t, i18n } = useTranslation('office');
  const time = status.offlineSinceMs ? new Date(status.offlineSinceMs).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';
  const warn = status.state === 'offline' || status.state === 'read-only';
  return (
    <div className={`notice${warn ? ' warn' : ''}`} role="status" data-testid="office-status">
      <p>{t(`settings.status.${status.state}`, { time })}</p>
      {status.state === 'offline' && status.error ? <p>{describeError(status.error)}</p> : null}
      {status.state !== 'off' && status.pending > 0 ? <p>{t('settings.pending', { count: status.pending })}</p> : null}
    </div>
  );
}

function OfficeForm({ view }: { view: OfficeView | undefined }) {
  const { t } = useTranslation('office');
  const { t: ts } = useTranslation('settings');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  // the machine-wide policy: locked connection fields are shown, not edited (the display name and password stay the user's)
  const locked = view?.managed === 'locked';
  const managedBy = view?.managed ? { describedBy: `${id}-managed` } : {};
  const [tested, setTested] = useState<OfficeTestResult | null>(null);
  // what the last save or removal did; 'saved' says "connecting…" only while the status line says so too
  const [note, setNote] = useState<'' | 'saved' | 'removed'>('');
  const [asking, setAsking] = useState(false);
  const test = useTestOffice();
  const save = useSaveOffice();
  const remove = useRemoveOffice();
  const chooseCa = useChooseCaFile();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTested(null);
    setNote('');
    test.reset();
    save.reset();
  };

  const error = save.error ?? test.error ?? remove.error ?? chooseCa.error;
  const followUp = followUpOf(error);
  const fields = followUp?.kind === 'markFields' ? followUp.fields : {};
  const fieldError = (name: string) => {
    const own = Object.entries(fields).find(([k]) => k === `fields.${name}` || k === name);
    return own ? own[1].join(' ') : undefined;
  };
  const topError = error && !(followUp?.kind === 'markFields' && followUp.inputOnly) ? describeError(error) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.reset();
    save.mutate(toInput(draft), {
      onSuccess: () => {
        setDraft((d) => ({ ...d, password: '', ca: 'keep' }));
        setTested(null);
        setNote('saved');
      },
    });
  };
  const runTest = () => {
    save.reset();
    test.mutate(toInput(draft), { onSuccess: setTested });
  };

  const caName = typeof draft.ca === 'object' ? draft.ca.name : draft.ca === 'none' ? null : (view?.caFileName ?? null);
  const text = (key: 'host' | 'port' | 'database' | 'user', hint?: string) => (
    <Field id={`${id}-${key}`} label={t(`settings.${key}`)} hint={hint} error={fieldError(key)} errorInHint={!!hint} {...managedBy}>
      {(control) => (
        <input
          {...control}
          value={draft[key]}
          spellCheck={false}
          autoComplete="off"
          inputMode={key === 'port' ? 'numeric' : undefined}
          disabled={locked}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="office-form" aria-label={t('settings.heading')}>
      <div className="pb-columns">
        {text('host', t('settings.hostHint'))}
        {text('port')}
        {text('database')}
        {text('user')}
      </div>
      <ManagedNote id={`${id}-managed`} managed={view?.managed ?? undefined} text={{ locked: ts('managed.locked'), default: ts('managed.default') }} />
      <Field id={`${id}-password`} label={t('settings.password')} hint={view?.hasPassword ? t('settings.passwordStored') : t('settings.passwordMissing')}>
        {(control) => <input {...control} type="password" value={draft.password} autoComplete="off" onChange={(e) => set('password', e.target.value)} />}
      </Field>
      <CheckboxField id={`${id}-tls`} label={t('settings.tls')} checked={draft.tls} disabled={locked} {...managedBy} onChange={(v) => set('tls', v)} />
      {draft.tls ? (
        <div className="field">
          <span className="label" id={`${id}-ca-label`}>
            {t('settings.caFile')}
          </span>
          <span className="hint" id={`${id}-ca-name`}>
            {caName ? t('settings.caFileChosen', { name: caName }) : t('settings.caFileNone')}
          </span>
          {locked ? null : (
            <div className="row">
              <button
                type="button"
                className="btn"
                aria-describedby={`${id}-ca-name`}
                onClick={() => chooseCa.mutate(undefined, { onSuccess: (f) => f && set('ca', { handle: f.handle, name: f.name }) })}
              >
                {t('settings.caFileChoose')}
              </button>
              {caName ? (
                <button type="button" className="btn" onClick={() => set('ca', 'none')}>
                  {t('settings.caFileClear')}
                </button>
              ) : null}
            </div>
          )}
        </div>
      ) : (
        <>
          <CheckboxField
            id={`${id}-plain`}
            label={t('settings.allowPlain')}
            checked={draft.allowPlain}
            disabled={locked}
            describedBy={view?.managed ? `${id}-plain-hint ${id}-managed` : `${id}-plain-hint`}
            onChange={(v) => set('allowPlain', v)}
          />
          <span id={`${id}-plain-hint`} className="hint">
            {t('settings.allowPlainHint')}
          </span>
        </>
      )}
      <Field
        id={`${id}-name`}
        label={t('settings.displayName')}
        hint={t('settings.displayNameHint', { name: view?.defaultDisplayName ?? '', computer: view?.computerName ?? '' })}
        error={fieldError('displayName')}
      >
        {(control) => <input {...control} value={draft.displayName} autoComplete="name" onChange={(e) => set('displayName', e.target.value)} />}
      </Field>
      <p role="status" className="pb-status" data-testid="office-test-result">
        {tested
          ? t('settings.testOk', {
              protection: t(`settings.protection.${tested.protection}`),
              version: tested.serverVersion,
              schema: tested.schemaVersion === 0 ? t('settings.schemaNew') : t('settings.schemaReady'),
            })
          : note === 'removed'
            ? t('settings.removed')
            : note === 'saved' && view?.status.state === 'connecting'
              ? t('settings.saved')
              : ''}
      </p>
      <ErrorText error={topError} />
      <div className="row">
        <button type="button" className="btn" onClick={runTest} disabled={test.isPending}>
          {test.isPending ? t('settings.testing') : t('settings.test')}
        </button>
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </button>
        {view?.configured && !locked && !asking ? (
          <button type="button" className="btn" onClick={() => setAsking(true)}>
            {t('settings.remove')}
          </button>
        ) : null}
      </div>
      {asking ? (
        <div className="notice warn" role="alertdialog" aria-labelledby={`${id}-remove-q`}>
          <p id={`${id}-remove-q`}>{t('settings.removeConfirm')}</p>
          <div className="row">
            <button
              type="button"
              className="btn danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (v) => {
                    setAsking(false);
                    setDraft(draftOf(v));
                    setNote('removed');
                  },
                })
              }
            >
              {t('settings.remove')}
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              {t('settings.cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

/** Settings → Office outbox: the shared PostgreSQL database of the office, and how this desk's link to it stands. */
export function OfficeSettings() {
  const { t } = useTranslation('office');
  const id = useId();
  const office = useOffice();
  return (
    <section className="panel" aria-labelledby={`${id}-h`} data-testid="office-settings">
      <h2 id={`${id}-h`}>{t('settings.heading')}</h2>
      <p className="hint">{t('settings.intro')}</p>
      {office.data ? <StatusLine status={office.data.status} /> : null}
      {office.isSuccess ? <OfficeForm view={office.data} /> : null}
    </section>
  );
}
