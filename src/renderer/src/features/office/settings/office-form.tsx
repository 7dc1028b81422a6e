import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeView } from '@shared/office/types';
import { CheckboxField, Field, ManagedNote } from '@renderer/components/field';
import { ErrorText } from '@renderer/components/error-text';
import { OfficeTextField } from './office-text-field';
import { RemoveQuestion } from './remove-question';
import { TestResultLine } from './test-result-line';
import { TlsChoice } from './tls-choice';
import { useOfficeForm } from './use-office-form';

/** The office database's connection, this desk's name in it; tested, saved, or removed (after a question). */
export function OfficeForm({ view }: { view: OfficeView | undefined }) {
  const { t } = useTranslation('office');
  const { t: ts } = useTranslation('settings');
  const form = useOfficeForm(view);
  const { id, draft, set } = form;
  const [asking, setAsking] = useState(false);
  // the machine-wide policy: locked connection fields are shown, not edited (the display name and password stay the user's)
  const locked = view?.managed === 'locked';
  return (
    <form className="stack" onSubmit={form.submit} noValidate data-testid="office-form" aria-label={t('settings.heading')}>
      <div className="pb-columns">
        <OfficeTextField form={form} name="host" hint={t('settings.hostHint')} />
        <OfficeTextField form={form} name="port" />
        <OfficeTextField form={form} name="database" />
        <OfficeTextField form={form} name="user" />
      </div>
      <ManagedNote id={`${id}-managed`} managed={view?.managed ?? undefined} text={{ locked: ts('managed.locked'), default: ts('managed.default') }} />
      <Field id={`${id}-password`} label={t('settings.password')} hint={view?.hasPassword ? t('settings.passwordStored') : t('settings.passwordMissing')}>
        {(control) => <input {...control} type="password" value={draft.password} autoComplete="off" onChange={(e) => set('password', e.target.value)} />}
      </Field>
      <CheckboxField id={`${id}-tls`} label={t('settings.tls')} checked={draft.tls} disabled={locked} {...(view?.managed ? { describedBy: `${id}-managed` } : {})} onChange={(v) => set('tls', v)} />
      <TlsChoice form={form} />
      <Field
        id={`${id}-name`}
        label={t('settings.displayName')}
        hint={t('settings.displayNameHint', { name: view?.defaultDisplayName ?? '', computer: view?.computerName ?? '' })}
        error={form.fieldError('displayName')}
      >
        {(control) => <input {...control} value={draft.displayName} autoComplete="name" onChange={(e) => set('displayName', e.target.value)} />}
      </Field>
      <TestResultLine form={form} />
      <ErrorText error={form.topError} />
      <div className="row">
        <button type="button" className="btn" onClick={form.runTest} disabled={form.test.isPending}>
          {form.test.isPending ? t('settings.testing') : t('settings.test')}
        </button>
        <button type="submit" className="btn primary" disabled={form.save.isPending}>
          {form.save.isPending ? t('settings.saving') : t('settings.save')}
        </button>
        {view?.configured && !locked && !asking ? (
          <button type="button" className="btn" onClick={() => setAsking(true)}>
            {t('settings.remove')}
          </button>
        ) : null}
      </div>
      {asking ? <RemoveQuestion form={form} onClose={() => setAsking(false)} /> : null}
    </form>
  );
}
