import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocal, formatServiceTimeLocal, fromServiceTime, isKnownTimeZone, serviceTimeToMs, toServiceTime } from '../../src/shared/service-time';

const iso = (s: string, tz: string) => fromServiceTime(s, tz)?.toISOString() ?? null;

describe('service time, in zones without surprises', () => {
  it('Asia/Shanghai is UTC+8 all year', () => {
    expect(iso('2026-01-15 09:00:00', 'Asia/Shanghai')).toBe('2026-01-15T01:00:00.000Z');
    expect(iso('2026-07-15 09:00:00', 'Asia/Shanghai')).toBe('2026-07-15T01:00:00.000Z');
    expect(toServiceTime(new Date('2026-12-31T16:00:00Z'), 'Asia/Shanghai')).toBe('2027-01-01 00:00:00');
  });

  it('Asia/Kolkata is half an hour off the hour', () => {
    expect(iso('2026-01-01 00:00:00', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
    expect(toServiceTime(new Date('2026-03-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-01 05:30:00');
  });

  it('drops milliseconds rather than rounding into the next second', () => {
    expect(toServiceTime(new Date('2026-05-01T00:00:59.999Z'), 'UTC')).toBe('2026-05-01 00:00:59');
  });
});

describe('across the date line', () => {
  const instant = new Date('2026-06-30T23:30:00Z');
  it('the same instant is a day apart in Kiritimati (+14) and Pago Pago (-11)', () => {
    expect(toServiceTime(instant, 'Pacific/Kiritimati')).toBe('2026-07-01 13:30:00');
    expect(toServiceTime(instant, 'Pacific/Pago_Pago')).toBe('2026-06-30 12:30:00');
    expect(fromServiceTime('2026-07-01 13:30:00', 'Pacific/Kiritimati')).toEqual(instant);
    expect(fromServiceTime('2026-06-30 12:30:00', 'Pacific/Pago_Pago')).toEqual(instant);
  });

  it('a day a zone skipped entirely (Kiritimati, 31 Dec 1994) moves forward by the gap', () => {
    expect(iso('1994-12-31 12:00:00', 'Pacific/Kiritimati')).toBe('1994-12-31T22:00:00.000Z');
    expect(toServiceTime(new Date('1994-12-31T22:00:00Z'), 'Pacific/Kiritimati')).toBe('1995-01-01 12:00:00');
  });
});

describe('across daylight saving time', () => {
  it('New York: ordinary times on both sides of the change', () => {
    expect(iso('2026-03-07 12:00:00', 'America/New_York')).toBe('2026-03-07T17:00:00.000Z');
    expect(iso('2026-03-09 12:00:00', 'America/New_York')).toBe('2026-03-09T16:00:00.000Z');
  });

  it('New York spring-forward gap: 02:30 reads as 03:30 EDT', () => {
    expect(iso('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(toServiceTime(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08 03:30:00');
  });

  it('New York fall-back overlap: 01:30 is the first (EDT) one', () => {
    expect(iso('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(toServiceTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30:00');
  });

  it('London: gap at 01:00-02:00 in March, overlap in October', () => {
    expect(iso('2026-03-29 01:30:00', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(iso('2026-03-29 02:00:00', 'Europe/London')).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-10-25 01:30:00', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25 02:00:00', 'Europe/London')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('every half hour of a year of New York and London time round-trips', () => {
    for (const tz of ['America/New_York', 'Europe/London']) {
      const wrong: string[] = [];
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
        const s = toServiceTime(new Date(t), tz);
        const back = fromServiceTime(s, tz)?.getTime();
        // in an overlap the earlier instant is chosen, one hour before the later one
        if (back !== t && back !== t - 3_600_000) wrong.push(`${new Date(t).toISOString()} -> ${s} -> ${back}`);
      }
      expect(wrong).toEqual([]);
    }
  });
});

describe('strict parsing', () => {
  it.each([
    '2026-02-30 00:00:00',
    '2026-02-29 00:00:00',
    '2026-13-01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01 25:61:00',
    '2026-01-01 00:00:60',
    '2026-1-1 0:00:00',
    '2026-01-01T00:00:00',
    '2026-01-01 00:00',
    ' 2026-01-01 00:00:00',
    '2026-01-01 00:00:00 ',
    '2026-01-01 00:00:00Z',
    '2026-01-01 00:00:00.000',
    '２０２６-01-01 00:00:00',
    '',
  ])('refuses %j', (s) => {
    expect(fromServiceTime(s, 'Asia/Shanghai')).toBeNull();
  });

  it('knows the zones Intl knows, and no others', () => {
    expect(isKnownTimeZone('Asia/Shanghai')).toBe(true);
    expect(isKnownTimeZone('Asia/Shanghai')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });

  it('accepts 29 February in a leap year and refuses an unknown zone', () => {
    expect(fromServiceTime('2024-02-29 12:00:00', 'Asia/Shanghai')).not.toBeNull();
    expect(fromServiceTime('2024-02-29 12:00:00', 'Mars/Olympus_Mons')).toBeNull();
  });

  it('never throws, and whatever it accepts formats back to itself outside transitions', () => {
    const zones = fc.constantFrom('Asia/Shanghai', 'Asia/Kolkata', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Europe/London', 'Nope/Nope');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)), zones, (s, tz) => {
        const d = fromServiceTime(s, tz);
        if (d) expect(Number.isFinite(d.getTime())).toBe(true);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), zones.filter((z) => z !== 'Nope/Nope'), (date, tz) => {
        const s = toServiceTime(date, tz);
        expect(toServiceTime(fromServiceTime(s, tz)!, tz)).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('showing times to people', () => {
  it('formats in the given zone and language, and falls back to the raw string', () => {
    const d = new Date('2026-05-01T01:00:00Z');
    expect(formatLocal(d, { locale: 'en-GB', timeZone: 'Asia/Shanghai', style: 'time' })).toBe('09:00');
    expect(formatServiceTimeLocal('2026-05-01 09:00:00', 'Asia/Shanghai', { locale: 'en-GB', timeZone: 'Europe/London', style: 'time' })).toBe('02:00');
    expect(formatServiceTimeLocal('not a time', 'Asia/Shanghai')).toBe('not a time');
    expect(formatLocal(d, { timeZone: 'Bad/Zone' })).toBe('2026-05-01T01:00:00.000Z');
  });

  it('one format on every screen: numeric date and 24-hour time, in either language', () => {
    const d = new Date('2026-11-23T06:06:05Z');
    expect(formatLocal(d, { locale: 'en', timeZone: 'Asia/Shanghai' })).toBe('11/23/2026, 14:06');
    expect(formatLocal(d, { locale: 'zh-CN', timeZone: 'Asia/Shanghai' })).toBe('2026/11/23 14:06');
    expect(formatLocal(d, { locale: 'zh-CN', timeZone: 'Asia/Shanghai', seconds: true })).toBe('2026/11/23 14:06:05');
    expect(formatLocal(d, { locale: 'en', timeZone: 'Asia/Shanghai', style: 'date' })).toBe('11/23/2026');
  });
});

describe('the edges of the format (four-digit years, real calendar days)', () => {
  it('writes years 0000 to 9999 and refuses an instant outside them rather than writing a wrong year', () => {
    // 1 BC is year 0000 in the format; 2 BC would be -0001, which the format cannot write
    expect(toServiceTime(new Date('0000-06-01T00:00:00Z'), 'UTC')).toBe('0000-06-01 00:00:00');
    expect(() => toServiceTime(new Date('-000001-12-31T23:59:59Z'), 'UTC')).toThrow('year outside 0000-9999');
    expect(toServiceTime(new Date('0999-03-04T05:06:07Z'), 'UTC')).toBe('0999-03-04 05:06:07');
    expect(toServiceTime(new Date('9999-12-31T23:59:59Z'), 'UTC')).toBe('9999-12-31 23:59:59');
    expect(() => toServiceTime(new Date('+010000-01-01T00:00:00Z'), 'UTC')).toThrow('year outside 0000-9999');
    expect(() => toServiceTime(new Date(Number.NaN), 'UTC')).toThrow('invalid Date');
  });

  it('reads the earliest and the latest time the format can hold', () => {
    expect(iso('0000-01-01 00:00:00', 'UTC')).toBe('0000-01-01T00:00:00.000Z');
    expect(iso('9999-12-31 23:59:59', 'UTC')).toBe('9999-12-31T23:59:59.000Z');
  });

  it('every month’s last day is a date and the day after it is not', () => {
    // the calendar's month lengths, in 2026 (not a leap year)
    const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    lengths.forEach((last, i) => {
      const month = String(i + 1).padStart(2, '0');
      expect(iso(`2026-${month}-${last} 12:00:00`, 'UTC')).toBe(`2026-${month}-${last}T12:00:00.000Z`);
      expect([month, fromServiceTime(`2026-${month}-${last + 1} 12:00:00`, 'UTC')]).toEqual([month, null]);
      expect([month, fromServiceTime(`2026-${month}-00 12:00:00`, 'UTC')]).toEqual([month, null]);
    });
  });

  it('29 February: every fourth year, but not in 1900 or 2100, and in 2000', () => {
    expect(iso('2024-02-29 00:00:00', 'UTC')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('2000-02-29 00:00:00', 'UTC')).toBe('2000-02-29T00:00:00.000Z');
    expect(fromServiceTime('1900-02-29 00:00:00', 'UTC')).toBeNull();
    expect(fromServiceTime('2100-02-29 00:00:00', 'UTC')).toBeNull();
    expect(fromServiceTime('2027-02-29 00:00:00', 'UTC')).toBeNull();
  });

  it('the last second of a day is a time; minute 60 is not', () => {
    expect(iso('2026-01-01 23:59:59', 'UTC')).toBe('2026-01-01T23:59:59.000Z');
    expect(fromServiceTime('2026-01-01 00:60:00', 'UTC')).toBeNull();
    expect(fromServiceTime('2026-01-01 23:59:60', 'UTC')).toBeNull();
  });
});

describe('a timestamp from a service reply (serviceTimeToMs)', () => {
  it('is the instant in the service’s zone; none, or something that is not text, is no instant', () => {
    expect(serviceTimeToMs('2026-01-15 09:00:00', 'Asia/Shanghai')).toBe(Date.parse('2026-01-15T01:00:00Z'));
    expect(serviceTimeToMs(null, 'Asia/Shanghai')).toBeNull();
    expect(serviceTimeToMs(undefined, 'Asia/Shanghai')).toBeNull();
    expect(serviceTimeToMs('', 'Asia/Shanghai')).toBeNull();
    // a malformed reply with a list where the text belongs reads as text only if nothing checks
    expect(serviceTimeToMs(['2026-01-15 09:00:00'] as never, 'Asia/Shanghai')).toBeNull();
    expect(fromServiceTime(20260115 as never, 'Asia/Shanghai')).toBeNull();
  });

  it('many times in the same hour read alike (the hour’s offset is remembered), and the next hour is an hour later', () => {
    const at = (s: string) => serviceTimeToMs(s, 'Asia/Kolkata');
    expect(at('2026-04-10 10:00:00')).toBe(Date.parse('2026-04-10T04:30:00Z'));
    expect(at('2026-04-10 10:59:59')).toBe(Date.parse('2026-04-10T05:29:59Z'));
    expect(at('2026-04-10 10:30:00')).toBe(Date.parse('2026-04-10T05:00:00Z'));
    expect(at('2026-04-10 11:00:00')).toBe(Date.parse('2026-04-10T05:30:00Z'));
    // a remembered hour of one zone is not another zone's
    expect(serviceTimeToMs('2026-04-10 10:00:00', 'Asia/Shanghai')).toBe(Date.parse('2026-04-10T02:00:00Z'));
  });
});

describe('showing times: every option counts, whatever was shown before', () => {
  it('an invalid date shows as nothing rather than throwing', () => {
    expect(formatLocal(new Date(Number.NaN), { locale: 'en', timeZone: 'UTC' })).toBe('');
  });

  it('style, seconds, zone and language each change the text, one right after another', () => {
    const d = new Date('2026-11-23T06:06:05Z');
    const shown = [
      formatLocal(d, { locale: 'en', timeZone: 'UTC' }),
      formatLocal(d, { locale: 'en', timeZone: 'UTC', style: 'datetime' }),
      formatLocal(d, { locale: 'en', timeZone: 'UTC', style: 'date' }),
      formatLocal(d, { locale: 'en', timeZone: 'UTC', style: 'time' }),
      formatLocal(d, { locale: 'en', timeZone: 'UTC', style: 'time', seconds: true }),
      formatLocal(d, { locale: 'en', timeZone: 'Asia/Shanghai', style: 'time' }),
      formatLocal(d, { locale: 'zh-CN', timeZone: 'UTC', style: 'date' }),
    ];
    expect(shown).toEqual(['11/23/2026, 06:06', '11/23/2026, 06:06', '11/23/2026', '06:06', '06:06:05', '14:06', '2026/11/23']);
  });
});
