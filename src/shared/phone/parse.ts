import { foldInput, normalizeNumber, type PhoneReason } from './normalize';

export { normalizeNumber, SPEC_NUMBER_PATTERN, type NormalizeResult, type PhoneReason } from './normalize';

/** Longest run of space-separated tokens tried as one number. */
const MAX_GROUP_TOKENS = 8;
/** 15 digits plus an IDD prefix such as 00 or 011: more than that is never one number (normalizeNumber refuses it). */
const MAX_GROUP_DIGITS = 18;

/** How well a text reads as one number: ordered, so larger is better. */
const Fit = { None: 0, Possible: 1, Valid: 2 } as const;
type Fit = (typeof Fit)[keyof typeof Fit];

function fit(text: string, country: string | undefined): Fit {
  const r = normalizeNumber(text, country);
  if (!r.ok) return Fit.None;
  return r.unlikely ? Fit.Possible : Fit.Valid;
}

function digitCount(s: string): number {
  let n = 0;
  for (const ch of s) if (ch >= '0' && ch <= '9') n += 1;
  return n;
}

/**
 * Splits one space-separated piece into numbers: from each token, takes the
 * run of tokens that reads as the best number (a known range over a merely
 * possible one, then the longest). So `010 8888 1234 13812345678` gives two
 * numbers while `+86 10 8888 1234` stays one.
 */
function splitOnSpaces(tokens: string[], country: string | undefined): string[] {
  const groups: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let bestEnd = i;
    let bestFit: Fit = Fit.None;
    for (let j = i; j < tokens.length && j - i < MAX_GROUP_TOKENS; j += 1) {
      // a + is written only at the start of a number: a token starting with one begins the next
      if (j > i && tokens[j]!.startsWith('+')) break;
      const f = fit(tokens.slice(i, j + 1).join(' '), country);
      if (f > bestFit || (f === bestFit && f !== Fit.None)) {
        bestFit = f;
        bestEnd = j;
      }
    }
    groups.push(tokens.slice(i, bestEnd + 1).join(' '));
    i = bestEnd + 1;
  }
  return groups;
}

/** One number as found in the text: what to show, what to read, and an extension written after it. */
export interface NumberPiece {
  /** the piece as the user wrote it (quotes and a label removed) */
  input: string;
  /** the number part, read by normalizeNumber */
  text: string;
  /** digits of an extension written after the number (转 8001, ext. 12, x12, #12): a fax cannot dial it */
  extension?: string;
}

/**
 * Cells of one line as a spreadsheet or a CSV file writes them: separated by
 * tabs, commas, semicolons, | or 、, a cell in double quotes may hold any of
 * those ("" is a quote inside it).
 */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && /^=?\s*$/.test(cell)) {
      // ="0108888…" is how a CSV keeps a spreadsheet from dropping the leading 0
      cell = '';
      quoted = true;
    } else if (SEPARATOR.test(ch)) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
const SEPARATOR = /[,;\t|\u3001]/;
/** a line break of any kind (NFKC has already folded full-width ，and ；) */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/;

/**
 * `tel:`, `fax:`, `Fax.:`, `传真：` before a number: a label (a word or a few, up to 15 letters, spaces and
 * dots), not part of it. NFKC has folded `：` to `:`; what follows the colon is trimmed where it is read.
 */
const LABEL = /^\p{L}[\p{L} .]{0,14}:/u;
/** an extension: 转 / 分机 / ext / x / # and 1-8 digits (more is a number), the first after a digit or ')';
 * the rest is read on its own. The ^ is speed: without it a line with no marker is tried from every position. */
