import { describe, expect, it } from 'vitest';
import { normalizeNumber, parseRecipients, splitNumbers } from '../../../src/shared/phone/parse';

function norm(raw: string, country?: string): string | undefined {
  const r = normalizeNumber(raw, country);
  return r.ok ? r.number : undefined;
}

describe('normalizing what people type', () => {
  it.each([
    // China: mobile and Beijing landline, every way people write them
    ['13812345678', 'CN', '8613812345678'],
    ['138-1234-5678', 'CN', '8613812345678'],
    ['+86 138 1234 5678', 'CN', '8613812345678'],
    ['008613812345678', 'CN', '8613812345678'],
    ['0086 10 8888 1234', 'CN', '861088881234'],
    ['+86 10 8888 1234', 'CN', '861088881234'],
    ['(010) 8888-1234', 'CN', '861088881234'],
    ['010-88881234', 'CN', '861088881234'],
    ['861088881234', 'CN', '861088881234'],
    ['＋８６ １３８ １２３４ ５６７８', 'CN', '8613812345678'],
    // United States
    ['(212) 555-0123', 'US', '12125550123'],
    ['212.555.0123', 'US', '12125550123'],
    ['+1 212 555 0123', 'CN', '12125550123'],
    ['001 212 555 0123', 'CN', '12125550123'],
    ['011 44 20 7946 0958', 'US', '442079460958'],
    ['12125550123', 'CN', '12125550123'],
    // United Kingdom
    ['020 7946 0958', 'GB', '442079460958'],
    ['+44 (0)20 7946 0958', 'CN', '442079460958'],
    ['0044 20 7946 0958', 'DE', '442079460958'],
    // Germany
    ['030 1234567', 'DE', '49301234567'],
    ['+49 30 1234567', 'US', '49301234567'],
    // Japan
    ['03-1234-5678', 'JP', '81312345678'],
    ['+81 3-1234-5678', 'CN', '81312345678'],
    // Hong Kong
    ['2345 6789', 'HK', '85223456789'],
    ['+852 2345 6789', 'CN', '85223456789'],
    // no default country: only international forms work
    ['+86 10 8888 1234', undefined, '861088881234'],
    ['0086 10 8888 1234', undefined, '861088881234'],
  ])('%s (default %s) becomes %s', (raw, country, expected) => {
    expect(norm(raw, country)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['---', 'empty'],
    ['fax 13812345678', 'letters'],
    ['138*1234#5678', 'letters'],
    ['123', 'too_short'],
    ['+86 123', 'too_short'],
    ['1234567890123456', 'too_long'],
    ['+86 138 1234 5678 9999', 'too_long'],
    ['0123456', 'leading_zero'],
    ['+999 1234567', 'invalid_for_country'],
  ])('%j is refused as %s', (raw, reason) => {
    const r = normalizeNumber(raw, 'CN');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.message).toMatch(/^[A-Z].+\.$/);
    }
  });

  it('a number starting with 0 has no country to complete it without a default', () => {
    expect(normalizeNumber('010 8888 1234')).toMatchObject({ ok: false, reason: 'leading_zero' });
  });

  it('flags numbers that are possible but outside known ranges', () => {
    expect(normalizeNumber('999999999', 'CN')).toMatchObject({ ok: true, unlikely: true });
    expect(normalizeNumber('13812345678', 'CN')).not.toHaveProperty('unlikely');
  });
});

describe('splitting pasted text', () => {
  it('splits on newlines, commas, semicolons, tabs and full-width punctuation', () => {
    expect(splitNumbers('13812345678\n13912345678,13712345678;13612345678\t13512345678，13412345678；13312345678、13212345678', 'CN')).toHaveLength(8);
  });

  it('keeps a number formatted with spaces together', () => {
    expect(splitNumbers('+86 10 8888 1234', 'CN')).toEqual(['+86 10 8888 1234']);
    expect(splitNumbers('(010) 8888-1234', 'CN')).toEqual(['(010) 8888-1234']);
    expect(splitNumbers('020 7946 0958', 'GB')).toEqual(['020 7946 0958']);
    expect(splitNumbers('+1 (212) 555-0123', 'CN')).toEqual(['+1 (212) 555-0123']);
  });

  it('splits numbers separated only by spaces', () => {
    expect(splitNumbers('13812345678 13912345678', 'CN')).toEqual(['13812345678', '13912345678']);
    expect(splitNumbers('010 8888 1234 13812345678', 'CN')).toEqual(['010 8888 1234', '13812345678']);
    expect(splitNumbers('010 88881234 010 88881235', 'CN')).toEqual(['010 88881234', '010 88881235']);
    expect(splitNumbers('+86 10 8888 1234 +1 212 555 0123', 'CN')).toEqual(['+86 10 8888 1234', '+1 212 555 0123']);
  });

  it('keeps a wrong number whole instead of reporting fragments', () => {
    expect(splitNumbers('+999 12 34', 'CN')).toEqual(['+999 12 34']);
  });

  it('drops blank pieces', () => {
    expect(splitNumbers('\n\n , ;  \t', 'CN')).toEqual([]);
  });
});

describe('recipient rows', () => {
  it('gives a reason per invalid row, merges duplicates and counts', () => {
    const parsed = parseRecipients('+86 138 1234 5678\n(010) 8888-1234\n0086 13812345678\nabc\n123\n+1 212 555 0123', 'CN');
    expect(parsed.numbers).toEqual(['8613812345678', '861088881234', '12125550123']);
    expect(parsed.counts).toEqual({ valid: 3, invalid: 2, duplicates: 1 });
    expect(parsed.rows[2]).toMatchObject({ input: '0086 13812345678', number: '8613812345678', valid: true, duplicateOf: 0 });
    expect(parsed.rows[3]).toMatchObject({ input: 'abc', valid: false, reason: 'letters' });
    expect(parsed.rows[4]).toMatchObject({ input: '123', valid: false, reason: 'too_short' });
    expect(parsed.rows[1]).toMatchObject({ country: 'CN' });
    expect(parsed.rows[5]).toMatchObject({ country: 'US' });
  });

  it('treats numbers already in the list as duplicates', () => {
    const parsed = parseRecipients('13812345678, 13912345678', 'CN', ['8613812345678']);
    expect(parsed.numbers).toEqual(['8613912345678']);
    expect(parsed.rows[0]).toMatchObject({ duplicateOf: 'existing' });
    expect(parsed.counts).toEqual({ valid: 1, invalid: 0, duplicates: 1 });
  });

  it('handles a large paste quickly and in order', () => {
    const input = Array.from({ length: 1000 }, (_, i) => `1381234${String(i).padStart(4, '0')}`).join(' ');
    const started = Date.now();
    const parsed = parseRecipients(input, 'CN');
    console.log(`parsed 1000 space-separated numbers in ${Date.now() - started} ms`);
    expect(parsed.counts.valid).toBe(1000);
    expect(parsed.numbers[999]).toBe('8613812340999');
  });
});
