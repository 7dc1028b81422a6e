import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@shared/settings';
import { changeLanguage, pickLanguage } from '../../i18n';
import { call, CallError } from '../../lib/api';
import { accountKeys, usePolicy, useSettings, useUpdateSettings } from '../account';
import { hotFolderKeys, useHotFolderProblem, useHotFolderStatus } from '../send';
import { describeError } from '../../lib/describe-error';
import { ErrorNotice } from '../../components/error-notice';
import { CheckboxField, Field, ManagedNote } from '../../components/field';
import type { Managed } from '@shared/ipc/channels/app';

type Draft = Pick<
  Settings,
  'serviceTimeZone' | 'defaultCountry' | 'lowBalanceThreshold' | 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray' | 'autoRetry' | 'review'
> & {
  /** the folder itself is chosen in main's folder dialog, never typed here */
  hotFolder: { enabled: boolean };
  /** as typed: '' means "not known" (null) */
  contractUnitPrice: string;
};

/** A whole-number setting: its label and a number input (with min, max and step as given). */
function NumberField({
  id,
  label,
  value,
  min,
  max,
  step,
  describedBy,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max?: number;
  step?: string;
  describedBy?: string | undefined;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  return (
    <Field id={id} label={label} {...(describedBy ? { describedBy } : {})}>
      {(control) => (
        <input {...control} type="number" min={min} max={max} step={step} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} />
      )}
    </Field>
  );
}

/** The form's starting point: the settings as main holds them. */
function draftOf(settings: Settings): Draft {
  const { serviceTimeZone, defaultCountry, lowBalanceThreshold, notifyOnDone, notifyOnFailed, closeToTray, hotFolder, autoRetry, review, contractUnitPrice } = settings;
  return {
    serviceTimeZone,
    defaultCountry,
    lowBalanceThreshold,
    notifyOnDone,
    notifyOnFailed,
    closeToTray,
    hotFolder: { enabled: hotFolder.enabled },
    autoRetry,
    review,
    contractUnitPrice: contractUnitPrice === null ? '' : String(contractUnitPrice),
  };
}

/** Settings → Preferences, once main's settings (and what the policy manages) are in: the form starts from them. */
export function PreferencesForm() {
  const settings = useSettings();
  const policy = usePolicy();
  return settings.data && (policy.data || policy.isError) ? <PreferencesEditor settings={settings.data} managed={policy.data?.settings ?? {}} /> : null;
}

type ManagedSettings = Partial<Record<keyof Settings, Managed>>;

/** The form's values as main takes them. */
function valuesOf(draft: Draft) {
  const price = draft.contractUnitPrice.trim();
  return {
    ...draft,
    defaultCountry: draft.defaultCountry.trim().toUpperCase(),
    serviceTimeZone: draft.serviceTimeZone.trim(),
    // A number input yields '' for anything that is not a number; main's schema refuses negatives with a message on the field.
    contractUnitPrice: price === '' ? null : Number(price),
  };
}

