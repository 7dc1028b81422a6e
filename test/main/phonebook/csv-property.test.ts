import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '@main/phonebook/csv';
import { makePhonebook, type TestPhonebook } from './helpers';

const REASONS = new Set(['empty', 'letters', 'too_short', 'too_long', 'leading_zero', 'invalid_for_country', 'no_number_column']);

// Text that looks like CSV often enough to reach the number checks, and arbitrary text the rest of the time.
const csvish = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc
    .tuple(
      fc.array(
        fc.array(
          fc.oneof(
            fc.constantFrom('13812345678', '+1 212 555 0123', '(010) 8888-1234', '0086 10 8888 1234', '12345', '', '张三', '"a,b"', '"x""y"', '=1+1'),
            fc.string({ maxLength: 20 }),
          ),
          { maxLength: 6 },
        ),
        { maxLength: 30 },
      ),
      fc.constantFrom(',', ';', '\t'),
      fc.constantFrom('\n', '\r\n'),
    )
    .map(([rows, delimiter, newline]) => rows.map((r) => r.join(delimiter)).join(newline)),
  fc.string({ maxLength: 200 }).map((s) => `\ufeff${s}`),
);

let t: TestPhonebook;
beforeAll(() => {
  t = makePhonebook();
});
afterAll(() => t.cleanup());

describe('importing arbitrary text', () => {
  it('never throws and accounts for every non-blank row', () => {
    fc.assert(
      fc.property(
        csvish,
        fc.boolean(),
        fc.nat(6),
        fc.option(fc.nat(6), { nil: undefined }),
        fc.constantFrom(undefined, 'CN', 'US', 'DE', 'ZZ'),
        (text, hasHeader, numberColumn, nameColumn, defaultCountry) => {
          const before = t.phonebook.store.listContacts('', 1).total;
          const result = t.phonebook.importCsvText(text, { hasHeader, numberColumn, nameColumn, defaultCountry });
          const rows = parseCsvRows(text);
          const dataRows = rows.filter((r, i) => !(hasHeader && i === 0) && r.some((c) => c.trim() !== '')).length;
          expect(result.added + result.merged + result.skippedCount).toBe(dataRows);
          expect(result.skipped.length).toBe(Math.min(result.skippedCount, 500));
          for (const s of result.skipped) {
            expect(s.row).toBeGreaterThanOrEqual(1);
            expect(s.row).toBeLessThanOrEqual(rows.length);
            expect(REASONS.has(s.reason)).toBe(true);
            expect(typeof s.message).toBe('string');
            expect(typeof s.value).toBe('string');
          }
          expect(t.phonebook.store.listContacts('', 1).total).toBe(before + result.added);
          expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives back the same names after an export and an import, whatever the names are', async () => {
    const numbers = ['8613812345678', '12125550123', '442079460018', '861088881234', '4930123456', '81312345678'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 40 }), { minLength: numbers.length, maxLength: numbers.length }), async (names) => {
        const a = makePhonebook();
        const b = makePhonebook({ defaultCountry: 'US' });
        try {
          names.forEach((name, i) => a.phonebook.store.saveContact({ name: name.trim(), fax: `+${numbers[i]}`, company: null, note: name }, 'CN'));
          a.dialogs.answers.save.push(`${a.dir}/export.csv`);
          await a.handlers.exportCsv(undefined);
          const text = fs.readFileSync(`${a.dir}/export.csv`, 'utf8');
          const result = b.phonebook.importCsvText(text, { hasHeader: true, numberColumn: 1, nameColumn: 0, noteColumn: 3 });
          expect(result).toMatchObject({ added: numbers.length, skippedCount: 0 });
          const pick = (x: TestPhonebook) => x.phonebook.store.allContacts().map((c) => [c.fax, c.name, c.note]);
          // Import trims cells, as saving a contact does.
          expect(pick(b)).toEqual(pick(a).map(([fax, name, note]) => [fax, name, note?.trim() || null]));
        } finally {
          a.cleanup();
          b.cleanup();
        }
      }),
      { numRuns: 25 },
    );
  });
});
