import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_ATTRIBUTES,
  DEFAULT_DIRECTORY_FILTER,
  type DirectoryAttributes,
  type DirectoryTestResult,
  type DirectoryView,
  type SaveDirectoryInput,
} from '@shared/directory/types';
import { followUpOf } from '../../lib/error-follow-ups';
import { useDeleteDirectory, useDirectories, useSaveDirectory, useTestDirectory } from './queries';
import { describeError } from '../../lib/describe-error';
import { CheckboxField, Field, ManagedNote } from '../../components/field';
import { FormFooter } from '../../components/form-footer';
import { ListStatus, ManagedRows, useManagedList, type RowWords } from '../../components/managed-list';
import { AttributeMapping } from './attribute-mapping';

type AttrKey = keyof DirectoryAttributes;

interface Draft {
  name: string;
  url: string;
  startTls: boolean;
  allowPlain: boolean;
  bindDn: string;
  password: string;
  baseDn: string;
  filter: string;
  attributes: Record<AttrKey, string>;
}

const joinAttrs = (a: DirectoryAttributes): Record<AttrKey, string> => ({
  name: a.name.join(', '),
  company: a.company.join(', '),
  fax: a.fax.join(', '),
  extraFax: a.extraFax.join(', '),
});
const splitAttrs = (s: string) =>
  s
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

function draftOf(d: DirectoryView | null): Draft {
  if (!d) {
    return {
      name: '',
      url: 'ldaps://',
      startTls: false,
      allowPlain: false,
      bindDn: '',
      password: '',
      baseDn: '',
      filter: DEFAULT_DIRECTORY_FILTER,
      attributes: joinAttrs({
        name: [...DEFAULT_ATTRIBUTES.name],
        company: [...DEFAULT_ATTRIBUTES.company],
        fax: [...DEFAULT_ATTRIBUTES.fax],
        extraFax: [...DEFAULT_ATTRIBUTES.extraFax],
      }),
    };
  }
  return { ...d, password: '', attributes: joinAttrs(d.attributes) };
}

function toInput(draft: Draft, id: string | undefined): SaveDirectoryInput {
  return {
    ...(id ? { id } : {}),
    name: draft.name,
    url: draft.url,
    startTls: draft.startTls,
    allowPlain: draft.allowPlain,
    bindDn: draft.bindDn,
    baseDn: draft.baseDn,
    filter: draft.filter,
    attributes: {
      name: splitAttrs(draft.attributes.name),
      company: splitAttrs(draft.attributes.company),
      fax: splitAttrs(draft.attributes.fax),
      extraFax: splitAttrs(draft.attributes.extraFax),
    },
    ...(draft.password ? { password: draft.password } : {}),
  };
}

