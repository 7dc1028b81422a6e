import { z } from 'zod';
import { channel } from '../define';
import type { SavedFile } from './files';
import {
  contactInputSchema,
  csvImportInputSchema,
  csvPreviewInputSchema,
  groupInputSchema,
  idInputSchema,
  listContactsSchema,
  recentNumbersInputSchema,
  type Contact,
  type ContactList,
  type CsvImportResult,
  type CsvPreview,
  type Group,
  type RecentNumber,
} from '../../phonebook/types';
import { vcardImportInputSchema, type VcardImportResult, type VcardPreview } from '../../phonebook/vcard-types';

/**
 * The local phonebook. Files cross as handles only: the CSV to import comes
 * from main's open dialog (chooseFiles), the export goes where main's save
 * dialog says; main reads and writes them.
 */
export const phonebookChannels = {
  listContacts: channel<ContactList>()(listContactsSchema),
  saveContact: channel<Contact>()(contactInputSchema),
  deleteContact: channel<{ deleted: boolean }>()(idInputSchema),
  listGroups: channel<Group[]>()(z.undefined()),
  saveGroup: channel<Group>()(groupInputSchema),
  deleteGroup: channel<{ deleted: boolean }>()(idInputSchema),
  previewCsvImport: channel<CsvPreview>()(csvPreviewInputSchema),
  importCsv: channel<CsvImportResult>()(csvImportInputSchema),
  /** writes the phonebook where the user says in main's save dialog; saved: null when they cancelled */
  exportCsv: channel<{ saved: SavedFile | null; count: number }>()(z.undefined()),
  /** the latest distinct numbers sent to, newest first, from the local history */
  recentNumbers: channel<RecentNumber[]>()(recentNumbersInputSchema),
  /** what importing a vCard file would do: per-card reasons, merges, groups from CATEGORIES */
  previewVcardImport: channel<VcardPreview>()(vcardImportInputSchema),
  importVcard: channel<VcardImportResult>()(vcardImportInputSchema),
  /** the phonebook as vCard 3.0, where the user says in main's save dialog; saved: null when they cancelled */
  exportVcard: channel<{ saved: SavedFile | null; count: number }>()(z.undefined()),
};
