import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '@shared/ipc/channels/account';
import { call } from '@renderer/lib/api';
import { accountStatusWord, formatYuan, accountKeys } from '../../account';
import { describeError } from '@renderer/lib/describe-error';

/** What Test connection and Connect answered: the account found, or what went wrong and what to do. */
export type Outcome = { kind: 'ok'; text: string } | { kind: 'error'; text: string } | null;

/** The address, key and (typed) secret the form would connect with. */
export interface Candidate {
  baseUrl: string;
  apiKey: string;
  secret?: string;
}

/** The connection form's four actions: test, connect, forget the stored secret, go back to the demo. */
export function useConnectionActions(candidate: () => Candidate, on: { outcome(o: Outcome): void; connected(): void; demo(): void }) {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('account');
  const client = useQueryClient();
  const describe = (a: AccountView) => t('connection.testOk', { name: a.name, balance: formatYuan(a.balance), status: accountStatusWord(ta, a.status) });
  const fail = (e: unknown) => on.outcome({ kind: 'error', text: describeError(e, 'account') });

  // A new attempt clears the previous outcome, so an old error never sits beside "Testing…".
  const test = useMutation({
    onMutate: () => on.outcome(null),
    mutationFn: () => call('testConnection', candidate()),
    onSuccess: (a) => on.outcome({ kind: 'ok', text: describe(a) }),
    onError: fail,
  });
  const connect = useMutation({
    onMutate: () => on.outcome(null),
    mutationFn: () => call('connectAccount', candidate()),
    onSuccess: async (a) => {
      on.connected();
      on.outcome({ kind: 'ok', text: `${t('connection.connected')} ${describe(a)}` });
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
      on.demo();
      on.outcome(null);
      await client.invalidateQueries({ queryKey: accountKeys.account });
    },
    onError: fail,
  });
  return { test, connect, clearSecret, useDemo };
}
