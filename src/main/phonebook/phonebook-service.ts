import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Handlers } from '../ipc/dispatch';
import { UserError } from '../errors';
import type { Logger } from '../log';
import { MAX_CSV_BYTES, type CsvImportOptions, type CsvImportResult, type RecentNumber } from '../../shared/phonebook/types';
import { contactsToCsv, decodeCsv, parseCsvRows, planImport, previewCsv } from './csv';
import { openHistoryReader, queryRecentNumbers } from './recent-numbers';
import { openPhonebookStore, type PhonebookStore } from './store';

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
  | 'exportCsvText'
  | 'recentNumbers'
>;

export interface PhonebookServiceOptions {
  dataDir: string;
  log: Logger;
  /** the settings' default country, read at each call */
  defaultCountry: () => string;
  /** the task history's SQLite file, opened read-only for recent numbers */
  historyFile?: string;
  /** or an open history database (tests) */
  historyDb?: () => Database.Database | null;
  /** the profile in use (demo or an account): recent numbers are its own */
  profile?: () => string;
}

export interface PhonebookService {
  store: PhonebookStore;
  handlers: PhonebookHandlers;
  /** imports CSV text already in memory (the file channel reads the file, then calls this) */
  importCsvText(text: string, options: CsvImportOptions): CsvImportResult;
  close(): void;
}

export const PHONEBOOK_FILE = 'phonebook.sqlite';

function requireAbsolute(p: string): string {
  if (!path.isAbsolute(p)) throw new UserError('phonebook.bad_path', 'Choose the file again: FaxDesk needs its full location.');
  return path.normalize(p);
}

/** Reads a CSV file the user chose, refusing what cannot be a phonebook before reading it. */
function readCsvFile(p: string): ReturnType<typeof decodeCsv> {
  const file = requireAbsolute(p);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new UserError('phonebook.file_not_found', `FaxDesk cannot find "${path.basename(file)}". It may have been moved or deleted.`);
  }
  if (!stat.isFile()) throw new UserError('phonebook.not_a_file', `"${path.basename(file)}" is not a file.`);
  if (stat.size > MAX_CSV_BYTES) {
    throw new UserError(
      'phonebook.file_too_large',
      `"${path.basename(file)}" is ${(stat.size / 1024 / 1024).toFixed(1)} MB; a phonebook file can be at most ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
    );
  }
  try {
    return decodeCsv(fs.readFileSync(file));
  } catch {
    throw new UserError('phonebook.unreadable', `FaxDesk could not read "${path.basename(file)}". Check that it is not open in another program.`);
  }
}

/** Replaces the file in one step, so a crash never leaves half a CSV where the user's file was. */
function writeAtomically(file: string, text: string): void {
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) throw new UserError('phonebook.bad_path', 'The folder for the export does not exist; choose another place.');
  const tmp = path.join(dir, `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(tmp, text, { encoding: 'utf8', flush: true });
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    if (e instanceof UserError) throw e;
    throw new UserError('phonebook.write_failed', `FaxDesk could not write "${path.basename(file)}". Choose a folder you can save to.`);
  }
}

export function createPhonebookService(options: PhonebookServiceOptions): PhonebookService {
  const store = openPhonebookStore(path.join(options.dataDir, PHONEBOOK_FILE));
  if (store.movedAside) options.log.warn(`phonebook file was unreadable and moved to ${store.movedAside}`);

  function importCsvText(text: string, importOptions: CsvImportOptions): CsvImportResult {
    const rows = parseCsvRows(text);
    const plan = planImport(rows, importOptions, store.numberIndex(), options.defaultCountry());
    store.applyImport(plan.add, plan.nameFills);
    return plan.result;
  }

  const historyReader = options.historyFile ? openHistoryReader(options.historyFile, options.log) : null;

  function recentNumbers(limit: number): RecentNumber[] {
    const db = options.historyDb?.() ?? historyReader?.db() ?? null;
    if (!db) return [];
    const uses = queryRecentNumbers(db, limit, options.profile?.() ?? null);
    const names = store.namesFor(uses.map((u) => u.number));
    return uses.map((u) => ({ ...u, contactName: names.get(u.number) ?? null }));
  }

  const handlers: PhonebookHandlers = {
    listContacts: ({ search, limit }) => store.listContacts(search, limit),
    saveContact: ({ defaultCountry, ...fields }) => store.saveContact(fields, defaultCountry ?? options.defaultCountry()),
    deleteContact: ({ id }) => ({ deleted: store.deleteContact(id) }),
    listGroups: () => store.listGroups(),
    saveGroup: (fields) => store.saveGroup(fields),
    deleteGroup: ({ id }) => ({ deleted: store.deleteGroup(id) }),
    previewCsvImport: ({ path: p, hasHeader }) => {
      const { text, encoding } = readCsvFile(p);
      return previewCsv(text, encoding, hasHeader);
    },
    importCsv: ({ path: p, ...importOptions }) => importCsvText(readCsvFile(p).text, importOptions),
    exportCsv: ({ path: p }) => {
      const file = requireAbsolute(p);
      const contacts = store.allContacts();
      writeAtomically(file, contactsToCsv(contacts));
      return { path: file, count: contacts.length };
    },
    exportCsvText: () => {
      const contacts = store.allContacts();
      return { text: contactsToCsv(contacts), count: contacts.length };
    },
    recentNumbers: ({ limit }) => recentNumbers(limit),
  };

  return {
    store,
    handlers,
    importCsvText,
    close: () => {
      historyReader?.close();
      store.close();
    },
  };
}
