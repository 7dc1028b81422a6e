/**
 * What a typed number becomes, and the reason the user is shown when it cannot be sent, at the edges
 * the everyday examples (parse.test.ts) do not reach: the spec's 7 and 15 digits on both sides, with and
 * without an international prefix, the library's 250-character limit, trunk prefixes, a number without
 * a country, and the reason picked when no reading of the number is possible (mutation module `phone`).
 */
import { describe, expect, it } from 'vitest';
import { normalizeNumber } from '@shared/phone/parse';

const reason = (raw: string, country?: string) => {
  const r = normalizeNumber(raw, country);
  return r.ok ? `ok ${r.number}` : r.reason;
};

describe('what is read as a number', () => {
  it('spaces around a pasted cell do not hide its international prefix', () => {
    expect(reason(' 0049 30 1234567 ')).toBe('ok 49301234567');
    expect(reason('\t+86 10 8888 1234 ')).toBe('ok 861088881234');
  });

  it('libphonenumber reads 250 characters at most: a number spread over 250 is read, over 251 it is refused as too long', () => {
    const spread = (length: number) => `+86${' '.repeat(length - 14)}13812345678`;
    expect(spread(250)).toHaveLength(250);
    expect(reason(spread(250), 'CN')).toBe('ok 8613812345678');
    expect(reason(spread(251), 'CN')).toBe('too_long');
    expect(reason(`+86 138${'-'.repeat(245)}`, 'CN')).toBe('too_long');
  });

  it('an international prefix (00, 011) does not count toward the 15 digits', () => {
    expect(reason('00 493012345678901', 'DE')).toBe('ok 493012345678901');
    expect(reason('011 493012345678901', 'US')).toBe('ok 493012345678901');
  });

  it('a number written with its trunk prefix is read in the default country first (Moscow with 8, not Vietnam)', () => {
    expect(reason('8 495 123 45 67', 'RU')).toBe('ok 74951234567');
  });

  it('the spec’s own form (country code, no plus) is kept even when it is only a possible number', () => {
    expect(normalizeNumber('13812345678', 'GB')).toEqual({ ok: true, number: '13812345678', unlikely: true });
  });

  it('a number of no country (international freephone +800) is sent without one', () => {
    expect(normalizeNumber('+800 1234 5678')).toStrictEqual({ ok: true, number: '80012345678' });
  });
});

describe('the reason shown for a number that cannot be sent', () => {
  it('below the spec’s 7 digits: too short; at 7 digits that fit no country: not a possible number', () => {
    expect(reason('12')).toBe('too_short');
    expect(reason('123456')).toBe('too_short');
    expect(reason('1234567')).toBe('invalid_for_country');
    expect(reason('00 86 12')).toBe('too_short');
    expect(reason('+49 30 12')).toBe('too_short');
  });

  it('too short for the default country’s numbers even with 7 digits (a US number has 10)', () => {
    expect(reason('1234567', 'US')).toBe('too_short');
    expect(reason('0123456', 'US')).toBe('too_short');
  });

  it('up to 15 digits an unknown number is not possible; more than 15 are too long', () => {
    expect(reason('+999 123456789012')).toBe('invalid_for_country');
    expect(reason('+999 1234567890123')).toBe('too_long');
    expect(reason('+1 212 555 01234', 'US')).toBe('too_long');
    // 15 digits after the 00 prefix are not too long either
    expect(reason('00 86 138 1234 5678 9', 'HK')).toBe('invalid_for_country');
  });

  it('a 0 with no country to complete it asks for the country code', () => {
    expect(reason('0')).toBe('leading_zero');
    expect(reason('0086', 'HK')).toBe('leading_zero');
  });

  it('every refusal says what is wrong in its own words', () => {
    const messages = ['12', '1234567', '+1 212 555 01234', '0', 'fax', ''].map((raw) => {
      const r = normalizeNumber(raw);
      return r.ok ? '' : r.message;
    });
    expect(messages[0]).toMatch(/too short.*at least 7 digits/);
    expect(messages[1]).toMatch(/not a possible fax number.*country code/);
    expect(messages[2]).toMatch(/too long.*at most 15 digits/);
    expect(messages[3]).toMatch(/starts with 0.*country code/);
    expect(messages[4]).toMatch(/only contain digits/);
    expect(messages[5]).toMatch(/no number/);
  });
});
