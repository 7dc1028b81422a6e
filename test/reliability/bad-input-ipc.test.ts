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

/** Where a valid sample holds one of main's handles: ['documents', 0, 'handle'], ['handles', 1], … */
function handlePaths(value: unknown, isHandle: (s: string) => boolean, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return isHandle(value) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => handlePaths(v, isHandle, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => handlePaths(v, isHandle, [...at, k]));
  return [];
}

function withValueAt(sample: unknown, at: Array<string | number>, value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(sample)) as unknown;
  let node = copy as Record<string | number, unknown>;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

describe('file handles at the door', () => {
  it('refuses anything that is not one of main’s handles in every handle field of every channel, naming the field', async () => {
    const demoUrl = (await t.services.connection.client()).baseUrl;
    const samples = validSamples({ demoUrl, pdfHandle: handles.pdf, csvHandle: handles.csv });
    const granted = new Set([handles.pdf, handles.csv]);
    // Learned from the samples, not listed by hand: a channel that takes a handle gets these too.
    const fields = channelNames.flatMap((name) => handlePaths(samples[name], (s) => granted.has(s)).map((at) => ({ name, at })));
    const real = handles.pdf;
    // What a handle is (main's random token: "fh_" and 32 URL-safe characters), so everything else here is not one:
    // the very file's path, paths and URLs elsewhere, a token cut short or grown, other characters, other types.
    const constant: unknown[] = [
      files.pdf,
      '../../../../etc/passwd',
      'C:\\Windows\\win.ini',
      'file:///etc/passwd',
      '',
      'fh_',
      real.slice(0, -1),
      `${real}A`,
      `${real.slice(0, -1)}/`,
      `${real.slice(0, -1)}.`,
      `${real.slice(0, -1)}\u0000`,
      ` ${real}`,
      `${real}\n`,
      real.replace('fh_', 'FH_'),
      real.replace('fh_', 'fh-'),
      real.slice(3),
      { handle: real },
      [real],
      null,
      42,
    ];
    // …and arbitrary strings that are not of that shape
    const arbitrary = fc.sample(
      fc.string({ maxLength: 60 }).filter((s) => !/^fh_[A-Za-z0-9_-]{32}$/.test(s)),
      { numRuns: 20, seed: 31 },
    );
    let sent = 0;
    const passed: string[] = [];
    for (const { name, at } of fields) {
      const key = at.join('.');
      for (const bad of [...constant, ...arbitrary]) {
        sent++;
        const r = await dispatch(t.services.handlers, name, withValueAt(samples[name], at, bad), t.deps.log);
        // named by the field itself, or by the part that holds it (a document with a null handle is not a document)
        const named = (f: string) => f === key || key.startsWith(`${f}.`);
        const refused = !r.ok && r.error.code === 'ipc.invalid_input' && Object.keys(r.error.fields ?? {}).some(named);
        if (!refused && passed.length < 10) passed.push(`${name}.${key} = ${safeJson(bad)} → ${safeJson(r)}`);
      }
    }
    expect(passed).toEqual([]);
    recordFigure(SUITE, 'handle-fields', 'handle fields learned from the channels’ samples', fields.length, atLeast(10), [...new Set(fields.map((f) => f.name))].join(', '));
    recordFigure(SUITE, 'malformed-handles-passed', 'malformed handles not refused at the door', passed.length, exactly(0), `of ${sent} sent`);
  });

  it('refuses a well-formed handle main never issued, as a file to choose again (settling one is a no-op)', async () => {
    const demoUrl = (await t.services.connection.client()).baseUrl;
    const samples = validSamples({ demoUrl, pdfHandle: handles.pdf, csvHandle: handles.csv });
    const granted = new Set([handles.pdf, handles.csv]);
    const stranger = `fh_${'Q'.repeat(32)}`;
    const answers: string[] = [];
    for (const name of channelNames) {
      for (const at of handlePaths(samples[name], (s) => granted.has(s))) {
        const r = await dispatch(t.services.handlers, name, withValueAt(samples[name], at, stranger), t.deps.log);
        answers.push(`${name}.${at.join('.')}: ${r.ok ? `ok ${safeJson(r.value)}` : r.error.code}`);
      }
    }
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).toMatch(/: file\.not_granted$/);
  });
});
