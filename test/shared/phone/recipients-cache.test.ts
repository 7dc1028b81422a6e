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
      { numRuns: 40 },
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
    const lines = Array.from({ length: 600 }, (_, i) => `+86 138 ${String(10_000_000 + i)}`);
    const parse = createRecipientsParser();
    const before = parse(lines.join('\n'), 'CN');
    lines[300] = '+86 138 fax';
    const after = parse(lines.join('\n'), 'CN');
    expect(after.rows).toHaveLength(600);
    expect(after.rows[300]).toMatchObject({ valid: false });
    expect(after.counts).toEqual({ valid: 599, invalid: 1, duplicates: 0 });
    for (const i of [0, 299, 301, 599]) expect(after.rows[i]).toBe(before.rows[i]);
    // another country: every line is read again with it
    const us = parse(lines.join('\n'), 'US');
    expect(us.rows[0]).not.toBe(after.rows[0]);
    expect(us).toEqual(parseRecipients(lines.join('\n'), 'US'));
  });
});

describe('the recipients box as a person edits it: small changes to a long box, one after another', () => {
  // lines that repeat, so a change can sit between two identical stretches of text
  const lines = fc.constantFrom('13812345678', '+86 10 8888 1234', '010 6688 7777 转 8001', 'abc', '', '13912345678 13712345678', '"Li",13612345678');
  const breaks = fc.constantFrom('\n', '\r\n');
  const start = fc.array(fc.tuple(lines, breaks), { minLength: 1, maxLength: 40 }).map((ls) => ls.map(([l, b]) => l + b).join(''));
  const piece = fc.constantFrom('1', '5', ' ', '\n', '\r\n', '\r', '13812345678\n', '\n010 6688 7777', ',');
  // where (a fraction of the text's length), what to remove (0-12 characters) and what to type there
  const edit = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 12 }), fc.option(piece, { nil: '' }));

  it('after every keystroke, paste and deletion, anywhere in the box, the rows are those of reading the whole box', () => {
    fc.assert(
      fc.property(start, fc.array(edit, { minLength: 1, maxLength: 12 }), (first, edits) => {
        const parse = createRecipientsParser();
        let text = first;
        expect(parse(text, 'CN')).toEqual(parseRecipients(text, 'CN'));
        for (const [where, cut, typed] of edits) {
          const at = Math.floor(where * text.length);
          text = text.slice(0, at) + typed + text.slice(at + cut);
          expect(parse(text, 'CN')).toEqual(parseRecipients(text, 'CN'));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the rows of every other line (the same objects) in a box with Windows line breaks', () => {
    const box = Array.from({ length: 50 }, (_, i) => `+86 138 ${String(20_000_000 + i)}`);
    const parse = createRecipientsParser();
    const before = parse(box.join('\r\n'), 'CN');
    box[25] = '+86 138 fax';
    const after = parse(box.join('\r\n'), 'CN');
    expect(after.rows[25]).toMatchObject({ input: '+86 138 fax', valid: false });
    // the lines either side of the edit are read with it, and still keep the rows they had
    for (let i = 0; i < 50; i += 1) if (i !== 25) expect(after.rows[i]).toBe(before.rows[i]);
  });

  it('gives back the very same answer when nothing changed (the list on screen is not redrawn)', () => {
    const parse = createRecipientsParser();
    const first = parse('13812345678\n13912345678', 'CN');
    expect(parse('13812345678\n13912345678', 'CN')).toBe(first);
    const us = parse('13812345678\n13912345678', 'US');
    expect(us).not.toBe(first);
    expect(us).toEqual(parseRecipients('13812345678\n13912345678', 'US'));
    const edited = parse('13812345678\n139123', 'US');
    expect(edited).not.toBe(us);
    expect(edited.counts.valid).toBe(1);
  });
});
