/**
 * One HTTP exchange with the fax service: authentication headers, a time
 * limit, a bounded read of the reply, and the translation of every outcome
 * into the error families of ./errors. No retries here (see ./retry).
 */
import { redact, registerSecretForRedaction, type Logger } from '../log';
import { envelopeSchema, type Envelope } from '../../shared/api/schemas';
import {
  AuthError,
  BusinessError,
  CancelledError,
  FaxApiError,
  MalformedReplyError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  ValidationError,
  type Operation,
} from './errors';
import { parseRetryAfter } from './retry';

/**
 * What the transport reads of a reply: a fetch Response is one. The upload transport (./stream-fetch)
 * answers a small reply with a plain one that carries its bytes read whole (`whole`), so no Headers or
 * Response is built for the ~130 bytes of an upload's answer (~0.13 ms of each upload's main-thread
 * time in a fresh process, measured in issue #27).
 */
export interface ServiceReply {
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
  /** the whole reply, when the transport has already read it */
  whole?: Uint8Array;
}

/** How the transport sends a request: `fetch` itself, or the upload transport for file bodies (./stream-fetch). */
export type ServiceFetch = (url: URL, init: RequestInit & { duplex?: 'half' }) => Promise<ServiceReply>;

export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  getSecret: () => Promise<string | null>;
  /**
   * Called once when the credentials were refused (or the secret was missing), with the secret the refused
   * request carried ('' when none): true means the store holds another one now, so the request is made once
   * more with it. Compared with what this request sent, not with what is kept: several requests refused
   * together are each made again, however their answers interleave with the store's read.
   */
  secretRefused?: (sent: string) => Promise<boolean>;
  fetch: ServiceFetch;
  log?: Logger;
  /** replies larger than this are refused unread (a task of 100 recipients is ~30 KB) */
  maxReplyBytes: number;
}

export interface RequestSpec {
  operation: Operation;
  method: 'GET' | 'POST';
  /** path below the base URL, already percent-encoded */
  path: string;
  headers?: Record<string, string>;
  /** built per attempt, so a streamed body is never reused */
  body?: () => RequestInit['body'];
  timeoutMs: number;
  /** the limit the user is told about when it runs out: the whole call's, retries included (default timeoutMs) */
  totalTimeoutMs?: number;
  signal?: AbortSignal;
  /** set when a local body source fails: reported instead of a network error */
  bodyError?: () => FaxApiError | null;
}

export interface Reply {
  status: number;
  data: unknown;
}

/** One decoder for every reply: building one per reply cost ~0.07 ms of an upload (profiled, issue #27). */
const UTF8 = new TextDecoder('utf-8');
// Visible ASCII only: anything else would make fetch throw an error that quotes the header value.
const HEADER_SAFE = /^[\x21-\x7e]+$/;
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'ENETUNREACH', 'EHOSTUNREACH']);

export function joinUrl(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, '') + path);
}

/** What one exchange sent as its secret: told to `secretRefused` when it is refused, never logged or thrown. */
interface SentSecret {
  secret: string;
}

async function credentialHeaders(cfg: TransportConfig, operation: Operation, sent: SentSecret): Promise<Record<string, string>> {
  const key = cfg.apiKey.trim();
  const got = await cfg.getSecret();
  sent.secret = got ?? '';
  const secret = (got ?? '').trim();
  if (secret) registerSecretForRedaction(secret);
  if (!key || !secret) throw new AuthError(operation, null, 'auth.missing_credentials');
  if (!HEADER_SAFE.test(key) || !HEADER_SAFE.test(secret)) throw new AuthError(operation, null, 'auth.malformed_credentials');
  return { 'X-API-Key': key, 'X-API-Secret': secret };
}