function PreferencesEditor({ settings, managed }: { settings: Settings; managed: ManagedSettings }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const update = useUpdateSettings();
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saved, setSaved] = useState(false);
  const hotProblem = useHotFolderProblem();

  const fields = update.error instanceof CallError ? (update.error.fields ?? {}) : {};
  const fieldError = (name: string) => fields[name]?.join(' ');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setDraft({ ...draft, [key]: value });
  };

  const onLanguage = async (value: string) => {
    const language = value === 'en' || value === 'zh-CN' ? value : null;
    const prefs = await call('setLanguage', { language });
    const info = await call('appInfo');
    await changeLanguage(prefs.language ?? pickLanguage(info.systemLocale || navigator.language));
    void client.invalidateQueries({ queryKey: accountKeys.settings });
  };

  const locked = (key: keyof Settings) => managed[key] === 'locked';
  const managedText = { locked: t('managed.locked'), default: t('managed.default') };
  /** the note under a managed setting, and its id for the control's aria-describedby */
  const note = (key: keyof Settings) => <ManagedNote id={`${id}-${key}-managed`} managed={managed[key]} text={managedText} />;
  const noteId = (key: keyof Settings) => (managed[key] ? `${id}-${key}-managed` : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only what the user changed is sent: a setting left alone keeps following the administrator's default,
    // and a locked one is never asked for.
    const values = valuesOf(draft);
    const before = valuesOf(draftOf(settings));
    const patch = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => !locked(k as keyof Settings) && JSON.stringify(v) !== JSON.stringify(before[k as keyof typeof before])),
    );
    update.mutate(
      patch,
      {
        onSuccess: () => {
          // The estimate on the Send screen depends on the contract price.
          void client.invalidateQueries({ queryKey: ['send'] });
          // the hot folder restarts with the new settings: ask again before saying how saving went
          void hotFolder.refetch().finally(() => setSaved(true));
        },
      },
    );
  };

  const text = (key: 'serviceTimeZone' | 'defaultCountry', label: string, hint: string) => (
    <>
      <Field id={`${id}-${key}`} label={label} hint={hint} error={fieldError(key)} errorInHint {...(noteId(key) ? { describedBy: noteId(key) } : {})}>
        {(control) => <input {...control} value={draft[key]} disabled={locked(key)} onChange={(e) => set(key, e.target.value)} />}
      </Field>
      {note(key)}
    </>
  );
  const check = (key: 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray') => (
    <>
      <CheckboxField id={`${id}-${key}`} label={t(`prefs.${key}`)} checked={draft[key]} disabled={locked(key)} describedBy={noteId(key)} onChange={(checked) => set(key, checked)} />
      {note(key)}
    </>
  );

  return (
    <form className="panel" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('prefs.heading')}</h2>
      <Field id={`${id}-lang`} label={t('prefs.language')}>
        {(control) => (
          <select
            {...control}
            value={settings.language ?? 'system'}
            disabled={locked('language')}
            aria-describedby={noteId('language')}
            onChange={(e) => void onLanguage(e.target.value)}
            data-testid="language-select"
          >
            <option value="system">{t('common:language.system')}</option>
            <option value="en">{t('common:language.en')}</option>
            <option value="zh-CN">{t('common:language.zhCN')}</option>
          </select>
        )}
      </Field>
      {note('language')}
      {text('serviceTimeZone', t('prefs.serviceTimeZone'), t('prefs.serviceTimeZoneHint'))}
      {text('defaultCountry', t('prefs.defaultCountry'), t('prefs.defaultCountryHint'))}
      <NumberField
        id={`${id}-threshold`}
        label={t('prefs.lowBalanceThreshold')}
        min={0}
        step="1"
        value={draft.lowBalanceThreshold}
        describedBy={noteId('lowBalanceThreshold')}
        disabled={locked('lowBalanceThreshold')}
        onChange={(n) => set('lowBalanceThreshold', n)}
      />
      {note('lowBalanceThreshold')}
      {check('notifyOnDone')}
      {check('notifyOnFailed')}
      {check('closeToTray')}
      <HotFolderFieldset id={`${id}-hot`} enabled={draft.hotFolder.enabled} managed={managed.hotFolder} onEnabled={(enabled) => set('hotFolder', { enabled })} />
      {/* a disabled fieldset disables every control in it: the whole of a locked setting */}
      <fieldset className="group" disabled={locked('autoRetry')} aria-describedby={noteId('autoRetry')}>
        <legend>{t('prefs.autoRetryHeading')}</legend>
        {note('autoRetry')}
        <CheckboxField id={`${id}-retry`} label={t('prefs.autoRetryEnabled')} checked={draft.autoRetry.enabled} onChange={(checked) => set('autoRetry', { ...draft.autoRetry, enabled: checked })} />
        <div className="row">
          <NumberField id={`${id}-attempts`} label={t('prefs.autoRetryAttempts')} min={1} max={5} value={draft.autoRetry.attempts} onChange={(n) => set('autoRetry', { ...draft.autoRetry, attempts: n })} />
          <NumberField id={`${id}-delay`} label={t('prefs.autoRetryDelay')} min={1} max={1440} value={draft.autoRetry.delayMinutes} onChange={(n) => set('autoRetry', { ...draft.autoRetry, delayMinutes: n })} />
        </div>
        {fieldError('autoRetry.attempts') || fieldError('autoRetry.delayMinutes') ? (
          <p className="error-text">{fieldError('autoRetry.attempts') ?? fieldError('autoRetry.delayMinutes')}</p>
        ) : null}
      </fieldset>
      <fieldset className="group">
        <legend>{t('prefs.sendingHeading')}</legend>
        <Field
          id={`${id}-price`}
          label={t('prefs.contractUnitPrice')}
          hint={t('prefs.contractUnitPriceHint')}
          error={fieldError('contractUnitPrice')}
          errorInHint
          {...(noteId('contractUnitPrice') ? { describedBy: noteId('contractUnitPrice') } : {})}
        >
          {(control) => (
            <input
              {...control}
              disabled={locked('contractUnitPrice')}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={draft.contractUnitPrice}
              onChange={(e) => set('contractUnitPrice', e.target.value)}
              data-testid="contract-unit-price"
            />
          )}
        </Field>
        {note('contractUnitPrice')}
        <fieldset className="plain" disabled={locked('review')} aria-describedby={noteId('review')} data-testid="review-fieldset">
          <CheckboxField id={`${id}-review`} label={t('prefs.reviewAlways')} checked={draft.review.always} onChange={(checked) => set('review', { ...draft.review, always: checked })} testId="review-always" />
          <div className="row">
            <NumberField id={`${id}-review-n`} label={t('prefs.reviewRecipientsAbove')} min={0} step="1" value={draft.review.recipientsAbove} describedBy={`${id}-review-hint`} onChange={(n) => set('review', { ...draft.review, recipientsAbove: n })} />
            <NumberField id={`${id}-review-cost`} label={t('prefs.reviewCostAbove')} min={0} step="1" value={draft.review.costAbove} describedBy={`${id}-review-hint`} onChange={(n) => set('review', { ...draft.review, costAbove: n })} />
          </div>
          <p id={`${id}-review-hint`} className={fieldError('review.recipientsAbove') || fieldError('review.costAbove') ? 'error-text' : 'hint'}>
            {fieldError('review.recipientsAbove') ?? fieldError('review.costAbove') ?? t('prefs.reviewHint')}
          </p>
          {note('review')}
        </fieldset>
      </fieldset>
      <div className="actions">
        <button type="submit" className="btn primary" disabled={update.isPending}>
          {t('common:save')}
        </button>
      </div>
      {saved && hotProblem ? (
        <p className="notice bad" role="alert" data-testid="settings-saved">
          {t('prefs.savedHotFolderProblem', { problem: hotProblem })}
        </p>
      ) : saved ? (
        <p className="notice info" role="status" data-testid="settings-saved">
          {t('prefs.saved')}
        </p>
      ) : null}
      {update.isError && !Object.keys(fields).length ? (
        <ErrorNotice error={update.error} />
      ) : null}
    </form>
  );
}

