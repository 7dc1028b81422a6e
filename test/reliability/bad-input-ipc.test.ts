/**
 * Bad input at every door: every channel of the IPC contract, called through
 * the real dispatch with real services (demo simulator, SQLite, files in a
 * temp folder), with arbitrary payloads and mutations of valid ones. Nothing
 * may throw or reject unhandled; every refusal must be plain, serializable
 * `{ ok: false, error: { code, message } }`.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch';
import { channelNames, contract, type ChannelName } from '../../src/shared/ipc/contract';
import { makeTestServices, type TestServices } from '../helpers/services';
import { atLeast, exactly, recordFigure, resetFigures } from './figures';
import { isPlainData, safeJson, samplePdf, watchUnhandled } from './helpers';
import { validSamples } from './ipc-samples';
import { grantDroppedFile } from '../../src/main/files/grants';

const SUITE = 'bad-input-ipc';
const RUNS = Number(process.env.RELIABILITY_IPC_RUNS ?? 200);

let t: TestServices;
let files: { pdf: string; csv: string; missing: string; dir: string; out: string };
/** the sample documents as the user dropped them: main's handles */
let handles: { pdf: string; csv: string };
const unhandled = watchUnhandled();

beforeAll(async () => {
  resetFigures(SUITE);
  const home = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'faxdesk-home-'));
  t = await makeTestServices({}, { intake: { home } });
  const dir = path.join(t.dataDir, 'fuzz-files');
  fs.mkdirSync(dir, { recursive: true });
  const csv = path.join(dir, 'contacts.csv');
  fs.writeFileSync(csv, 'name,fax\nAlice,+86 10 8888 0001\nBob,861088880002\n');
  files = { pdf: await samplePdf(dir, 1), csv, missing: path.join(dir, 'missing.pdf'), dir, out: path.join(dir, 'export.csv') };
  handles = { pdf: grantDroppedFile(t.services.grants, files.pdf).handle, csv: grantDroppedFile(t.services.grants, files.csv).handle };
});

afterAll(async () => {
  await t?.cleanup();
  unhandled.stop();
});

