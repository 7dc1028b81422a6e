import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecipients } from '@shared/phone/parse';
import { createRecipientsParser } from '@shared/phone/recipients-cache';

const line = fc.stringMatching(/^[+0-9 ()\-.,;\t０-９a]{0,30}$/);
const box = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));
const countries = fc.constantFrom(undefined, 'CN', 'US', 'XX');

describe('the recipients box read line by line as the user types', () => {
  it('gives exactly what reading the whole box gives, keystroke after keystroke, across country changes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(box, countries), { minLength: 1, maxLength: 8 }), (steps) => {
        const parse = createRecipientsParser();
        for (const [text, country] of steps) expect(parse(text, country)).toEqual(parseRecipients(text, country));
      }),
      { numRuns: 150 },
    );
  });

  it('marks a number typed again as a duplicate of its first row, and the first row as first once the earlier line goes', () => {
    const parse = createRecipientsParser();
    const twice = parse('+86 10 8888 1234\n13812345678\n+8610 88881234', 'CN');
    expect(twice.rows.map((r) => r.duplicateOf)).toEqual([undefined, undefined, 0]);
    expect(twice.counts).toEqual({ valid: 2, invalid: 0, duplicates: 1 });
    const once = parse('13812345678\n+8610 88881234', 'CN');
    expect(once.rows.map((r) => r.duplicateOf)).toEqual([undefined, undefined]);
    expect(once.numbers).toEqual(['8613812345678', '861088881234']);
  });

  it('reads again only the line that changed in a long box (the other rows are the ones read before)', () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => `+86 138 ${String(10_000_000 + i)}`);
    const parse = createRecipientsParser();
    const before = parse(lines.join('\n'), 'CN');
    lines[1_500] = '+86 138 fax';
    const after = parse(lines.join('\n'), 'CN');
    expect(after.rows).toHaveLength(3_000);
    expect(after.rows[1_500]).toMatchObject({ valid: false });
    expect(after.counts).toEqual({ valid: 2_999, invalid: 1, duplicates: 0 });
    for (const i of [0, 1_499, 1_501, 2_999]) expect(after.rows[i]).toBe(before.rows[i]);
    // another country: every line is read again with it
    const us = parse(lines.join('\n'), 'US');
    expect(us.rows[0]).not.toBe(after.rows[0]);
    expect(us).toEqual(parseRecipients(lines.join('\n'), 'US'));
  });
});
