import type { Handlers } from '../dispatch';
import type { FileGrants } from '../../files/grants';
import type { PhonebookService } from '../../phonebook/phonebook-service';

export type PhonebookHandlers = Pick<
  Handlers,
  | 'listContacts'
  | 'saveContact'
  | 'deleteContact'
  | 'listGroups'
  | 'saveGroup'
  | 'deleteGroup'
  | 'previewCsvImport'
  | 'importCsv'
  | 'exportCsv'
  | 'recentNumbers'
  | 'previewVcardImport'
  | 'importVcard'
  | 'exportVcard'
>;

/** The phonebook's channels. Imported files arrive as handles, resolved here to the paths the user granted. */
export function phonebookHandlers(phonebook: PhonebookService, grants: FileGrants): PhonebookHandlers {
  const input = (handle: string) => grants.pathOf(handle, 'input');
  return {
    listContacts: ({ search, limit }) => phonebook.listContacts(search, limit),
    saveContact: ({ defaultCountry, ...fields }) => phonebook.saveContact(fields, defaultCountry),
    deleteContact: ({ id }) => ({ deleted: phonebook.deleteContact(id) }),
    listGroups: () => phonebook.listGroups(),
    saveGroup: (fields) => phonebook.saveGroup(fields),
    deleteGroup: ({ id }) => ({ deleted: phonebook.deleteGroup(id) }),
    previewCsvImport: ({ handle, hasHeader }) => phonebook.previewCsv(input(handle), hasHeader),
    importCsv: ({ handle, ...importOptions }) => phonebook.importCsv(input(handle), importOptions),
    exportCsv: () => phonebook.exportCsv(),
    recentNumbers: ({ limit }) => phonebook.recentNumbers(limit),
    previewVcardImport: ({ handle, defaultCountry }) => phonebook.previewVcard(input(handle), defaultCountry),
    importVcard: ({ handle, defaultCountry }) => phonebook.importVcard(input(handle), defaultCountry),
    exportVcard: () => phonebook.exportVcard(),
  };
}
