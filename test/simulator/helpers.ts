/** Shared helpers for the simulator contract tests: real HTTP over loopback. */
import { PDFDocument } from 'pdf-lib';
import { afterEach } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorOptions, type WireTask } from '../../src/simulator/index';
import { until } from '../helpers/until';

/** Parsed reply JSON: tests read it field by field and assert on every field they use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON under test
export type Json = any;

export interface Envelope {
  success: boolean;
  message: string;
  data?: Json;
  errors?: Json;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: Envelope;
}

const running = new Set<RunningSimulator>();

/** Starts a simulator that is stopped automatically after the test. */
export async function sim(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const s = await startSimulator(opts);
  running.add(s);
  return s;
}

afterEach(async () => {
  await Promise.all([...running].map((s) => s.stop()));
  running.clear();
});

export function authHeaders(s: RunningSimulator): Record<string, string> {
  return { 'X-API-Key': s.apiKey, 'X-API-Secret': s.apiSecret };
}

export async function call(
  s: RunningSimulator,
  method: string,
  path: string,
  init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(init.auth === false ? {} : authHeaders(s)), ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(s.baseUrl + path, { method, headers, body: body ?? null });
  const text = await res.text();
  let parsed: Envelope;
  try {
    parsed = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export async function makePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`page ${i + 1}`, { x: 20, y: 100, size: 12 });
  return doc.save();
}

export async function uploadBytes(s: RunningSimulator, name: string, bytes: Uint8Array | string): Promise<Reply> {
  return call(s, 'POST', '/api/v2/files/upload', {
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(name) },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
}

/** Uploads a PDF of `pages` pages and returns its file_ref. */
export async function uploadPdf(s: RunningSimulator, pages = 1): Promise<string> {
  const r = await uploadBytes(s, 'doc.pdf', await makePdf(pages));
  if (r.status !== 200) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  return r.body.data.file_ref as string;
}

export async function createTask(
  s: RunningSimulator,
  fileRefs: string[],
  phones: string[],
  extra: Record<string, unknown> = {},
): Promise<Reply> {
  return call(s, 'POST', '/api/v2/faxes', { json: { name: 'test task', file_refs: fileRefs, phone_numbers: phones, ...extra } });
}

export async function getTask(s: RunningSimulator, ref: string): Promise<Reply> {
  return call(s, 'GET', `/api/v2/faxes/${ref}`);
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, label = 'condition'): Promise<T> {
  return (await until(label, async () => {
    const v = await probe();
    return v !== undefined && v !== false ? { v } : null;
  }, timeoutMs)).v;
}

/** Polls the task over HTTP until its status is final. */
export async function waitForTaskEnd(s: RunningSimulator, ref: string, timeoutMs = 10_000): Promise<WireTask> {
  return waitFor(
    async () => {
      const r = await getTask(s, ref);
      return r.body.data.status === 'done' || r.body.data.status === 'failed' ? r.body.data : undefined;
    },
    timeoutMs,
    `task ${ref} to end`,
  );
}

/** Formats an instant as Y-m-d H:i:s in a zone, independently of the simulator's code. */
export function wallClock(ms: number, timeZone = 'Asia/Shanghai'): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
