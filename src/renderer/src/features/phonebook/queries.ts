import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactInput, CsvImportInput, GroupInput } from '@shared/phonebook/types';
import type { VcardImportInput } from '@shared/phonebook/vcard-types';
import { call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { useSettings } from '../account';

export const phonebookKeys = {
  all: ['phonebook'] as const,
  contacts: (search: string, limit: number) => ['phonebook', 'contacts', search, limit] as const,
  groups: ['phonebook', 'groups'] as const,
  recent: (limit: number) => ['phonebook', 'recent', limit] as const,
};

export const PICKER_LIMIT = 200;
export const RECENT_LIMIT = 10;

export function useContacts(search: string, limit = PICKER_LIMIT) {
  return useQuery({
    queryKey: phonebookKeys.contacts(search, limit),
    queryFn: () => call('listContacts', search ? { search, limit } : { limit }),
    enabled: useAfterFirstPaint(),
    placeholderData: (previous) => previous,
  });
}

export function useGroups() {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: phonebookKeys.groups, queryFn: () => call('listGroups'), enabled });
}

export function useRecentNumbers(limit = RECENT_LIMIT) {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: phonebookKeys.recent(limit), queryFn: () => call('recentNumbers', { limit }), enabled });
}

/** The default country, for checking numbers as they are typed (main checks again on save). */
export function useDefaultCountry(): string {
  // The one settings query (Settings writes into it), so a changed country applies at once.
  return useSettings().data?.defaultCountry ?? 'CN';
}

function useInvalidatingMutation<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: phonebookKeys.all }),
  });
}

export const useSaveContact = () => useInvalidatingMutation((input: ContactInput) => call('saveContact', input));
export const useDeleteContact = () => useInvalidatingMutation((id: string) => call('deleteContact', { id }));
export const useSaveGroup = () => useInvalidatingMutation((input: GroupInput) => call('saveGroup', input));
export const useDeleteGroup = () => useInvalidatingMutation((id: string) => call('deleteGroup', { id }));
export const useImportCsv = () => useInvalidatingMutation((input: CsvImportInput) => call('importCsv', input));
export const useImportVcard = () => useInvalidatingMutation((input: VcardImportInput) => call('importVcard', input));
