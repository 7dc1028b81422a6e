/**
 * Helpers for the API client tests: a real simulator on a loopback port,
 * a client wired to it, a logger and an error collector that the leak test
 * inspects, and an instant sleep that records the waits it was asked for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, expect } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src/simulator/index';
import { createFaxApiClient, type FaxApiClient, type FaxApiClientOptions } from '@main/api/client';
import { FaxApiError } from '@main/api/errors';
import type { ServiceFetch } from '@main/api/http';
import { streamingFetch } from '@main/api/stream-fetch';
import { createLogger, type Logger } from '@main/log';

/** Distinctive values so a leak is found by a plain substring search. */
export const SECRET = 'S3cret-Zq81-FaxDesk-only';
export const WRONG_SECRET = 'Wr0ng-Kx72-never-valid';
export const API_KEY = 'key-test-4471';

/** Everything the tests saw: log lines (raw and redacted), errors and their IPC form. */
export const seen = { lines: [] as string[], errors: [] as unknown[] };

/** A logger that records the raw text too, so redaction cannot hide a leak from the check. */
export function capturingLogger(): Logger {
  const redacted = createLogger((line) => seen.lines.push(line));
  const raw = (level: string) => (msg: string, ...extra: unknown[]) => {
    seen.lines.push(`${level} ${msg} ${extra.map((x) => (x instanceof Error ? `${x.name} ${x.message}` : JSON.stringify(x))).join(' ')}`);
  };
  return {
    info: (m, ...e) => (raw('info')(m, ...e), redacted.info(m, ...e)),
    warn: (m, ...e) => (raw('warn')(m, ...e), redacted.warn(m, ...e)),
    error: (m, ...e) => (raw('error')(m, ...e), redacted.error(m, ...e)),
  };
}

const running = new Set<RunningSimulator>();
const servers = new Set<http.Server>();

export async function sim(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const s = await startSimulator({ apiKey: API_KEY, apiSecret: SECRET, ...opts });
  running.add(s);
  return s;
}

afterEach(async () => {
  await Promise.all([...running].map((s) => s.stop()));
  running.clear();
  await Promise.all([...servers].map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
  servers.clear();
});

/** Every test file ends by checking that no secret reached a log line or an error. */
afterAll(() => {
  for (const text of allSeenText()) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(WRONG_SECRET);
  }
});

export function allSeenText(): string[] {
  const out = [...seen.lines];
  for (const e of seen.errors) {
    if (e instanceof Error) out.push(e.message, String(e), e.stack ?? '');
    if (e instanceof FaxApiError) out.push(JSON.stringify(e.toErrorData()), JSON.stringify(e));
  }
  return out;
}

export interface Sleeps {
  waits: number[];
  sleep: (ms: number) => Promise<void>;
}

export function instantSleep(): Sleeps {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

export function client(baseUrl: string, overrides: Partial<FaxApiClientOptions> = {}): FaxApiClient {
  return createFaxApiClient({
    baseUrl,
    apiKey: API_KEY,
    getSecret: async () => SECRET,
    log: capturingLogger(),
    timeoutMs: 5_000,
    sleep: async () => {},
    random: () => 0.5,
    ...overrides,
  });
}

/** Awaits a call expected to fail and returns its error (recorded for the leak check). */
export async function failure(p: Promise<unknown>): Promise<FaxApiError> {
  try {
    await p;
  } catch (e) {
    seen.errors.push(e);
    if (!(e instanceof FaxApiError)) throw e;
    return e;
  }
  throw new Error('expected the call to fail');
}

/** A plain loopback HTTP server for replies the simulator would never send; closed after each test. */
export async function localServer(handler: http.RequestListener, setup?: (server: http.Server) => void): Promise<string> {
  const server = http.createServer(handler);
  setup?.(server);
  servers.add(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** A fetch that counts calls and can be told to refuse the first N before delegating to the real one. */
export function countingFetch(refuseFirst = 0): { fetch: ServiceFetch; calls: () => number; headers: Headers[] } {
  let calls = 0;
  const headers: Headers[] = [];
  const f: ServiceFetch = async (input, init) => {
    calls++;
    headers.push(new Headers(init?.headers));
    if (calls <= refuseFirst) {
      const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
      throw new TypeError('fetch failed', { cause });
    }
    // The client's own transport, so uploads take the path they take in the app.
    return streamingFetch(input, init);
  };
  return { fetch: f, calls: () => calls, headers };
}
