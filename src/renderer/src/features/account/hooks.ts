import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch } from '../../../../shared/settings';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';

export const accountKeys = {
  connection: ['connection'] as const,
  account: ['account'] as const,
  settings: ['settings'] as const,
};

/** Keeps the connection status current when main reports a change. */
export function useConnection() {
  const client = useQueryClient();
  useEffect(
    () =>
      api().on('connectionChanged', (status) => {
        client.setQueryData(accountKeys.connection, status);
        void client.invalidateQueries({ queryKey: accountKeys.account });
      }),
    [client],
  );
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: accountKeys.connection, queryFn: () => call('getConnection'), enabled });
}

/** The account, refreshed on focus and every few minutes, and pushed by main after each charge. */
export function useAccount() {
  const client = useQueryClient();
  useEffect(() => api().on('accountChanged', (account) => client.setQueryData(accountKeys.account, account)), [client]);
  const enabled = useAfterFirstPaint();
  return useQuery({
    enabled,
    queryKey: accountKeys.account,
    queryFn: () => call('getAccount'),
    refetchInterval: 3 * 60_000,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    retry: false,
  });
}

export function useSettings() {
  return useQuery({ queryKey: accountKeys.settings, queryFn: () => call('getSettings'), staleTime: Infinity });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => call('updateSettings', patch),
    onSuccess: (next) => client.setQueryData(accountKeys.settings, next),
  });
}
