import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecipients } from '../../../src/shared/phone/parse';

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
