import { z } from 'zod';
import { channel } from '../define';
import {
  contactInputSchema,
  csvExportInputSchema,
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
import { vcardExportInputSchema, vcardImportInputSchema, type VcardImportResult, type VcardPreview } from '../../phonebook/vcard-types';

/**
 * The local phonebook. Files cross as paths only (the renderer never sends
 * file bytes); main reads and writes them.
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
  /** writes the phonebook to a path chosen in a save dialog */
  exportCsv: channel<{ path: string; count: number }>()(csvExportInputSchema),
  /** the same CSV as text, for shells without a save dialog (the browser preview): the renderer downloads it */
  exportCsvText: channel<{ text: string; count: number }>()(z.undefined()),
  /** the latest distinct numbers sent to, newest first, from the local history */
  recentNumbers: channel<RecentNumber[]>()(recentNumbersInputSchema),
  /** what importing a vCard file would do: per-card reasons, merges, groups from CATEGORIES */
  previewVcardImport: channel<VcardPreview>()(vcardImportInputSchema),
  importVcard: channel<VcardImportResult>()(vcardImportInputSchema),
  /** the phonebook as vCard 3.0, to a path chosen in a save dialog */
  exportVcard: channel<{ path: string; count: number }>()(vcardExportInputSchema),
  exportVcardText: channel<{ text: string; count: number }>()(z.undefined()),
};