/** Strings that have broken parsers and paths elsewhere. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    '../../../../etc/passwd',
    'C:\\Windows\\System32\\drivers\\etc\\hosts',
    '\u0000',
    '\ud800',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://evil.example/\u202e',
    '1e309',
    'NaN',
    '%00%2e%2e%2f',
    '<script>alert(1)</script>',
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue = fc.oneof(
  hostileString,
  fc.anything(),
  fc.constantFrom(null, undefined, NaN, Infinity, -Infinity, -0, 2 ** 53, [], {}, true),
  fc.bigInt().map((b) => b),
);

/** A valid payload with one thing wrong (or, sometimes, nothing wrong). */
function mutationsOf(valid: unknown): fc.Arbitrary<unknown> {
  if (valid === undefined || typeof valid !== 'object' || valid === null || Object.keys(valid).length === 0) {
    return fc.oneof(fc.constant(valid), hostileValue, fc.constant({}), fc.constant(null), fc.constant([valid]));
  }
  const obj = valid as Record<string, unknown>;
  const keys = Object.keys(obj);
  return fc.oneof(
    fc.constant(obj),
    // one field replaced by anything
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...obj, [k]: v })),
    // one field removed
    fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(obj).filter(([key]) => key !== k))),
    // an extra field, including ones that look like prototype pollution
    fc.tuple(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')), hostileValue).map(([k, v]) => {
      const copy: Record<string, unknown> = JSON.parse(JSON.stringify(obj)) as Record<string, unknown>;
      Object.defineProperty(copy, k, { value: v, enumerable: true, configurable: true, writable: true });
      return copy;
    }),
    // the same after a JSON round trip with a polluting key, as a compromised renderer could send
    fc.constant(JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(obj).slice(1)}`) as unknown),
    // wrong container
    fc.constant([obj]),
    fc.constant(JSON.stringify(obj)),
  );
}

interface ChannelStats {
  calls: number;
  invalid: number;
  refusedInvalid: number;
  ok: number;
  internal: number;
  thrown: number;
  notPlain: number;
}

describe('every IPC channel under arbitrary payloads', () => {
  const stats = new Map<string, ChannelStats>();

  it(`answers ${RUNS}+ arbitrary payloads per channel with plain data, never a throw`, async () => {
    const demoUrl = (await t.services.connection.client()).baseUrl;
    const samples = validSamples({ demoUrl, pdfHandle: handles.pdf, csvHandle: handles.csv });
    const missingSamples = channelNames.filter((n) => !Object.hasOwn(samples, n));
    const started = Date.now();
    const internalSeen: string[] = [];

    for (const name of channelNames) {
      const s: ChannelStats = { calls: 0, invalid: 0, refusedInvalid: 0, ok: 0, internal: 0, thrown: 0, notPlain: 0 };
      stats.set(name, s);
      const schema = contract[name as ChannelName].input;
      const payload = fc.oneof({ weight: 2, arbitrary: fc.anything() }, { weight: 3, arbitrary: mutationsOf(samples[name] ?? {}) });
      await fc.assert(
        fc.asyncProperty(payload, async (input) => {
          s.calls++;
          const valid = schema.safeParse(input).success;
          if (!valid) s.invalid++;
          let result: unknown;
          try {
            result = await dispatch(t.services.handlers, name, input, t.deps.log);
          } catch (e) {
            s.thrown++;
            throw e;
          }
          if (!isPlainData(result)) s.notPlain++;
          expect(isPlainData(result), `${name}: result is not plain data`).toBe(true);
          const r = result as { ok: boolean; error?: { code: unknown; message: unknown } };
          expect(typeof r.ok).toBe('boolean');
          if (r.ok) s.ok++;
          else {
            expect(typeof r.error?.code === 'string' && r.error.code.length > 0, `${name}: error without a code`).toBe(true);
            expect(typeof r.error?.message === 'string' && r.error.message.length > 0, `${name}: error without a message`).toBe(true);
            if (r.error?.code === 'internal') {
              s.internal++;
              if (internalSeen.length < 10) internalSeen.push(`${name}: ${safeJson(input)}`);
            }
          }
          if (!valid) {
            expect(r.ok, `${name}: an invalid payload was accepted`).toBe(false);
            expect(r.error?.code).toBe('ipc.invalid_input');
            s.refusedInvalid++;
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // Undo what valid payloads changed, so the next channel starts from a usable state.
      await dispatch(t.services.handlers, 'useDemo', undefined);
    }
    // Prototype pollution through a payload would show up on every object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const all = [...stats.values()];
    const sum = (k: keyof ChannelStats) => all.reduce((n, x) => n + x[k], 0);
    const perChannelMin = Math.min(...all.map((x) => x.calls));
    if (internalSeen.length) console.warn(`internal errors on valid payloads:\n${internalSeen.join('\n')}`);
    console.info(`ipc fuzz: ${sum('calls')} calls over ${channelNames.length} channels in ${Math.round((Date.now() - started) / 1000)} s`);

    recordFigure(SUITE, 'channels', 'IPC channels fuzzed', channelNames.length, atLeast(channelNames.length), 'every channel of the contract');
    recordFigure(SUITE, 'channels-without-sample', 'channels without a valid sample to mutate', missingSamples.length, exactly(0), missingSamples.join(', ') || undefined);
    recordFigure(SUITE, 'min-cases', 'fewest payloads sent to one channel', perChannelMin, atLeast(200));
    recordFigure(SUITE, 'thrown', 'dispatch calls that threw or rejected', sum('thrown'), exactly(0), `of ${sum('calls')} calls`);
    recordFigure(SUITE, 'not-plain', 'results that were not plain JSON data', sum('notPlain'), exactly(0), `of ${sum('calls')} calls`);
    recordFigure(
      SUITE,
      'invalid-unrefused',
      'invalid payloads not refused with a structured error',
      sum('invalid') - sum('refusedInvalid'),
      exactly(0),
      `of ${sum('invalid')} invalid payloads`,
    );
    recordFigure(SUITE, 'internal', 'valid payloads answered "internal" (an unexpected throw)', sum('internal'), exactly(0), `of ${sum('calls') - sum('invalid')} valid payloads`);
    recordFigure(SUITE, 'unhandled', 'unhandled rejections and uncaught exceptions', unhandled.count(), exactly(0));
  });
});
