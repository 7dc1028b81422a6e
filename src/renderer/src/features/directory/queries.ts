import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveDirectoryInput, TestDirectoryInput } from '@shared/directory/types';
import { call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';

export const directoryKeys = {
  all: ['directory'] as const,
  list: ['directory', 'list'] as const,
  search: (directoryId: string, query: string) => ['directory', 'search', directoryId, query] as const,
  names: (numbers: string[]) => ['directory', 'names', numbers] as const,
};

/** Directory searches start once this many characters are typed. */
export const MIN_QUERY = 2;
export const SEARCH_DEBOUNCE_MS = 300;

export function useDirectories() {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: directoryKeys.list, queryFn: () => call('listDirectories'), enabled });
}

let requestCounter = 0;

/**
 * One directory's matches for the (already debounced) query. Results stay
 * cached for the session; when the user types on, react-query aborts the
 * superseded query and main cancels its LDAP search.
 */
export function useDirectorySearch(directoryId: string, query: string) {
  return useQuery({
    queryKey: directoryKeys.search(directoryId, query),
    enabled: query.length >= MIN_QUERY,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      requestCounter += 1;
      const requestId = `s${requestCounter}`;
      const cancel = () => void call('cancelDirectorySearch', { requestId }).catch(() => {});
      signal.addEventListener('abort', cancel, { once: true });
      try {
        return await call('searchDirectory', { directoryId, query, requestId });
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
  });
}

/** Names for recipient numbers: saved contacts, then directory people seen this session. */
export function useRecipientNames(numbers: string[]): Map<string, { name: string; source: string }> {
  const unique = [...new Set(numbers)].sort();
  const names = useQuery({
    queryKey: directoryKeys.names(unique),
    enabled: unique.length > 0,
    queryFn: () => call('recipientNames', { numbers: unique.slice(0, 1000) }),
    placeholderData: (previous) => previous,
  });
  return new Map((names.data ?? []).map((n) => [n.number, { name: n.name, source: n.source }]));
}

function useInvalidating<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: directoryKeys.all }) });
}

export const useSaveDirectory = () => useInvalidating((input: SaveDirectoryInput) => call('saveDirectory', input));
export const useDeleteDirectory = () => useInvalidating((id: string) => call('deleteDirectory', { id }));
export const useTestDirectory = () => useMutation({ mutationFn: (input: TestDirectoryInput) => call('testDirectory', input) });
