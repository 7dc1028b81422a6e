import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { baseUrlProblem } from '@shared/settings';
import { credentialKey, sameCredentialKey } from '@shared/credential-key';
import { useConnection, usePolicy } from '../../account';
import { useConnectionActions, type Outcome } from './use-connection-actions';

interface Credentials {
  baseUrl: string;
  apiKey: string;
}

/** The connection form's state: the address and key (the account's until the user types), the secret, the outcome, and the actions. */
export function useConnectionForm() {
  const { t } = useTranslation('settings');
  const status = useConnection().data;
  const [secret, setSecret] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  // An account the administrator locked: the address and key are theirs, only the secret is the user's.
  const managedService = usePolicy().data?.service ?? null;
  // Until the user types (or submits), the address and key shown are the connected account's, and
  // follow it; from then on they are the user's own.
  const [edits, setEdits] = useState<Credentials | null>(null);
  const stored: Credentials = status?.mode === 'account' ? { baseUrl: status.baseUrl, apiKey: status.apiKey } : { baseUrl: '', apiKey: '' };
  const { baseUrl, apiKey } = edits ?? stored;
  const urlProblem = baseUrl && edits !== null ? baseUrlProblem(baseUrl) : null;
  const actions = useConnectionActions(() => ({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), ...(secret ? { secret } : {}) }), {
    outcome: setOutcome,
    connected: () => setSecret(''),
    demo: () => {
      setEdits(null);
      setSecret('');
    },
  });
  const canSubmit = baseUrl.trim() !== '' && apiKey.trim() !== '' && !baseUrlProblem(baseUrl.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setEdits({ baseUrl, apiKey });
    if (canSubmit) actions.connect.mutate();
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
  const busy = actions.test.isPending || actions.connect.isPending;
  return { status, managedService, baseUrl, apiKey, urlProblem, typed, secret, setSecret, secretHint, mustRetype, outcome, actions, busy, canSubmit, submit };
}

export type ConnectionFormState = ReturnType<typeof useConnectionForm>;
