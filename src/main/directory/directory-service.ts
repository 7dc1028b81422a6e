/**
 * The company directories (LDAP): their settings, "Test", searches by name or number, and the names they
 * give the numbers a fax goes to. The parts share one DirectoryState (directory-state.ts): the settings
 * are directory-settings.ts, the searches directory-lookup.ts.
 */
import type { DirectorySearchResult, DirectoryTestResult, DirectoryView, RecipientName } from '../../shared/directory/types';
import { heldBytes, recipientNames, search } from './directory-lookup';
import { removeDirectory, saveDirectory, testDirectory, view } from './directory-settings';
import { createDirectoryState, type DirectoryRequest, type DirectoryServiceOptions } from './directory-state';

export { DIRECTORY_PROBES_PER_MINUTE, MAX_INDEX_BYTES, type DirectoryRequest, type DirectoryServiceOptions } from './directory-state';

export interface DirectoryService {
  list(): Promise<DirectoryView[]>;
  /** adds or changes a directory (its bind password goes to the keychain) */
  save(input: DirectoryRequest): Promise<DirectoryView>;
  remove(id: string): Promise<boolean>;
  /** connects and reads a few entries, without saving */
  test(input: DirectoryRequest): Promise<DirectoryTestResult>;
  /** a search replaces the one still running under the same requestId */
  search(directoryId: string, query: string, requestId: string): Promise<DirectorySearchResult>;
  cancelSearch(requestId: string): boolean;
  /** probes refused so far (the reliability figures) */
  probesRefused(): number;
  /** what the session caches hold, estimated as JSON (the number indexes and the kept answers) */
  heldBytes(): number;
  /** names for numbers: the phonebook's first, then those the directories returned this session */
  recipientNames(numbers: string[]): RecipientName[];
  close(): void;
}

export function createDirectoryService(options: DirectoryServiceOptions): DirectoryService {
  const s = createDirectoryState(options);
  return {
    list: async () => Promise.all(s.config.list().map((d) => view(s, d))),
    save: (input) => saveDirectory(s, input),
    remove: (id) => removeDirectory(s, id),
    test: (input) => testDirectory(s, input),
    search: (directoryId, query, requestId) => search(s, directoryId, query, requestId),
    probesRefused: () => s.probes.refused,
    heldBytes: () => heldBytes(s),
    cancelSearch: (requestId) => {
      const controller = s.running.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
    recipientNames: (numbers) => recipientNames(s, numbers),
    close() {
      for (const c of s.running.values()) c.abort();
      s.running.clear();
    },
  };
}
