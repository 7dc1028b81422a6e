import { useTranslation } from 'react-i18next';
import { Field, ManagedNote } from '@renderer/components/field';
import type { ConnectionFormState } from './use-connection-form';

/** The service's address and API key (the administrator's when the policy manages them). */
export function ServiceFields({ id, form }: { id: string; form: ConnectionFormState }) {
  const { t } = useTranslation('settings');
  const { managedService } = form;
  const serviceLocked = managedService?.locked === true;
  const describedBy = managedService ? { describedBy: `${id}-service-managed` } : {};
  return (
    <>
      <Field id={`${id}-url`} label={t('connection.baseUrl')} hint={t('connection.baseUrlHint')} error={form.urlProblem} errorInHint {...describedBy}>
        {(control) => (
          <input {...control} type="url" value={form.baseUrl} placeholder="https://" autoComplete="off" disabled={serviceLocked} onChange={form.typed('baseUrl')} />
        )}
      </Field>
      <Field id={`${id}-key`} label={t('connection.apiKey')} {...describedBy}>
        {(control) => <input {...control} value={form.apiKey} autoComplete="off" spellCheck={false} disabled={serviceLocked} onChange={form.typed('apiKey')} />}
      </Field>
      <ManagedNote
        id={`${id}-service-managed`}
        managed={managedService ? (serviceLocked ? 'locked' : 'default') : undefined}
        text={{ locked: t('managed.locked'), default: t('managed.default') }}
      />
    </>
  );
}
