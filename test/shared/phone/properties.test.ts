import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecipients } from '@shared/phone/parse';

// The spec's rule for a number, written from its text (not the code's constant): first character a digit 1-9,
// 7 to 15 digits in all, no plus sign, no spaces.
const SPEC_NUMBER = /^[1-9]\d{6,14}$/;

const phoneish = fc.stringMatching(/^[+0-9 ()\-.,;\n\t]{0,60}$/);
const countries = fc.constantFrom(undefined, 'CN', 'US', 'GB', 'DE', 'JP', 'HK', 'IT', 'XX', 'cn', '');

describe('parseRecipients on any input', () => {
  it('never throws and only ever yields spec-format numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), phoneish), countries, (text, country) => {
        const parsed = parseRecipients(text, country);
        for (const row of parsed.rows) {
          if (row.valid) expect(row.number).toMatch(SPEC_NUMBER);
          else expect(row.reason).toBeDefined();
        }
        for (const n of parsed.numbers) expect(n).toMatch(SPEC_NUMBER);
        expect(new Set(parsed.numbers).size).toBe(parsed.numbers.length);
        expect(parsed.counts.valid + parsed.counts.invalid + parsed.counts.duplicates).toBe(parsed.rows.length);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back its own output unchanged', () => {
    fc.assert(
      fc.property(phoneish, countries, (text, country) => {
        for (const n of parseRecipients(text, country).numbers) {
          expect(parseRecipients(`+${n}`, country).numbers).toEqual([n]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('extensions and cells on any valid number', () => {
  const numbers = fc.constantFrom('010 6688 7777', '+86 138 1234 5678', '0755 8888 9999', '+49 30 1234567', '+1 212 555 0123', '021-5555-6666');
  const markers = fc.constantFrom('转', ' 转 ', ' ext. ', ' ext ', ' x', ' #', '分机');
  const ext = fc.stringMatching(/^[0-9]{1,6}$/);

  it('a number followed by an extension is one row with the same number and the extension', () => {
    fc.assert(
      fc.property(numbers, markers, ext, (n, m, e) => {
        const plain = parseRecipients(n, 'CN');
        const withExt = parseRecipients(`${n}${m}${e}`, 'CN');
        expect(withExt.rows).toHaveLength(1);
        expect(withExt.numbers).toEqual(plain.numbers);
        expect(withExt.rows[0]!.extension).toBe(e);
      }),
      { numRuns: 200 },
    );
  });

  it('quoting a cell, adding a tel: label or a name cell beside it changes no number', () => {
    const wrap = fc.constantFrom(
      (n: string) => `"${n}"`,
      (n: string) => `tel:${n}`,
      (n: string) => `tel: ${n}`,
      (n: string) => `Anna Schmidt\t${n}`,
      (n: string) => `"Schmidt, Anna";"${n}"`,
      (n: string) => `'${n}`,
    );
    fc.assert(
      fc.property(fc.array(numbers, { minLength: 1, maxLength: 5 }), wrap, (ns, w) => {
        const plain = parseRecipients(ns.join('\n'), 'CN');
        const wrapped = parseRecipients(ns.map(w).join('\n'), 'CN');
        expect(wrapped.numbers).toEqual(plain.numbers);
        expect(wrapped.counts).toEqual(plain.counts);
      }),
      { numRuns: 200 },
    );
  });
});
