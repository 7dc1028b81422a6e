import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@renderer/components/field';
import { SecretInput } from '@renderer/components/secret-input';
import { ErrorNotice } from '@renderer/components/error-notice';
import { ConnectionActions } from './connection-actions';
import { ServiceFields } from './service-fields';
import { useConnectionForm } from './use-connection-form';

/** Settings → Connection: the fax service's address, API key and secret; tested, connected, or the demo. */
export function ConnectionForm() {
  const { t } = useTranslation('settings');
  const id = useId();
  const form = useConnectionForm();
  const { status, secret, mustRetype, outcome } = form;
  return (
    <form className="panel" onSubmit={form.submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('connection.heading')}</h2>
      <p className="muted">{t('connection.intro')}</p>
      {status ? <p>{status.mode === 'demo' ? t('connection.modeDemo') : t('connection.modeAccount', { baseUrl: status.baseUrl })}</p> : null}
      {status?.keychainWarning ? (
        <div className={status.secretStorage === 'encrypted' ? 'notice info' : 'notice warn'} role="status" data-testid="keychain-warning">
          {t(status.secretStorage === 'encrypted' ? 'connection.keychainEncrypted' : 'connection.keychainWarning')}
        </div>
      ) : null}
      <ServiceFields id={id} form={form} />
      <Field id={`${id}-secret`} label={t('connection.secret')} hint={form.secretHint} warnHint={mustRetype && !secret}>
        {(control) => <SecretInput control={control} value={secret} onChange={form.setSecret} required={mustRetype || !status?.secretSet ? true : undefined} />}
      </Field>
      <ConnectionActions form={form} />
      {outcome?.kind === 'ok' ? (
        <div className="notice info" role="status">
          {outcome.text}
        </div>
      ) : outcome ? (
        <ErrorNotice as="div">{outcome.text}</ErrorNotice>
      ) : null}
    </form>
  );
}
