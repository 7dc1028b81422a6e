import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { credentialOrigin } from '@shared/credential-key';
import type { PolicyView } from '@shared/ipc/channels/app';
import { call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';
import { Field } from '../../components/field';
import { SecretInput } from '../../components/secret-input';
import { accountKeys } from './hooks';

/**
 * First run on a managed desk: the administrator's policy names the account, so
 * the only thing asked is its secret — one screen, one field. Connecting tests
 * the secret against the service before it is stored in the keychain.
 */
export function ManagedFirstRun({ service }: { service: NonNullable<PolicyView['service']> }) {
  const { t } = useTranslation('account');
  const id = useId();
  const client = useQueryClient();
  const [secret, setSecret] = useState('');
  const connect = useMutation({
    mutationFn: () => call('connectAccount', { baseUrl: service.baseUrl, apiKey: service.apiKey, secret }),
    onSuccess: async (account) => {
      setSecret('');
      client.setQueryData(accountKeys.account, account);
      await client.invalidateQueries({ queryKey: accountKeys.connection });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (secret.trim()) connect.mutate();
  };
  return (
    <section className="screen" aria-labelledby={`${id}-h`} data-testid="managed-first-run">
      <h1 id={`${id}-h`}>{t('managedFirstRun.title')}</h1>
      <form className="panel" onSubmit={submit} noValidate>
        <p>{t('managedFirstRun.intro', { origin: credentialOrigin(service.baseUrl) ?? service.baseUrl, apiKey: service.apiKey })}</p>
        <Field id={`${id}-secret`} label={t('managedFirstRun.secret')} hint={t('managedFirstRun.hint')} error={connect.isError ? describeError(connect.error, 'account') : null}>
          {(control) => <SecretInput control={control} value={secret} onChange={setSecret} required autoFocus />}
        </Field>
        <div className="actions">
          <button type="submit" className="btn primary" disabled={!secret.trim() || connect.isPending}>
            {connect.isPending ? t('managedFirstRun.connecting') : t('managedFirstRun.connect')}
          </button>
        </div>
      </form>
    </section>
  );
}
