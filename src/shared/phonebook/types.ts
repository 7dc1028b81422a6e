import { z } from 'zod';
import type { PhoneReason } from '../phone/parse';
import { fileHandleSchema } from '../file-handle';

/** A saved fax destination. `fax` is in the spec's format: country code and number, digits only. */
export interface Contact {
  id: string;
  /** may be empty when imported from a file without a name column */
  name: string;
  fax: string;
  company: string | null;
  note: string | null;
  /** the groups this contact belongs to */
  groupIds: string[];
  /** ms since epoch */
  updatedAt: number;
}

export interface Group {
  id: string;
  name: string;
  /** contact ids, in name order */
  members: string[];
  /** the members' fax numbers, in the same order: what picking the group adds */
  numbers: string[];
}

export interface ContactList {
  contacts: Contact[];
  /** how many contacts match the search; more than `contacts.length` when the list was cut at `limit` */
  total: number;
}

export interface RecentNumber {
  number: string;
  /** when it was last sent to (ms since epoch) */
  lastUsedAt: number;
  /** the phonebook name of this number, if it is saved */
  contactName: string | null;
}

export const MAX_NAME = 200;
export const MAX_TEXT = 1000;
/** Phonebook CSV files larger than this are refused before reading (50,000 rows are about 3 MB). */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;
export const MAX_CSV_ROWS = 50_000;
/** How many skipped rows an import reports one by one; the rest are only counted. */
export const MAX_REPORTED_SKIPS = 500;

const idSchema = z.string().min(1).max(64);
const optionalText = z
  .string()
  .trim()
  .max(MAX_TEXT)
  .nullish()
  .transform((v) => (v ? v : null));
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as CN');
const columnIndex = z.number().int().min(0).max(999);

export const contactInputSchema = z
  .object({
    /** omitted: a new contact */
    id: idSchema.optional(),
    name: z.string().trim().max(MAX_NAME),
    /** as typed; main normalizes it */
    fax: z.string().max(250),
    company: optionalText,
    note: optionalText,
    /** the contact's groups; omitted: unchanged (new contacts: none) */
    groupIds: z.array(idSchema).max(1000).optional(),
    /** for national numbers; default: the settings' default country */
    defaultCountry: countryCode.optional(),
  })
  .strict();
export type ContactInput = z.input<typeof contactInputSchema>;

export const groupInputSchema = z
  .object({
    id: idSchema.optional(),
    name: z.string().trim().min(1, 'Enter a group name').max(MAX_NAME),
    /** contact ids; unknown ids are ignored */
    members: z.array(idSchema).max(MAX_CSV_ROWS),
  })
  .strict();
export type GroupInput = z.input<typeof groupInputSchema>;

export const listContactsSchema = z
  .object({
    search: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(5000).optional(),
  })
  .strict();

export const idInputSchema = z.object({ id: idSchema }).strict();

export const csvPreviewInputSchema = z
  .object({
    /** the file chosen in main's open dialog */
    handle: fileHandleSchema,
    /** omitted: guessed from the first row */
    hasHeader: z.boolean().optional(),
  })
  .strict();

export const csvImportInputSchema = z
  .object({
    handle: fileHandleSchema,
    hasHeader: z.boolean(),
    numberColumn: columnIndex,
    nameColumn: columnIndex.optional(),
    companyColumn: columnIndex.optional(),
    noteColumn: columnIndex.optional(),
    defaultCountry: countryCode.optional(),
  })
  .strict();
export type CsvImportInput = z.input<typeof csvImportInputSchema>;
export type CsvImportOptions = Omit<z.output<typeof csvImportInputSchema>, 'handle'>;


export const recentNumbersInputSchema = z.object({ limit: z.number().int().min(1).max(200) }).strict();

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export interface CsvPreview {
  /** one per column: the header text, or null when the file has no header row (the UI says "Column N") */
  columns: (string | null)[];
  /** the first rows of data (after the header), each padded to `columns.length` */
  sampleRows: string[][];
  /** rows of data, header excluded */
  rowCount: number;
  hasHeader: boolean;
  encoding: CsvEncoding;
  /** FaxDesk's guess of which columns hold the number, name, company and note, for the column pickers */
  suggested: { numberColumn: number | null; nameColumn: number | null; companyColumn: number | null; noteColumn: number | null };
}

/** Why a row of a CSV file was not imported. */
export type SkipReason = PhoneReason | 'no_number_column';

export interface SkippedRow {
  /** 1-based line in the file as a spreadsheet numbers it (the header is row 1) */
  row: number;
  /** the cell that was read as the number */
  value: string;
  reason: SkipReason;
  /** an English sentence; the UI translates by `reason` */
  message: string;
}

export interface CsvImportResult {
  /** new contacts */
  added: number;
  /** rows whose number was already in the phonebook or earlier in the file: merged, not added twice */
  merged: number;
  /** every row that was not imported, up to MAX_REPORTED_SKIPS */
  skipped: SkippedRow[];
  /** all skipped rows, including those beyond the reported list */
  skippedCount: number;
}
