/**
 * The spec's limits on a number (7 to 15 digits with the country code, first digit 1-9), on both
 * sides, as people type them: the limits come from the spec's text, not from the code's constant.
 */
import { describe, expect, it } from 'vitest';
import { normalizeNumber } from '@shared/phone/parse';

const reason = (raw: string, country?: string) => {
  const r = normalizeNumber(raw, country);
  return r.ok ? `ok ${r.number}` : r.reason;
};

describe('the spec’s 7 to 15 digits', () => {
  it('15 digits with the country code are a number; 16 are one digit too many', () => {
    expect(reason('493012345678901', 'DE')).toBe('ok 493012345678901');
    expect(reason('4930123456789012', 'DE')).toBe('too_long');
    expect(reason('12345678901234567', 'CN')).toBe('too_long');
  });

  it('an international prefix (00, 011) is not counted, but digits beyond 15 after it still are', () => {
    expect(reason('00 49 30 1234567', 'DE')).toBe('ok 49301234567');
    expect(reason('011 49 30 1234567', 'US')).toBe('ok 49301234567');
    expect(reason('00 4930123456789012', 'DE')).toBe('too_long');
    expect(reason('011 49 30 1234567 89012', 'US')).toBe('too_long');
  });

  it('six digits are too few', () => {
    expect(reason('123456', 'CN')).toBe('too_short');
  });

  it('digits spread by spaces count as digits; a line of 130 ones is too long, not a number', () => {
    expect(reason('3 0 1 2 3 4 5 6 7', 'DE')).toBe('ok 49301234567');
    expect(reason(' 1'.repeat(130), 'CN')).toBe('too_long');
  });

  it('Italy keeps its leading 0 after the country code; elsewhere a 0 with no country to complete it is refused', () => {
    expect(reason('06 1234 5678', 'IT')).toBe('ok 390612345678');
    expect(reason('+390612345678')).toBe('ok 390612345678');
    expect(reason('020 7946 0958')).toBe('leading_zero');
    expect(reason('+44 (0)20 7946 0958', 'GB')).toBe('ok 442079460958');
  });
});
