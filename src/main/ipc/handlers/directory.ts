import type { Handlers } from '../dispatch';
import type { DirectoryService } from '../../directory/directory-service';

export type DirectoryHandlers = Pick<
  Handlers,
  'listDirectories' | 'saveDirectory' | 'deleteDirectory' | 'testDirectory' | 'searchDirectory' | 'cancelDirectorySearch' | 'recipientNames'
>;

/** Directory phonebooks (LDAP), read-only: settings, search and the names shown for numbers. */
export function directoryHandlers(directories: DirectoryService): DirectoryHandlers {
  return {
    listDirectories: () => directories.list(),
    saveDirectory: (input) => directories.save(input),
    deleteDirectory: async ({ id }) => ({ deleted: await directories.remove(id) }),
    testDirectory: (input) => directories.test(input),
    searchDirectory: ({ directoryId, query, requestId }) => directories.search(directoryId, query, requestId),
    cancelDirectorySearch: ({ requestId }) => ({ canceled: directories.cancelSearch(requestId) }),
    recipientNames: ({ numbers }) => directories.recipientNames(numbers),
  };
}
