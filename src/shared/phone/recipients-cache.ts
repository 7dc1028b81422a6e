import { combineRecipientRows, parseRecipientLine, type LineRow, type ParsedRecipients } from './parse';

// the same breaks as recipientLines (parse.ts)
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** The lines of `text` (as recipientLines splits them) and the offset where each begins. */
function linesWithStarts(text: string): { lines: string[]; starts: number[] } {
  const lines: string[] = [];
  const starts: number[] = [0];
  let from = 0;
  LINE_BREAK.lastIndex = 0;
  for (let m = LINE_BREAK.exec(text); m; m = LINE_BREAK.exec(text)) {
    lines.push(text.slice(from, m.index));
    from = m.index + m[0].length;
    starts.push(from);
  }
  lines.push(text.slice(from));
  return { lines, starts };
}

/** The index of the line that holds offset `at` (the last line starting at or before it). */
function lineAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * parseRecipients for a box the user is typing in. The text is compared with the previous one and
 * only the lines between the first and the last changed character (and one line either side, for a
 * line break typed next to another) are read again with parseRecipientLine; the rows of every other
 * line are the ones read before. So a keystroke in a 12,000-line box reads three lines, not 12,000,
 * and allocates nothing per unchanged line. The answer is the same as parseRecipients(text, country);
 * a new country reads every line again.
 */
export function createRecipientsParser(): (text: string, defaultCountry?: string) => ParsedRecipients {
  let country: string | undefined;
  let prev: string | null = null;
  let starts: number[] = [];
  let rows: (readonly LineRow[])[] = [];
  let last: ParsedRecipients | null = null;

  const readAll = (text: string) => {
    const split = linesWithStarts(text);
    starts = split.starts;
    rows = split.lines.map((line) => parseRecipientLine(line, country));
  };

  const readChanged = (before: string, text: string) => {
    const shortest = Math.min(before.length, text.length);
    let p = 0;
    while (p < shortest && before.charCodeAt(p) === text.charCodeAt(p)) p += 1;
    let s = 0;
    while (s < shortest - p && before.charCodeAt(before.length - 1 - s) === text.charCodeAt(text.length - 1 - s)) s += 1;
    const first = Math.max(0, lineAt(starts, p) - 1);
    const lastLine = Math.min(starts.length - 1, lineAt(starts, before.length - s) + 1);
    const delta = text.length - before.length;
    const from = starts[first] ?? 0;
    // the region ends where the line after it begins (its line break included), or at the end
    const endsAtBreak = lastLine + 1 < starts.length;
    const toBefore = endsAtBreak ? (starts[lastLine + 1] ?? before.length) : before.length;
    const region = text.slice(from, toBefore + delta);
    const split = linesWithStarts(region);
    if (endsAtBreak) {
      // the region's last line break is the one before the first line kept: no line after it
      split.lines.pop();
      split.starts.pop();
    }
    // a line that reads the same as before keeps its rows (the margin lines, usually)
    const oldRows = new Map<string, readonly LineRow[]>();
    for (let i = first; i <= lastLine; i += 1) oldRows.set(before.slice(starts[i], i + 1 < starts.length ? lineEnd(before, starts[i + 1] ?? 0) : before.length), rows[i] ?? []);
    const regionRows = split.lines.map((line) => oldRows.get(line) ?? parseRecipientLine(line, country));
    rows.splice(first, lastLine - first + 1, ...regionRows);
    const after = starts.slice(lastLine + 1).map((o) => o + delta);
    starts = [...starts.slice(0, first), ...split.starts.map((o) => o + from), ...after];
  };

  return (text, defaultCountry) => {
    if (prev !== null && text === prev && defaultCountry === country && last) return last;
    if (prev === null || defaultCountry !== country) {
      country = defaultCountry;
      readAll(text);
    } else {
      readChanged(prev, text);
    }
    prev = text;
    last = combineRecipientRows(rows);
    return last;
  };
}

/** Where the line ending just before offset `next` (a line's start) begins its line break. */
function lineEnd(text: string, next: number): number {
  if (next >= 2 && text.charCodeAt(next - 2) === 13 && text.charCodeAt(next - 1) === 10) return next - 2;
  return next - 1;
}
