import { useTranslation } from 'react-i18next';
import type { ConnectionFormState } from './use-connection-form';

/** Test connection, Connect, and (when they apply) Clear the stored secret and Use the demo. */
export function ConnectionActions({ form }: { form: ConnectionFormState }) {
  const { t } = useTranslation('settings');
  const { status, actions, busy, canSubmit } = form;
  return (
    <div className="actions">
      <button type="button" className="btn" disabled={!canSubmit || busy} onClick={() => actions.test.mutate()}>
        {actions.test.isPending ? t('connection.testing') : t('connection.test')}
      </button>
      <button type="submit" className="btn primary" disabled={!canSubmit || busy}>
        {actions.connect.isPending ? t('connection.connecting') : t('connection.connect')}
      </button>
      {status?.secretSet ? (
        <button type="button" className="btn" onClick={() => actions.clearSecret.mutate()}>
          {t('connection.clearSecret')}
        </button>
      ) : null}
      {status?.mode === 'account' && form.managedService?.locked !== true ? (
        <button type="button" className="btn" onClick={() => actions.useDemo.mutate()}>
          {t('connection.useDemo')}
        </button>
      ) : null}
    </div>
  );
}