const EXTENSION = /^(.*?[\d)])\s*(?:转|轉|分机|分機|ext\.?|extension|x|#)\s*(\d{1,8})(?!\d)(.*)/iu;

/** What a person reads in one cell: quotes, an Excel text mark (') and a label are not the number. */
function cleanCell(raw: string): string {
  let cell = raw.trim();
  if (cell.startsWith("'")) cell = cell.slice(1).trim();
  if (cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"')) cell = cell.slice(1, -1).trim();
  const label = LABEL.exec(cell);
  if (label && /\d/.test(cell.slice(label[0].length))) cell = cell.slice(label[0].length);
  return cell;
}

/**
 * Splits one space-separated text into numbers, each with the extension
 * written after it, if any.
 */
function piecesOfCell(cell: string, country: string | undefined): NumberPiece[] {
  const ext = EXTENSION.exec(cell);
  if (ext) {
    const rest = ext[3]!;
    const marker = cell.slice(ext[1]!.length, cell.length - rest.length).trim();
    // ext[1] ends in a digit or ')': at least one piece (splitOnWhitespace trims)
    const before = splitOnWhitespace(ext[1]!, country);
    // The extension belongs to the last number before it; the row shows it as written.
    const last = before.pop()!;
    const out: NumberPiece[] = before.map((t) => ({ input: t, text: t }));
    const input = before.length === 0 ? cell.slice(0, cell.length - rest.length).trim() : `${last} ${marker}`;
    out.push({ input, text: last, extension: ext[2]! });
    // what follows (trimmed there; nothing gives no piece)
    out.push(...piecesOfCell(rest, country));
    return out;
  }
  return splitOnWhitespace(cell, country).map((t) => ({ input: t, text: t }));
}

/**
 * Splits one line of pasted text (a typed line, a spreadsheet row, a CSV
 * record) into the numbers it contains. Cells holding no digit at all (a
 * name beside the number) are left out when the line has other cells.
 */
export function splitLine(line: string, defaultCountry?: string): NumberPiece[] {
  // A tel: URI's extension (tel:+1-201-555-0123;ext=1234) would otherwise be split off by its ';'.
  const folded = foldInput(line).replace(/;\s*ext\s*=\s*(\d)/gi, ' ext $1');
  // an empty cell gives no piece; with a single cell, keeping those with a digit keeps it
  const cells = cellsOf(folded).map(cleanCell);
  const kept = cells.some((c) => /\d/.test(c)) ? cells.filter((c) => /\d/.test(c)) : cells;
  return kept.flatMap((c) => piecesOfCell(c, defaultCountry));
}

/** Splits a space-separated piece: whole when it reads as one number, else by splitOnSpaces. */
function splitOnWhitespace(rawPiece: string, defaultCountry: string | undefined): string[] {
  const piece = rawPiece.trim();
  if (piece.length === 0) return [];
  const tokens = piece.split(/\s+/);
  if (tokens.length === 1) return [piece];
  const wholeFit = fit(piece, defaultCountry);
  if (wholeFit === Fit.Valid) return [piece];
  const groups = splitOnSpaces(tokens, defaultCountry);
  // Keep a possible-but-unusual number whole rather than break it into
  // fragments that are all wrong.
  if (wholeFit === Fit.Possible && groups.some((g) => fit(g, defaultCountry) !== Fit.Valid)) return [piece];
  // Nothing in the piece reads as a number: one row with one reason says
  // more than a row per fragment (`+999 1234567` is one wrong number).
  if (digitCount(piece) <= MAX_GROUP_DIGITS && groups.every((g) => fit(g, defaultCountry) === Fit.None)) return [piece];
  return withMistypedCountryCodes(groups, defaultCountry);
}

/**
 * A `+` group that reads as no number is a country code mistyped: the groups after it (up to the next `+`)
 * are the rest of that international number, never numbers of the default country. `+999 1234567` is one
 * wrong number to correct, not a fax to 86 1234567.
 */
function withMistypedCountryCodes(groups: string[], defaultCountry: string | undefined): string[] {
  const out: string[] = [];
  let open = false;
  for (const g of groups) {
    if (g.startsWith('+')) {
      out.push(g);
      open = fit(g, defaultCountry) === Fit.None;
    } else if (open) out[out.length - 1] += ` ${g}`;
    else out.push(g);
  }
  return out;
}

/**
 * Splits pasted text into the numbers it contains: on newlines, commas,
 * semicolons and tabs always (quoted cells kept whole); on spaces only where
 * the spaces separate numbers rather than format one.
 */
export function splitNumbers(text: string, defaultCountry?: string): string[] {
  return foldInput(text)
    .split(LINE_BREAK)
    .flatMap((line) => splitLine(line, defaultCountry))
    .map((p) => p.input);
}

export interface RecipientRow {
  /** the text as the user typed it (one piece of the paste) */
  input: string;
  /** spec format: country code and number, digits only */
  number?: string;
  /** ISO country the number belongs to, when known */
  country?: string;
  /** sendable: valid rows that duplicate an earlier one are still valid */
  valid: boolean;
  /** set when the number is possible but outside the known ranges of its country */
  unlikely?: boolean;
  /** an extension written after the number: the fax goes to the number, the extension cannot be dialled */
  extension?: string;
  reason?: PhoneReason;
  /** an English sentence for the reason; the UI translates by `reason` */
  message?: string;
  /** index of the first row with the same number, or 'existing' when it was already in the list */
  duplicateOf?: number | 'existing';
}

export interface ParsedRecipients {
  rows: RecipientRow[];
  /** unique valid numbers in the order typed, excluding `existing` */
  numbers: string[];
  counts: { valid: number; invalid: number; duplicates: number };
}

/** A row as one line gives it, before rows of other lines are compared for duplicates. */
export type LineRow = Omit<RecipientRow, 'duplicateOf'>;

/**
 * The lines of the recipients box. Line breaks always separate numbers, so a line can be read on
 * its own: the Send screen reads again only the lines that changed (recipients-cache.ts).
 */
export function recipientLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/**
 * The rows of one line, each read on its own (no duplicates marked): a pure
 * function of the line and the country, so a caller may remember it per line.
 * Never throws: each row is a sendable number or a reason.
 */
export function parseRecipientLine(line: string, defaultCountry?: string): LineRow[] {
  return splitLine(line, defaultCountry).map((piece) => {
    const r = normalizeNumber(piece.text, defaultCountry);
    if (!r.ok) return { input: piece.input, valid: false, reason: r.reason, message: r.message };
    const row: LineRow = { input: piece.input, number: r.number, valid: true };
    if (r.country) row.country = r.country;
    if (r.unlikely) row.unlikely = true;
    if (piece.extension) row.extension = piece.extension;
    return row;
  });
}

/** The same function under the name the parser's tests use. */
export const parseLine = parseRecipientLine;

/** The rows of every line, in order, with duplicates marked and the unique numbers counted. */
export function combineRecipientRows(lineRows: Iterable<readonly LineRow[]>, existing?: Iterable<string>): ParsedRecipients {
  const seen = new Map<string, number | 'existing'>();
  for (const n of existing ?? []) seen.set(n, 'existing');
  const rows: RecipientRow[] = [];
  const numbers: string[] = [];
  const counts = { valid: 0, invalid: 0, duplicates: 0 };
  for (const line of lineRows) {
    for (const lineRow of line) {
      // parseRecipientLine gives a number to every valid row and to no other
      if (lineRow.number === undefined) {
        rows.push(lineRow);
        counts.invalid += 1;
        continue;
      }
      const first = seen.get(lineRow.number);
      if (first !== undefined) {
        rows.push({ ...lineRow, duplicateOf: first });
        counts.duplicates += 1;
      } else {
        seen.set(lineRow.number, rows.length);
        numbers.push(lineRow.number);
        counts.valid += 1;
        // the line's own object: a cached line's rows are shared, never changed
        rows.push(lineRow);
      }
    }
  }
  return { rows, numbers, counts };
}

/**
 * Turns pasted text into rows for the recipients editor. Never throws: any
 * string gives rows, each either a sendable number or a reason.
 */
export function parseRecipients(text: string, defaultCountry?: string, existing?: Iterable<string>): ParsedRecipients {
  return combineRecipientRows(
    recipientLines(text).map((line) => parseRecipientLine(line, defaultCountry)),
    existing,
  );
}
