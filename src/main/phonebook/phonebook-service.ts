import path from 'node:path';
import { UserError } from '../errors';
import { MAX_CSV_BYTES, type CsvImportOptions, type CsvImportResult, type CsvPreview, type RecentNumber } from '../../shared/phonebook/types';
import type { VcardImportResult, VcardPreview } from '../../shared/phonebook/vcard-types';
import type { SavedFile } from '../../shared/files/types';
import { contactsToCsv, decodeCsv, parseCsvRows, planImport, previewCsv } from './csv';
import type { RecentUse } from '../history';
import { openPhonebookStore, type ContactFields, type PhonebookStore } from './store';
import type { Contact, ContactList, Group } from '../../shared/phonebook/types';
import type { FileDialogs } from '../files/dialogs';
import type { FileGrants } from '../files/grants';
import { saveWithDialog } from '../files/save-output';
import { readSmallFileSync, type SmallFileError } from '../files/small-file';
import { contactsToVcard, MAX_VCARDS, planVcardImport, previewOf } from './vcard';
import { readVcards } from './vcard-read';

export interface PhonebookServiceOptions {
  dataDir: string;
  /** the settings' default country, read at each call */
  defaultCountry: () => string;
  /** the numbers the task history says this desk faxed lately (the profile in use's own); none without a history */
  recentUses?: (limit: number) => RecentUse[];
  /** the files the user granted (CSV imports arrive as handles) */
  grants: FileGrants;
  /** main's save dialog, for the export */
  dialogs: FileDialogs;
}

/** What an export wrote (null: the user cancelled the save dialog) and how many contacts it holds. */
export interface PhonebookExport {
  saved: SavedFile | null;
  count: number;
}

export interface PhonebookService {
  /** the store itself, for the composition root (its start-up notice, names for the directory) */
  store: PhonebookStore;
  listContacts(search?: string, limit?: number): ContactList;
  deleteContact(id: string): boolean;
  listGroups(): Group[];
  saveGroup(fields: { id?: string | undefined; name: string; members: string[] }): Group;
  deleteGroup(id: string): boolean;
  /** `defaultCountry` for numbers typed without one: the settings' default unless given */
  saveContact(fields: ContactFields, defaultCountry?: string): Contact;
  /** the columns found in a CSV file the user chose (a granted path) */
  previewCsv(file: string, hasHeader?: boolean): CsvPreview;
  importCsv(file: string, options: CsvImportOptions): CsvImportResult;
  /** imports CSV text already in memory */
  importCsvText(text: string, options: CsvImportOptions): CsvImportResult;
  /** through main's save dialog */
  exportCsv(): Promise<PhonebookExport>;
  previewVcard(file: string, defaultCountry?: string): VcardPreview;
  importVcard(file: string, defaultCountry?: string): VcardImportResult;
  exportVcard(): Promise<PhonebookExport>;
  /** numbers this profile faxed lately, named from the phonebook */
  recentNumbers(limit: number): RecentNumber[];
  close(): void;
}

export const PHONEBOOK_FILE = 'phonebook.sqlite';

/**
 * Reads a CSV file the user chose (a granted path), refusing what cannot be a phonebook before reading
 * it: opened once and checked on that descriptor (a named pipe put in its place is refused, not waited
 * on by the main thread; a file grown past the limit is not read on).
 */
function readCsvFile(file: string): ReturnType<typeof decodeCsv> {
  const name = path.basename(file);
  let bytes: Buffer;
  try {
    bytes = readSmallFileSync(file, { maxBytes: MAX_CSV_BYTES, followLinks: true });
  } catch (e) {
    const { code, size } = e as SmallFileError;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserError('phonebook.file_not_found', `FaxDesk cannot find "${name}". It may have been moved or deleted.`);
    if (code === 'not_a_file' || code === 'EISDIR') throw new UserError('phonebook.not_a_file', `"${name}" is not a file.`);
    if (code === 'too_large') {
      throw new UserError(
        'phonebook.file_too_large',
        `"${name}" is ${(size / 1024 / 1024).toFixed(1)} MB; a phonebook file can be at most ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
      );
    }
    throw new UserError('phonebook.unreadable', `FaxDesk could not read "${name}". Check that it is not open in another program.`);
  }
  try {
    return decodeCsv(bytes);
  } catch {
    throw new UserError('phonebook.unreadable', `FaxDesk could not read "${name}". Check that it is not open in another program.`);
  }
}

export function createPhonebookService(options: PhonebookServiceOptions): PhonebookService {
  const store = openPhonebookStore(path.join(options.dataDir, PHONEBOOK_FILE));

  function importCsvText(text: string, importOptions: CsvImportOptions): CsvImportResult {
    const rows = parseCsvRows(text);
    const plan = planImport(rows, importOptions, store.numberIndex(), options.defaultCountry());
    store.applyImport(plan.add, plan.nameFills);
    return plan.result;
  }

  function vcardPlan(p: string, country: string | undefined) {
    const cards = readVcards(readCsvFile(p).text);
    if (cards.length > MAX_VCARDS) {
      throw new UserError('phonebook.vcard_too_many', `This file has more than ${MAX_VCARDS.toLocaleString('en-US')} cards; split it into smaller files.`);
    }
    return planVcardImport(cards, store.numberIndex(), country ?? options.defaultCountry());
  }

  function recentNumbers(limit: number): RecentNumber[] {
    const uses = options.recentUses?.(limit) ?? [];
    const names = store.namesFor(uses.map((u) => u.number));
    return uses.map((u) => ({ ...u, contactName: names.get(u.number) ?? null }));
  }

  return {
    store,
    saveContact: (fields, defaultCountry) => store.saveContact(fields, defaultCountry ?? options.defaultCountry()),
    previewCsv(file, hasHeader) {
      const { text, encoding } = readCsvFile(file);
      return previewCsv(text, encoding, hasHeader);
    },
    importCsv: (file, importOptions) => importCsvText(readCsvFile(file).text, importOptions),
    importCsvText,
    async exportCsv() {
      const contacts = store.allContacts();
      const saved = await saveWithDialog(options.dialogs, options.grants, {
        defaultName: 'faxdesk-phonebook.csv',
        filters: [{ name: 'CSV', extensions: ['csv'] }],
        content: () => contactsToCsv(contacts),
      });
      return { saved, count: contacts.length };
    },
    previewVcard: (file, defaultCountry) => previewOf(vcardPlan(file, defaultCountry)),
    importVcard(file, defaultCountry) {
      const plan = vcardPlan(file, defaultCountry);
      store.applyImport(plan.add, plan.nameFills, plan.memberships);
      return plan.result;
    },
    async exportVcard() {
      const contacts = store.allContacts();
      const saved = await saveWithDialog(options.dialogs, options.grants, {
        defaultName: 'faxdesk-phonebook.vcf',
        filters: [{ name: 'vCard', extensions: ['vcf'] }],
        content: () => contactsToVcard(contacts, store.listGroups()),
      });
      return { saved, count: contacts.length };
    },
    recentNumbers,
    listContacts: (search, limit) => store.listContacts(search, limit),
    deleteContact: (id) => store.deleteContact(id),
    listGroups: () => store.listGroups(),
    saveGroup: (fields) => store.saveGroup(fields),
    deleteGroup: (id) => store.deleteGroup(id),
    close: () => store.close(),
  };
}