function DirectoryForm({ editing, onDone }: { editing: DirectoryView | null; onDone(message: string): void }) {
  const { t } = useTranslation('directory');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const save = useSaveDirectory();
  const test = useTestDirectory();
  const [tested, setTested] = useState<DirectoryTestResult | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTested(null);
    test.reset();
  };

  const error = save.error ?? test.error;
  const followUp = followUpOf(error);
  const fields = followUp?.kind === 'markFields' ? followUp.fields : {};
  const fieldError = (name: string) => {
    const own = Object.entries(fields).find(([k]) => k === name || k.startsWith(`${name}.`));
    return own ? own[1].join(' ') : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(toInput(draft, editing?.id), { onSuccess: (d) => onDone(t('settings.saved', { name: d.name })) });
  };
  const runTest = () => {
    save.reset();
    test.mutate(toInput(draft, editing?.id), { onSuccess: setTested });
  };

  const text = (key: 'name' | 'url' | 'bindDn' | 'baseDn' | 'filter', hint: string, extra: { placeholder?: string } = {}) => (
    <Field id={`${id}-${key}`} label={t(`settings.${key}`)} hint={hint} error={fieldError(key)} errorInHint>
      {(control) => <input {...control} value={draft[key]} spellCheck={false} autoComplete="off" onChange={(e) => set(key, e.target.value)} {...extra} />}
    </Field>
  );

  // Validation errors sit under their fields; everything else (connection, certificate, bind…) above the buttons.
  const topError = error && !(followUp?.kind === 'markFields' && followUp.inputOnly) ? describeError(error) : null;

  return (
    <form className="pb-form stack" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{editing ? t('settings.formEdit', { name: editing.name }) : t('settings.formAdd')}</h3>
      {text('name', t('settings.nameHint'))}
      {text('url', t('settings.urlHint'))}
      <CheckboxField id={`${id}-starttls`} label={t('settings.startTls')} checked={draft.startTls} onChange={(v) => set('startTls', v)} />
      <CheckboxField
        id={`${id}-plain`}
        label={t('settings.allowPlain')}
        checked={draft.allowPlain}
        describedBy={`${id}-plain-hint`}
        onChange={(v) => set('allowPlain', v)}
      />
      <span id={`${id}-plain-hint`} className="hint">
        {t('settings.allowPlainHint')}
      </span>
      {text('bindDn', t('settings.bindDnHint'))}
      <Field id={`${id}-password`} label={t('settings.password')} hint={editing?.hasPassword ? t('settings.passwordStored') : t('settings.passwordMissing')}>
        {(control) => <input {...control} type="password" value={draft.password} autoComplete="off" onChange={(e) => set('password', e.target.value)} />}
      </Field>
      {text('baseDn', t('settings.baseDnHint'))}
      {text('filter', t('settings.filterHint'))}
      <AttributeMapping id={id} attributes={draft.attributes} fieldError={fieldError} onChange={(attributes) => set('attributes', attributes)} />
      <p role="status" className="pb-status">
        {tested
          ? tested.sample.length
            ? t('settings.testOk', { security: t(`settings.security.${tested.security}`), count: tested.entries, sample: tested.sample.join(', ') })
            : t('settings.testOkNone', { security: t(`settings.security.${tested.security}`), count: tested.entries })
          : null}
      </p>
      <FormFooter
        error={topError}
        saving={save.isPending}
        saveLabel={save.isPending ? t('settings.saving') : t('settings.save')}
        cancelLabel={t('settings.cancel')}
        onCancel={() => onDone('')}
      >
        <button type="button" className="btn" onClick={runTest} disabled={test.isPending}>
          {test.isPending ? t('settings.testing') : t('settings.test')}
        </button>
      </FormFooter>
    </form>
  );
}

/** Settings → Phonebooks: the company directories the picker searches. */
export function DirectorySettings() {
  const { t } = useTranslation('directory');
  const settingsT = useTranslation('settings').t;
  const managedText = { locked: settingsT('managed.locked'), default: settingsT('managed.default') };
  const id = useId();
  const directories = useDirectories();
  const list = useManagedList<DirectoryView>(useDeleteDirectory(), () => t('settings.removed'));
  const rowWords = (d: DirectoryView): RowWords => ({
    question: t('settings.removeConfirm', { name: d.name }),
    yes: t('settings.remove'),
    cancel: t('settings.cancel'),
    edit: t('settings.edit'),
    editLabel: `${t('settings.edit')} ${d.name}`,
    del: t('settings.remove'),
    deleteLabel: `${t('settings.remove')} ${d.name}`,
  });

  return (
    <section className="panel" aria-labelledby={`${id}-h`} data-testid="directory-settings">
      <h2 id={`${id}-h`}>{t('settings.heading')}</h2>
      <p className="muted">{t('settings.intro')}</p>
      {directories.data?.length ? (
        <ManagedRows list={list} items={directories.data} words={rowWords}>
          {(d) => (
            <>
              <strong>{d.name}</strong>
              <span className="muted">{d.url}</span>
              <span className="muted">{d.bindDn ? (d.hasPassword ? t('settings.hasPassword') : t('settings.noPassword')) : null}</span>
              <ManagedNote id={`${id}-${d.id}-managed`} managed={d.managed} text={managedText} />
            </>
          )}
        </ManagedRows>
      ) : directories.isSuccess ? (
        <p className="muted">{t('settings.none')}</p>
      ) : null}
      {list.editing ? (
        <DirectoryForm key={list.editing === 'new' ? 'new' : list.editing.id} editing={list.editing === 'new' ? null : list.editing} onDone={list.doneEditing} />
      ) : (
        <div className="row">
          <button type="button" className="btn" onClick={() => list.setEditing('new')}>
            {t('settings.add')}
          </button>
        </div>
      )}
      <ListStatus status={list.status} error={list.error} />
    </section>
  );
}
