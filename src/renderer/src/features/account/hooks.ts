import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch } from '@shared/settings';
import { ACCOUNT_REFRESH_MS } from '@shared/task-state';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { readAgain, setPushed } from '../../lib/pushed';

export const accountKeys = {
  connection: ['connection'] as const,
  account: ['account'] as const,
  settings: ['settings'] as const,
};

/**
 * Main's account events, written into the query cache once, by the shell. (Registered per component,
 * one connection change invalidated the account once per listener: 8 identical account queries
 * followed a Save and connect.)
 */
export function useAccountEvents() {
  const client = useQueryClient();
  useEffect(() => {
    const offConnection = api().on('connectionChanged', (status) => {
      setPushed(client, accountKeys.connection, status);
      void readAgain(client, { queryKey: accountKeys.account });
    });
    // Not setPushed: main pushes the account only after its own reads (a charge, a task end), and the
    // window reads it too; an answer on its way may be the fresher of the two, so neither cancels the other.
    const offAccount = api().on('accountChanged', (account) => client.setQueryData(accountKeys.account, account));
    return () => {
      offConnection();
      offAccount();
    };
  }, [client]);
}

/** The connection status (main's events keep it current: useAccountEvents). */
export function useConnection() {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: accountKeys.connection, queryFn: () => call('getConnection'), enabled });
}

/** Whom FaxDesk talks to now: the built-in simulator ('demo') or an account; undefined until known. */
export function useConnectionMode() {
  return useConnection().data?.mode;
}

/** The account, refreshed on focus and every few minutes while shown, and pushed by main after each charge. */
export function useAccount() {
  const enabled = useAfterFirstPaint();
  return useQuery({
    enabled,
    queryKey: accountKeys.account,
    queryFn: () => call('getAccount'),
    refetchInterval: ACCOUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * Spent in the last 30 days and this month, from this computer's history (the service has no such query).
 * Keyed under 'tasks', so main's task events (a poll that saw a charge) refresh it with the list of charges.
 */
export function useSpending() {
  return useQuery({ queryKey: ['tasks', 'spending'], queryFn: () => call('spending'), staleTime: 10_000 });
}

/** This month's charges per task, the first `limit` (the Account screen's list); refreshed by main's task events, as the spending. */
export function useMonthCharges(limit: number) {
  return useQuery({ queryKey: ['tasks', 'charges', limit], queryFn: () => call('monthCharges', { limit }), placeholderData: keepPreviousData });
}

/** The machine-wide policy (read once by main at start): which settings IT manages, and the account it names. */
export function usePolicy() {
  return useQuery({ queryKey: ['policy'], queryFn: () => call('getPolicy'), staleTime: Infinity });
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
