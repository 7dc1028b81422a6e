import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactInput, CsvImportInput, GroupInput } from '../../../../shared/phonebook/types';
import type { VcardImportInput } from '../../../../shared/phonebook/vcard-types';
import { call } from '../../lib/api';

export const phonebookKeys = {
  all: ['phonebook'] as const,
  contacts: (search: string, limit: number) => ['phonebook', 'contacts', search, limit] as const,
  groups: ['phonebook', 'groups'] as const,
  recent: (limit: number) => ['phonebook', 'recent', limit] as const,
  settings: ['phonebook', 'settings'] as const,
};

export const PICKER_LIMIT = 200;
export const RECENT_LIMIT = 10;

export function useContacts(search: string, limit = PICKER_LIMIT) {
  return useQuery({
    queryKey: phonebookKeys.contacts(search, limit),
    queryFn: () => call('listContacts', search ? { search, limit } : { limit }),
    placeholderData: (previous) => previous,
  });
}

export function useGroups() {
  return useQuery({ queryKey: phonebookKeys.groups, queryFn: () => call('listGroups') });
}

export function useRecentNumbers(limit = RECENT_LIMIT) {
  return useQuery({ queryKey: phonebookKeys.recent(limit), queryFn: () => call('recentNumbers', { limit }) });
}

/** The default country, for checking numbers as they are typed (main checks again on save). */
export function useDefaultCountry(): string {
  const settings = useQuery({ queryKey: phonebookKeys.settings, queryFn: () => call('getSettings'), staleTime: 60_000 });
  return settings.data?.defaultCountry ?? 'CN';
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