/** The first system error code along an error's cause chain (undici wraps them in "fetch failed"). */
export function causeCodeOf(e: unknown): string | null {
  let cur: unknown = e;
  for (let depth = 0; depth < 5 && typeof cur === 'object' && cur !== null; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
    const nested = (cur as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.length) cur = nested[0];
    else cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

function failureOf(e: unknown, spec: RequestSpec, timedOut: boolean, reached: boolean): FaxApiError {
  if (e instanceof FaxApiError) return e;
  if (spec.signal?.aborted) return new CancelledError(spec.operation);
  if (timedOut) return new TimeoutError(spec.operation, spec.totalTimeoutMs ?? spec.timeoutMs);
  const local = spec.bodyError?.();
  if (local) return local;
  const code = causeCodeOf(e);
  // Once reply headers have arrived the request certainly reached the service.
  const mayHaveReached = reached || code === null || !NOT_REACHED.has(code);
  return new NetworkError(spec.operation, mayHaveReached, code);
}

async function readBounded(res: ServiceReply, limit: number, operation: Operation): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel().catch(() => {});
    throw new MalformedReplyError(operation, res.status, `reply of ${declared} bytes exceeds ${limit}`);
  }
  // a small reply the upload transport read whole (stream-fetch.ts): its bytes, no stream to read
  const whole = res.whole;
  if (whole !== undefined) {
    if (whole.length > limit) throw new MalformedReplyError(operation, res.status, `reply exceeds ${limit} bytes`);
    return UTF8.decode(whole);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new MalformedReplyError(operation, res.status, `reply exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
  return UTF8.decode(Buffer.concat(chunks));
}

/** `errors` of a validation failure: { field: [messages] }, tolerating single strings. */
function fieldMap(errors: unknown): Record<string, string[]> | null {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) {
    const list = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    out[k] = list.length ? list : ['invalid'];
  }
  return out;
}

/** Service texts end up in errors shown to the user: a service that echoes the request must not leak the secret. */
function scrubbed(env: Envelope): Envelope {
  const errors = env.errors;
  let clean: unknown = errors;
  if (typeof errors === 'string') clean = redact(errors);
  else if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    clean = Object.fromEntries(
      Object.entries(errors).map(([k, v]) => [redact(k), Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? redact(x) : x)) : typeof v === 'string' ? redact(v) : v]),
    );
  }
  return { ...env, message: redact(env.message), errors: clean };
}

function failureFromEnvelope(op: Operation, status: number, env: Envelope, retryAfter: string | null): FaxApiError {
  if (status === 401 || status === 403) return AuthError.fromServiceMessage(op, status, env.message);
  if (status === 404) return new NotFoundError(op, status);
  if (status === 429) return new RateLimitedError(op, status, parseRetryAfter(retryAfter));
  if (status >= 500) return new ServerError(op, status);
  const fields = fieldMap(env.errors);
  if (fields) return new ValidationError(op, status, fields);
  return new BusinessError(op, status, env.message, typeof env.errors === 'string' ? env.errors : '');
}

function describeUnreadable(res: ServiceReply, text: string): string {
  const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() || 'no content type';
  if (/^\s*</.test(text)) return `an HTML or XML page (${type})`;
  if (text.trim() === '') return 'an empty body';
  return `not JSON (${type}, ${text.length} characters)`;
}

/**
 * The exchange's signal: the caller's cancel or the time limit, whichever comes first. One controller and
 * one timer, both let go when the exchange ends: AbortSignal.timeout's timer stayed pending for the
 * whole limit (5 minutes for an upload) after every exchange, and AbortSignal.any keeps weak
 * references for the collector; together ~0.1 ms of an upload's main-thread time (issue #27).
 */
function exchangeSignal(spec: RequestSpec): { signal: AbortSignal; timedOut: () => boolean; release: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const onCancel = () => controller.abort(spec.signal?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
  }, spec.timeoutMs);
  spec.signal?.addEventListener('abort', onCancel, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release: () => {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onCancel);
    },
  };
}

/**
 * One exchange; when the service refuses the credentials and the secret has changed in its store since it
 * was read (replaced outside the app, or saved there a moment ago), once more with the new one.
 */
export async function send(cfg: TransportConfig, spec: RequestSpec): Promise<Reply> {
  const sent: SentSecret = { secret: '' };
  try {
    return await exchangeOnce(cfg, spec, sent);
  } catch (e) {
    if (e instanceof AuthError && cfg.secretRefused && (await cfg.secretRefused(sent.secret))) return exchangeOnce(cfg, spec, { secret: '' });
    throw e;
  }
}

async function exchangeOnce(cfg: TransportConfig, spec: RequestSpec, sent: SentSecret): Promise<Reply> {
  const started = Date.now();
  const url = joinUrl(cfg.baseUrl, spec.path);
  const exchange = exchangeSignal(spec);
  const signal = exchange.signal;
  const logLine = (outcome: string) =>
    cfg.log?.info(`api ${spec.method} ${url.pathname} ${outcome} ${Date.now() - started}ms`);

  let reached = false;
  try {
    if (spec.signal?.aborted) throw new CancelledError(spec.operation);
    const headers = { Accept: 'application/json', ...spec.headers, ...(await credentialHeaders(cfg, spec.operation, sent)) };
    const body = spec.body?.();
    // Redirects are not followed, so the credentials are never replayed to another address;
    // a 3xx then reads as an unreadable reply that names its status.
    const init: RequestInit & { duplex?: 'half' } = { method: spec.method, headers, signal, redirect: 'manual' };
    if (body !== undefined) {
      init.body = body;
      // Streamed bodies need half duplex in Node's fetch.
      init.duplex = 'half';
    }
    const res = await cfg.fetch(url, init);
    reached = true;
    const text = await readBounded(res, cfg.maxReplyBytes, spec.operation);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A 429 from a gateway may come as a page; the status alone is the answer.
      if (res.status === 429) throw new RateLimitedError(spec.operation, 429, parseRetryAfter(res.headers.get('retry-after')));
      throw new MalformedReplyError(spec.operation, res.status, describeUnreadable(res, text));
    }
    const env = envelopeSchema.safeParse(json);
    if (!env.success) {
      if (res.status === 429) throw new RateLimitedError(spec.operation, 429, parseRetryAfter(res.headers.get('retry-after')));
      throw new MalformedReplyError(spec.operation, res.status, 'JSON without the success/message envelope');
    }
    if (env.data.success && res.status >= 200 && res.status < 300) {
      logLine(String(res.status));
      return { status: res.status, data: env.data.data };
    }
    throw failureFromEnvelope(spec.operation, res.status, scrubbed(env.data), res.headers.get('retry-after'));
  } catch (e) {
    const failure = failureOf(e, spec, exchange.timedOut(), reached);
    logLine(`failed ${failure.code}${failure.status ? ` (HTTP ${failure.status})` : ''}`);
    throw failure;
  } finally {
    exchange.release();
  }
}
