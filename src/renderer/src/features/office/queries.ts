import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { delayUntilChange, officeFailuresChangeAtMs } from '@shared/office/failures-window';
import type { OfficeInput } from '@shared/office/types';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { readAgain, setPushed } from '../../lib/pushed';

export const officeKeys = { view: ['office', 'view'] as const };

/** The office outbox's settings and status; main pushes every change (officeChanged), so nothing polls. */
export function useOffice() {
  const client = useQueryClient();
  const enabled = useAfterFirstPaint();
  useEffect(() => api().on('officeChanged', (view) => setPushed(client, officeKeys.view, view)), [client]);
  return useQuery({ queryKey: officeKeys.view, queryFn: () => call('getOffice'), enabled });
}

export function useTestOffice() {
  return useMutation({ mutationFn: (input: OfficeInput) => call('testOffice', input) });
}

export function useSaveOffice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OfficeInput) => call('saveOffice', input),
    // not the answer itself: main's push that the connection is up may have come first, and is newer
    onSuccess: () => client.invalidateQueries({ queryKey: officeKeys.view }),
  });
}

export function useRemoveOffice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('removeOffice'),
    onSuccess: () => client.invalidateQueries({ queryKey: officeKeys.view }),
  });
}

export function useChooseCaFile() {
  return useMutation({ mutationFn: async () => (await call('chooseFiles', { purpose: 'certificate' })).files[0] ?? null });
}

/** The office database answers (online, or read-only under a newer FaxDesk's schema): the office-wide views apply. */
export function useOfficeOnline(): boolean {
  const state = useOffice().data?.status.state;
  return state === 'online' || state === 'read-only';
}

const officeFailuresKey = ['office', 'failures'] as const;

/**
 * Office-wide Failures (and the badge's count, their total) while the office database answers: read again
 * when a desk writes to the office's tasks (LISTEN/NOTIFY, pushed by main: a send, a resend, a fax that
 * ended), and once when the oldest counted failure leaves the window (time alone changes that); never on
 * a timer of its own.
 */
export function useOfficeFailures(days: number, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => api().on('officeTasksChanged', () => void readAgain(client, { queryKey: officeFailuresKey })), [client]);
  return useQuery({
    queryKey: [...officeFailuresKey, days],
    queryFn: () => call('listOfficeFailures', { days }),
    enabled,
    placeholderData: (previous) => previous,
    refetchInterval: (q) => delayUntilChange(officeFailuresChangeAtMs(q.state.data, days), Date.now()),
  });
}

const officeResendsKey = ['office', 'resends'] as const;

/** "Resent as … by …" under a fax: its resends by any desk, read again when a desk writes to the office's tasks. */
export function useOfficeResends(taskRef: string | null, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => api().on('officeTasksChanged', () => void readAgain(client, { queryKey: officeResendsKey })), [client]);
  return useQuery({
    queryKey: [...officeResendsKey, taskRef],
    queryFn: () => call('listOfficeResends', { taskRef: taskRef! }),
    enabled: enabled && taskRef !== null,
  });
}
