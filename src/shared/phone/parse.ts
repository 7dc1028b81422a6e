import { foldInput, normalizeNumber, type PhoneReason } from './normalize';

export { normalizeNumber, phoneReasonMessage, SPEC_NUMBER_PATTERN, type NormalizeResult, type PhoneReason } from './normalize';

/**
 * Separators that can never be inside a number. Whitespace is deliberately
 * not here: people type `+86 10 8888 1234`, so spaces are resolved per piece.
 * (NFKC has already folded full-width ，and ； to ASCII.)
 */
const HARD_SEPARATORS = /[\r\n\u0085\u2028\u2029,;\t|\u3001]+/;
/** Longest run of space-separated tokens tried as one number. */
const MAX_GROUP_TOKENS = 8;
/** 15 digits plus an IDD prefix such as 00 or 011. */
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
    let joined = '';
    for (let j = i; j < tokens.length && j - i < MAX_GROUP_TOKENS; j += 1) {
      joined = j === i ? (tokens[j] ?? '') : `${joined} ${tokens[j] ?? ''}`;
      if (digitCount(joined) > MAX_GROUP_DIGITS) break;
      const f = fit(joined, country);
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

/**
 * Splits pasted text into the numbers it contains: on newlines, commas,
 * semicolons and tabs always; on spaces only where the spaces separate
 * numbers rather than format one.
 */
export function splitNumbers(text: string, defaultCountry?: string): string[] {
  const out: string[] = [];
  for (const rawPiece of foldInput(text).split(HARD_SEPARATORS)) {
    const piece = rawPiece.trim();
    if (piece.length === 0) continue;
    const tokens = piece.split(/\s+/);
    if (tokens.length === 1) {
      out.push(piece);
      continue;
    }
    const wholeFit = digitCount(piece) <= MAX_GROUP_DIGITS ? fit(piece, defaultCountry) : Fit.None;
    if (wholeFit === Fit.Valid) {
      out.push(piece);
      continue;
    }
    const groups = splitOnSpaces(tokens, defaultCountry);
    // Keep a possible-but-unusual number whole rather than break it into
    // fragments that are all wrong.
    if (wholeFit === Fit.Possible && groups.some((g) => fit(g, defaultCountry) !== Fit.Valid)) {
      out.push(piece);
      continue;
    }
    // Nothing in the piece reads as a number: one row with one reason says
    // more than a row per fragment (`+999 1234567` is one wrong number).
    if (digitCount(piece) <= MAX_GROUP_DIGITS && groups.every((g) => fit(g, defaultCountry) === Fit.None)) {
      out.push(piece);
      continue;
    }
    out.push(...groups);
  }
  return out;
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
  return text.split(/\r\n|[\r\n]/);
}

/** The rows of one line of the recipients box: each a sendable number or a reason. Never throws. */
export function parseRecipientLine(line: string, defaultCountry?: string): LineRow[] {
  const rows: LineRow[] = [];
  for (const input of splitNumbers(line, defaultCountry)) {
    const r = normalizeNumber(input, defaultCountry);
    if (!r.ok) {
      rows.push({ input, valid: false, reason: r.reason, message: r.message });
      continue;
    }
    const row: LineRow = { input, number: r.number, valid: true };
    if (r.country) row.country = r.country;
    if (r.unlikely) row.unlikely = true;
    rows.push(row);
  }
  return rows;
}

/** The rows of every line, in order, with duplicates marked and the unique numbers counted. */
export function combineRecipientRows(lineRows: Iterable<readonly LineRow[]>, existing?: Iterable<string>): ParsedRecipients {
  const seen = new Map<string, number | 'existing'>();
  for (const n of existing ?? []) seen.set(n, 'existing');
  const rows: RecipientRow[] = [];
  const numbers: string[] = [];
  const counts = { valid: 0, invalid: 0, duplicates: 0 };
  for (const line of lineRows) {
    for (const lineRow of line) {
      if (!lineRow.valid || lineRow.number === undefined) {
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