/**
 * The hot folder: on or off (saved with the form), and the folder itself, chosen in main's folder
 * dialog and stored at once; what main says of it (watching, or the problem).
 */
function HotFolderFieldset({ id, enabled, managed, onEnabled }: { id: string; enabled: boolean; managed: Managed | undefined; onEnabled(enabled: boolean): void }) {
  const { t } = useTranslation('settings');
  const noteId = managed ? `${id}-managed` : undefined;
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const hotProblem = useHotFolderProblem();
  const [folderError, setFolderError] = useState<string | null>(null);

  // Main shows its folder dialog and stores what the user picked; the window never names a folder.
  const chooseFolder = async () => {
    setFolderError(null);
    try {
      const r = await call('chooseHotFolder');
      if (r.chosen) client.setQueryData(accountKeys.settings, r.settings);
      await client.invalidateQueries({ queryKey: hotFolderKeys.status });
    } catch (err) {
      setFolderError(describeError(err));
    }
  };

  return (
    <fieldset className="group" disabled={managed === 'locked'} aria-describedby={noteId}>
      <legend>{t('prefs.hotFolderHeading')}</legend>
      <ManagedNote id={`${id}-managed`} managed={managed} text={{ locked: t('managed.locked'), default: t('managed.default') }} />
      <CheckboxField id={id} label={t('prefs.hotFolderEnabled')} checked={enabled} onChange={onEnabled} />
      <div className="field">
        <span id={`${id}-path-label`}>{t('prefs.hotFolderPath')}</span>
        <div className="actions file-row">
          <output className="mono" aria-labelledby={`${id}-path-label`} data-testid="hot-folder-path">
            {hotFolder.data?.path ?? ''}
          </output>
          <button type="button" className="btn small" onClick={() => void chooseFolder()} aria-describedby={`${id}-path-hint`} data-testid="hot-folder-choose">
            {t('prefs.hotFolderChoose')}
          </button>
        </div>
        <span id={`${id}-path-hint`} className={folderError ? 'error' : 'hint'}>
          {folderError ?? t('prefs.hotFolderHint')}
        </span>
      </div>
      {hotProblem ? (
        <p className="error-text" data-testid="settings-hot-folder-problem">
          {hotProblem}
        </p>
      ) : hotFolder.data?.watching ? (
        <p className="hint">{t('prefs.hotFolderWatching', { path: hotFolder.data.path })}</p>
      ) : null}
    </fieldset>
  );
}
