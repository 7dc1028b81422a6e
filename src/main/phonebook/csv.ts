import Papa from 'papaparse';
import { escapeCsvCell, unescapeCsvCell } from '../storage/csv-cell';
import { normalizeNumber } from '../../shared/phone/parse';
import { displayFax } from '../../shared/phonebook/format';
import {
  MAX_CSV_ROWS,
  MAX_NAME,
  MAX_REPORTED_SKIPS,
  MAX_TEXT,
  type Contact,
  type CsvEncoding,
  type CsvImportOptions,
  type CsvImportResult,
  type CsvPreview,
  type SkippedRow,
} from '../../shared/phonebook/types';
import { UserError } from '../errors';
import { ImportMerge } from './import-merge';
import type { NewContact } from './store';

const SAMPLE_ROWS = 5;
/** How many rows the column guesses look at. */
const GUESS_ROWS = 50;

/**
 * Reads the bytes of a CSV file as text. Byte-order marks decide where
 * present; otherwise strict UTF-8, and GB18030 (a superset of GBK, what Excel
 * on Chinese Windows saves) when the bytes are not UTF-8.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

/** All records of the text; the delimiter (comma, semicolon, tab, pipe) is detected. */
export function parseCsvRows(text: string): string[][] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  if (body.trim().length === 0) return [];
  // papaparse guesses the delimiter from field counts, which blank lines would
  // skew; guess on the non-blank lines, then keep blank lines so row numbers
  // match what a spreadsheet shows.
  const guess = Papa.parse<string[]>(body, { preview: 20, skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false, delimiter: guess.meta.delimiter || ',' });
  const rows = parsed.data.filter((r): r is string[] => Array.isArray(r)).map((r) => r.map((c) => String(c ?? '')));
  // papaparse reports a trailing newline as one empty record.
  while (rows.length > 0 && isBlank(rows[rows.length - 1] ?? [])) rows.pop();
  if (rows.length > MAX_CSV_ROWS + 1) {
    throw new UserError(
      'phonebook.csv_too_many_rows',
      `This file has more than ${MAX_CSV_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
    );
  }
  return rows;
}

function isBlank(row: string[]): boolean {
  return row.every((c) => c.trim() === '');
}

const NUMBER_HEADER = /fax|传真|phone|tel|number|mobile|号码|电话|手机|nummer|numéro|número/i;
const NAME_HEADER = /name|姓名|名称|名字|联系人|contact|收件人|recipient/i;
const COMPANY_HEADER = /compan|organi[sz]ation|^org$|firm|employer|公司|单位|机构|企业|société|empresa/i;
const NOTE_HEADER = /note|comment|remark|memo|备注|说明|注释|附注|bemerkung|remarque/i;

function looksLikeNumber(cell: string): boolean {
  const digits = cell.replace(/\D/g, '').length;
  return digits >= 7 && /^[\d\s+\-().'/]+$/.test(cell.trim());
}

function guessHasHeader(rows: string[][]): boolean {
  const first = rows[0];
  if (!first) return false;
  if (first.some(looksLikeNumber)) return false;
  if (first.some((c) => NUMBER_HEADER.test(c) || NAME_HEADER.test(c))) return true;
  return rows.slice(1, GUESS_ROWS).some((r) => r.some(looksLikeNumber));
}

function guessColumns(header: string[] | null, data: string[][], width: number): CsvPreview['suggested'] {
  const sample = data.slice(0, GUESS_ROWS);
  let numberColumn: number | null = null;
  let best = 0;
  for (let c = 0; c < width; c += 1) {
    const hits = sample.filter((r) => looksLikeNumber(r[c] ?? '')).length;
    const bonus = header && NUMBER_HEADER.test(header[c] ?? '') ? 0.5 : 0;
    if (hits + bonus > best) {
      best = hits + bonus;
      numberColumn = c;
    }
  }
  let nameColumn: number | null = null;
  if (header) {
    const named = header.findIndex((h, c) => c !== numberColumn && NAME_HEADER.test(h));
    if (named >= 0) nameColumn = named;
  }
  if (nameColumn === null) {
    for (let c = 0; c < width; c += 1) {
      if (c === numberColumn) continue;
      const texty = sample.filter((r) => /\p{L}/u.test(r[c] ?? '')).length;
      if (texty > 0 && texty >= sample.length / 2) {
        nameColumn = c;
        break;
      }
    }
  }
  // Company and note only by their header (FaxDesk's own export, Outlook, 公司/备注): content cannot tell them apart.
  const byHeader = (pattern: RegExp): number | null => {
    if (!header) return null;
    const i = header.findIndex((h, c) => c !== numberColumn && c !== nameColumn && pattern.test(h));
    return i >= 0 ? i : null;
  };
  const companyColumn = byHeader(COMPANY_HEADER);
  const noteColumn = byHeader(NOTE_HEADER);
  return { numberColumn, nameColumn, companyColumn: companyColumn === noteColumn ? null : companyColumn, noteColumn };
}

/** What the import dialog shows before anything is imported. */
export function previewCsv(text: string, encoding: CsvEncoding, hasHeader?: boolean): CsvPreview {
  const rows = parseCsvRows(text);
  const header = hasHeader ?? guessHasHeader(rows);
  const data = (header ? rows.slice(1) : rows).filter((r) => !isBlank(r));
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const headerRow = header ? (rows[0] ?? []) : null;
  const columns = Array.from({ length: width }, (_, c) => (headerRow ? (headerRow[c] ?? '').trim() || null : null));
  const pad = (r: string[]) => Array.from({ length: width }, (_, c) => r[c] ?? '');
  return {
    columns,
    sampleRows: data.slice(0, SAMPLE_ROWS).map(pad),
    rowCount: data.length,
    hasHeader: header,
    encoding,
    suggested: guessColumns(headerRow, data, width),
  };
}

/** Spreadsheets run cells (or ;/,/tab separated parts of them) that start with = + - @ as formulas: one guard for every export. */
export const escapeCell = escapeCsvCell;
export const unescapeCell = unescapeCsvCell;

function cell(row: string[], column: number | undefined, max: number): string {
  if (column === undefined) return '';
  return unescapeCell((row[column] ?? '').trim()).trim().slice(0, max);
}

export interface ImportPlan {
  add: NewContact[];
  nameFills: Array<{ id: string; name: string }>;
  result: CsvImportResult;
}

/**
 * Decides what an import does, without touching the store. Never throws on
 * the content of the file: every row is either added, merged into a contact
 * with the same number, blank, or reported with a reason.
 */
export function planImport(
  rows: string[][],
  options: CsvImportOptions,
  existing: Map<string, { id: string; name: string }>,
  defaultCountry: string,
): ImportPlan {
  const merge = new ImportMerge(existing);
  const skipped: SkippedRow[] = [];
  let skippedCount = 0;
  const skip = (s: SkippedRow) => {
    skippedCount += 1;
    if (skipped.length < MAX_REPORTED_SKIPS) skipped.push(s);
  };
  rows.forEach((row, index) => {
    if (index === 0 && options.hasHeader) return;
    if (isBlank(row)) return;
    const rowNumber = index + 1;
    if (options.numberColumn >= row.length) {
      skip({ row: rowNumber, value: '', reason: 'no_number_column', message: 'This row has no cell in the number column.' });
      return;
    }
    const value = cell(row, options.numberColumn, 250);
    const normalized = normalizeNumber(value, options.defaultCountry ?? defaultCountry);
    if (!normalized.ok) {
      skip({ row: rowNumber, value, reason: normalized.reason, message: normalized.message });
      return;
    }
    merge.take({
      name: cell(row, options.nameColumn, MAX_NAME),
      fax: normalized.number,
      company: cell(row, options.companyColumn, MAX_TEXT) || null,
      note: cell(row, options.noteColumn, MAX_TEXT) || null,
    });
  });
  return {
    add: merge.add,
    nameFills: merge.nameFills(),
    result: { added: merge.add.length, merged: merge.merged, skipped, skippedCount },
  };
}

export const EXPORT_HEADER = ['name', 'fax', 'company', 'note'] as const;

/**
 * Spec-format digits written the international way, with the plus, as people
 * and other address books write a fax number ("+86 10 8888 1234"): without it
 * the number read as a national one in the next program. The spaces keep a
 * spreadsheet from turning it into 8.61E+12. A cell starting with "+" is a
 * formula to a spreadsheet (it shows #NULL!), so it is escaped like every
 * other cell (a leading '); import reads it back as written.
 */
export function formatFaxForCsv(fax: string): string {
  return escapeCell(displayFax(fax));
}

/** The phonebook as CSV: UTF-8 with a BOM (so Excel shows Chinese names), CRLF, a header row. */
export function contactsToCsv(contacts: Contact[]): string {
  const rows = contacts.map((c) => [escapeCell(c.name), formatFaxForCsv(c.fax), escapeCell(c.company ?? ''), escapeCell(c.note ?? '')]);
  const body = Papa.unparse({ fields: [...EXPORT_HEADER], data: rows }, { newline: '\r\n', quotes: false });
  return `\ufeff${body.replace(/(\r\n)+$/, '')}\r\n`;
}
