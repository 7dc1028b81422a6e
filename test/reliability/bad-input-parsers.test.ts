/**
 * Bad input at the parsers behind the doors: phone numbers as typed or
 * pasted, CSV files as Excel (or anything else) writes them, and the
 * service's timestamps. Each must answer every input with a result or a
 * reason, never an exception the user would see as a crash.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/main/errors';
import { decodeCsv, parseCsvRows, planImport, previewCsv } from '../../src/main/phonebook/csv';
import { normalizeNumber, parseRecipients, splitNumbers } from '../../src/shared/phone/parse';
import { fromServiceTime, parseWallTime, serviceTimeToMs, toServiceTime } from '../../src/shared/service-time';
import { exactly, recordFigure, resetFigures } from './figures';
import { watchUnhandled } from './helpers';

// The spec's rule for a number, written from its text (not the code's constant): first character a digit 1-9,
// 7 to 15 digits in all, no plus sign, no spaces.
const SPEC_NUMBER = /^[1-9]\d{6,14}$/;

const SUITE = 'bad-input-parsers';
const RUNS = 1000;
const CSV_RUNS = 400;
const unhandled = watchUnhandled();

beforeAll(() => resetFigures(SUITE));
afterAll(() => {
  recordFigure(SUITE, 'unhandled', 'parsers: unhandled rejections and uncaught exceptions', unhandled.count(), exactly(0));
  unhandled.stop();
});

const countries = fc.constantFrom(undefined, 'CN', 'US', 'DE', 'GB', 'JP', 'XX', '', 'cn', 'ZZZ');

/** Text that looks like what people paste: digits, separators, plus signs, letters, CJK and controls. */
const phoneish = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[+ ]?[0-9 ()./-]{0,30}$/),
  fc.array(fc.constantFrom('0', '1', '8', '6', '+', ' ', '-', '(', ')', '.', 'x', '转', '\u00a0', '\t', '\n', ',', ';', '０', '９'), {
    maxLength: 40,
  }).map((a) => a.join('')),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.nat({ max: 200_000 }).map((n) => '1'.repeat(n)),
);

describe('the phone number parser', () => {
  it(`answers ${RUNS} arbitrary inputs with a number or a reason`, () => {
    let thrown = 0;
    let badNumbers = 0;
    let runs = 0;
    fc.assert(
      fc.property(phoneish, countries, (raw, country) => {
        runs++;
        try {
          const r = normalizeNumber(raw, country);
          if (r.ok && !SPEC_NUMBER.test(r.number)) badNumbers++;
          if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
          const parsed = parseRecipients(raw, country, ['8610888800001']);
          expect(parsed.counts.valid + parsed.counts.invalid).toBe(parsed.rows.length);
          for (const n of parsed.numbers) if (!SPEC_NUMBER.test(n)) badNumbers++;
          for (const n of splitNumbers(raw, country)) expect(typeof n).toBe('string');
        } catch (e) {
          thrown++;
          throw e;
        }
      }),
      { numRuns: RUNS },
    );
    recordFigure(SUITE, 'phone-thrown', 'phone parser: inputs that threw', thrown, exactly(0), `of ${runs} inputs`);
    recordFigure(SUITE, 'phone-bad-number', 'phone parser: accepted numbers outside the spec format', badNumbers, exactly(0), `of ${runs} inputs`);
  });
});

const cellText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('"', '""', '"a,b"', '\r\n', '\n', ',', ';', '\t', '|', '=cmd|/c calc', '+86 10 8888 0001', '861088880002', '００８６'),
  phoneish,
);
const csvText = fc.oneof(
  fc.string({ maxLength: 2000 }),
  fc
    .array(fc.array(cellText, { maxLength: 6 }), { maxLength: 40 })
    .chain((rows) =>
      fc.constantFrom(',', ';', '\t', '|').chain((sep) => fc.constantFrom('\n', '\r\n', '\r').map((nl) => rows.map((r) => r.join(sep)).join(nl))),
    ),
);
const csvBytes = fc.oneof(
  fc.uint8Array({ maxLength: 4000 }),
  csvText.map((t) => new TextEncoder().encode(t)),
  csvText.map((t) => Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(t)])),
  csvText.map((t) => Uint8Array.from([0xff, 0xfe, ...Buffer.from(t, 'utf16le')])),
  csvText.map(() => Uint8Array.from([0xfe, 0xff])),
);
const importOptions = fc.record({
  hasHeader: fc.boolean(),
  numberColumn: fc.nat({ max: 8 }),
  nameColumn: fc.option(fc.nat({ max: 8 }), { nil: undefined }),
  companyColumn: fc.option(fc.nat({ max: 8 }), { nil: undefined }),
  noteColumn: fc.option(fc.nat({ max: 8 }), { nil: undefined }),
  defaultCountry: fc.option(fc.constantFrom('CN', 'US', 'DE'), { nil: undefined }),
});

