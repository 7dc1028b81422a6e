import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '@shared/ipc/channels/account';
import { baseUrlProblem } from '@shared/settings';
import { credentialKey, sameCredentialKey } from '@shared/credential-key';
import { call } from '../../lib/api';
import { accountStatusWord, formatYuan, accountKeys, useConnection, usePolicy } from '../account';
import { describeError } from '../../lib/describe-error';
import { Field, ManagedNote } from '../../components/field';

type Outcome = { kind: 'ok'; text: string } | { kind: 'error'; text: string } | null;
interface Credentials {
  baseUrl: string;
  apiKey: string;
}

export function ConnectionForm() {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('account');
  const client = useQueryClient();
  const connection = useConnection();
  const id = useId();
  const [secret, setSecret] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const status = connection.data;
  // An account the administrator locked: the address and key are theirs, only the secret is the user's.
  const managedService = usePolicy().data?.service ?? null;
  const serviceLocked = managedService?.locked === true;
  // Until the user types (or submits), the address and key shown are the connected account's, and
  // follow it; from then on they are the user's own.
  const [edits, setEdits] = useState<Credentials | null>(null);
  const stored: Credentials = status?.mode === 'account' ? { baseUrl: status.baseUrl, apiKey: status.apiKey } : { baseUrl: '', apiKey: '' };
  const { baseUrl, apiKey } = edits ?? stored;
  const touched = edits !== null;

  const urlProblem = baseUrl && touched ? baseUrlProblem(baseUrl) : null;
  const candidate = () => ({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), ...(secret ? { secret } : {}) });
  const describe = (a: AccountView) => t('connection.testOk', { name: a.name, balance: formatYuan(a.balance), status: accountStatusWord(ta, a.status) });
  const fail = (e: unknown) => {
    setOutcome({ kind: 'error', text: describeError(e, 'account') });
  };

  // A new attempt clears the previous outcome, so an old error never sits beside "Testing…".
  const test = useMutation({
    onMutate: () => setOutcome(null),
    mutationFn: () => call('testConnection', candidate()),
    onSuccess: (a) => setOutcome({ kind: 'ok', text: describe(a) }),
    onError: fail,
  });
  const connect = useMutation({
    onMutate: () => setOutcome(null),
    mutationFn: () => call('connectAccount', candidate()),
    onSuccess: async (a) => {
      setSecret('');
      setOutcome({ kind: 'ok', text: `${t('connection.connected')} ${describe(a)}` });
      await client.invalidateQueries({ queryKey: accountKeys.connection });
      client.setQueryData(accountKeys.account, a);
    },
    onError: fail,
  });
  const clearSecret = useMutation({
    mutationFn: () => call('clearSecret'),
    onSuccess: (s) => client.setQueryData(accountKeys.connection, s),
    onError: fail,
  });
  const useDemo = useMutation({
    mutationFn: () => call('useDemo'),
    onSuccess: async (s) => {
      client.setQueryData(accountKeys.connection, s);
      setEdits(null);
      setSecret('');
      setOutcome(null);
      await client.invalidateQueries({ queryKey: accountKeys.account });
    },
    onError: fail,
  });

  const busy = test.isPending || connect.isPending;
  const canSubmit = baseUrl.trim() !== '' && apiKey.trim() !== '' && !baseUrlProblem(baseUrl.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setEdits({ baseUrl, apiKey });
    if (canSubmit) connect.mutate();
  };
  /** The address or key as typed: from now on both are the user's, not the stored account's. */
  const typed = (field: keyof Credentials) => (e: ChangeEvent<HTMLInputElement>) => setEdits({ baseUrl, apiKey, [field]: e.target.value });
  // A stored secret belongs to the saved address and key: for any other, the user types it again.
  const savedKey = status?.mode === 'account' && status.secretSet ? credentialKey(status.baseUrl, status.apiKey) : null;
  const formKey = credentialKey(baseUrl, apiKey);
  const mustRetype = savedKey !== null && formKey !== null && !sameCredentialKey(savedKey, formKey);
  const secretHint = mustRetype
    ? t('connection.secretHintRetype', { origin: savedKey.origin })
    : status?.secretStorage === 'memory'
      ? t('connection.secretHintMemory')
      : status?.secretSet
        ? t('connection.secretHintSet')
        : t('connection.secretHintUnset');

  return (
    <form className="panel" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('connection.heading')}</h2>
      <p className="muted">{t('connection.intro')}</p>
      {status ? (
        <p>
          {status.mode === 'demo' ? t('connection.modeDemo') : t('connection.modeAccount', { baseUrl: status.baseUrl })}
        </p>
      ) : null}
      {status?.keychainWarning ? (
        <div className={status.secretStorage === 'encrypted' ? 'notice info' : 'notice warn'} role="status" data-testid="keychain-warning">
          {t(status.secretStorage === 'encrypted' ? 'connection.keychainEncrypted' : 'connection.keychainWarning')}
        </div>
      ) : null}
      <Field
        id={`${id}-url`}
        label={t('connection.baseUrl')}
        hint={t('connection.baseUrlHint')}
        error={urlProblem}
        errorInHint
        {...(managedService ? { describedBy: `${id}-service-managed` } : {})}
      >
        {(control) => (
          <input {...control} type="url" value={baseUrl} placeholder="https://" autoComplete="off" disabled={serviceLocked} onChange={typed('baseUrl')} />
        )}
      </Field>
      <Field id={`${id}-key`} label={t('connection.apiKey')} {...(managedService ? { describedBy: `${id}-service-managed` } : {})}>
        {(control) => <input {...control} value={apiKey} autoComplete="off" spellCheck={false} disabled={serviceLocked} onChange={typed('apiKey')} />}
      </Field>
      <ManagedNote
        id={`${id}-service-managed`}
        managed={managedService ? (serviceLocked ? 'locked' : 'default') : undefined}
        text={{ locked: t('managed.locked'), default: t('managed.default') }}
      />
      <Field id={`${id}-secret`} label={t('connection.secret')} hint={secretHint} warnHint={mustRetype && !secret}>
        {(control) => (
          <input
            {...control}
            type="password"
            value={secret}
            autoComplete="new-password"
            spellCheck={false}
            aria-required={mustRetype || !status?.secretSet ? true : undefined}
            onChange={(e) => setSecret(e.target.value)}
          />
        )}
      </Field>
      <div className="actions">
        <button type="button" className="btn" disabled={!canSubmit || busy} onClick={() => test.mutate()}>
          {test.isPending ? t('connection.testing') : t('connection.test')}
        </button>
        <button type="submit" className="btn primary" disabled={!canSubmit || busy}>
          {connect.isPending ? t('connection.connecting') : t('connection.connect')}
        </button>
        {status?.secretSet ? (
          <button type="button" className="btn" onClick={() => clearSecret.mutate()}>
            {t('connection.clearSecret')}
          </button>
        ) : null}
        {status?.mode === 'account' && !serviceLocked ? (
          <button type="button" className="btn" onClick={() => useDemo.mutate()}>
            {t('connection.useDemo')}
          </button>
        ) : null}
      </div>
      {outcome ? (
        <div className={outcome.kind === 'ok' ? 'notice info' : 'notice bad'} role={outcome.kind === 'ok' ? 'status' : 'alert'}>
          {outcome.text}
        </div>
      ) : null}
    </form>
  );
}
