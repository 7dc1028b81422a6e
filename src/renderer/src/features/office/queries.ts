import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficeInput } from '../../../../shared/office/types';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { setPushed } from '../../lib/pushed';

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