describe('CSV import', () => {
  it(`reads ${CSV_RUNS} arbitrary files into rows added, merged or skipped with a reason`, () => {
    let thrown = 0;
    let unaccounted = 0;
    let runs = 0;
    fc.assert(
      fc.property(csvBytes, importOptions, fc.option(fc.boolean(), { nil: undefined }), (bytes, options, header) => {
        runs++;
        try {
          const { text, encoding } = decodeCsv(bytes);
          let rows: string[][];
          try {
            rows = parseCsvRows(text);
            previewCsv(text, encoding, header);
          } catch (e) {
            // A file can be refused as a whole (too many rows), with a reason.
            if (e instanceof UserError) return;
            throw e;
          }
          const plan = planImport(rows, { ...options }, new Map(), 'CN');
          const counted = rows.filter((r, i) => !(i === 0 && options.hasHeader) && r.some((c) => c.trim() !== '')).length;
          const { added, merged, skippedCount } = plan.result;
          if (added + merged + skippedCount !== counted) unaccounted++;
          for (const c of plan.add) expect(SPEC_NUMBER.test(c.fax)).toBe(true);
        } catch (e) {
          thrown++;
          throw e;
        }
      }),
      { numRuns: CSV_RUNS },
    );
    recordFigure(SUITE, 'csv-thrown', 'CSV import: files that threw (other than a refusal with a reason)', thrown, exactly(0), `of ${runs} files`);
    recordFigure(SUITE, 'csv-unaccounted', 'CSV import: files with rows neither added, merged nor skipped', unaccounted, exactly(0), `of ${runs} files`);
  });
});

const zones = fc.constantFrom('Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/Berlin', 'Pacific/Kiritimati', 'Not/AZone', '', 'asia/shanghai');
const timeish = fc.oneof(
  fc.string(),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  fc.stringMatching(/^\d{1,5}-\d{1,3}-\d{1,3}[ T]\d{1,3}:\d{1,3}(:\d{1,3})?Z?$/),
  fc.constantFrom('2026-02-29 12:00:00', '2024-02-29 23:59:59', '0000-01-01 00:00:00', '9999-12-31 23:59:59', '2026-03-08 02:30:00', '2026-13-01 00:00:00'),
);

describe('the service-time parser', () => {
  it(`reads ${RUNS} arbitrary timestamps as an instant or null, and round-trips real ones`, () => {
    let thrown = 0;
    let roundTripMisses = 0;
    let runs = 0;
    fc.assert(
      fc.property(timeish, zones, (s, tz) => {
        runs++;
        try {
          const wall = parseWallTime(s);
          const d = fromServiceTime(s, tz);
          const ms = serviceTimeToMs(s, tz);
          if (wall === null) expect(d).toBeNull();
          if (d !== null) expect(Number.isFinite(d.getTime())).toBe(true);
          expect(ms === null || Number.isFinite(ms)).toBe(true);
        } catch (e) {
          thrown++;
          throw e;
        }
      }),
      { numRuns: RUNS },
    );
    const parsed = runs;
    // Zones without daylight saving: every instant has exactly one wall time and back.
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('Asia/Shanghai', 'UTC'), (date, tz) => {
        const text = toServiceTime(date, tz);
        const back = fromServiceTime(text, tz);
        if (back?.getTime() !== Math.floor(date.getTime() / 1000) * 1000) roundTripMisses++;
      }),
      { numRuns: RUNS },
    );
    recordFigure(SUITE, 'time-thrown', 'service time: inputs that threw', thrown, exactly(0), `of ${parsed} inputs`);
    recordFigure(SUITE, 'time-roundtrip', 'service time: instants that did not round-trip', roundTripMisses, exactly(0), `of ${RUNS} instants`);
  });
});
