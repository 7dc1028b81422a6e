/**
 * The Fax Service v2 client used by main. Small on purpose: each method is
 * one endpoint, every reply is parsed with its schema, and the retry rule is
 * chosen by what the request does — queries retry transient failures, a
 * request that creates something is never repeated once it may have reached
 * the service (there is no idempotency key: the fax would go out twice).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import {
  accountSchema,
  createdTaskSchema,
  recipientRecordSchema,
  taskSchema,
  uploadedFileSchema,
  type Account,
  type CreatedTask,
  type CreateTaskInput,
  type RecipientRecord,
  type Task,
  type UploadedFile,
} from '../../shared/api/schemas';
import type { Logger } from '../log';
import { BusinessError, FaxApiError, MalformedReplyError, type Operation } from './errors';
import { joinUrl, send, type RequestSpec, type ServiceFetch, type TransportConfig } from './http';
import { DEFAULT_RETRY_POLICY, defaultSleep, isSafeToRepeatCreate, isTransient, withRetry, type RetryPolicy, type Sleep } from './retry';
import { streamingFetch } from './stream-fetch';
import { encodeFileNameHeader, fileSource, formFrame, isSafeAsciiName, type FileSource } from './upload-body';

export interface FaxApiClientOptions {
  baseUrl: string;
  apiKey: string;
  /** asked before every request; the connection keeps the keychain's answer (account/connection-state.ts) and a secret saved in Settings makes a new client */
  getSecret: () => Promise<string | null>;
  /** when the credentials were refused: reads a kept secret again, true when it changed (see http.ts) */
  secretRefused?: (sent: string) => Promise<boolean>;
  fetch?: ServiceFetch;
  /** per-request limit for queries and create (default 30 s) */
  timeoutMs?: number;
  /** limit for uploads, which move up to 10 MB (default 5 min) */
  uploadTimeoutMs?: number;
  retry?: RetryPolicy;
  sleep?: Sleep;
  random?: () => number;
  log?: Logger;
  /** default 4 MB */
  maxReplyBytes?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface UploadOptions extends CallOptions {
  /** name with extension as the service should record it; default the file's own name */
  fileName?: string;
  onProgress?: (sent: number, total: number) => void;
  /** the file as it was opened for this upload (its size and modification time), before anything is sent */
  onOpened?: (file: { size: number; mtimeMs: number }) => void;
}

export interface FaxApiClient {
  readonly baseUrl: string;
  getAccount(opts?: CallOptions): Promise<Account>;
  getTask(taskRef: string, opts?: CallOptions): Promise<Task>;
  getRecipient(rcptRef: string, opts?: CallOptions): Promise<RecipientRecord>;
  createTask(input: CreateTaskInput, opts?: CallOptions): Promise<CreatedTask>;
  /**
   * Uploads a file by path, or one the caller has already opened (fileSource, which carries its own
   * progress callback); either way it is closed when the upload ends.
   */
  uploadFile(file: string | FileSource, opts?: UploadOptions): Promise<UploadedFile>;
  uploadFromUrl(remoteUrl: string, fileName?: string, opts?: CallOptions): Promise<UploadedFile>;
}

type Kind = 'query' | 'write';
type UploadMode = 'binary' | 'form';

/**
 * The service turned down the upload's mode rather than the file: 415, or a
 * 400 that names the request's form (not the file's type, size or content).
 */
function refusesMode(e: unknown): e is FaxApiError {
  if (!(e instanceof FaxApiError)) return false;
  if (e.status === 415) return true;
  if (e.status !== 400 || !(e instanceof BusinessError)) return false;
  return /upload mode|content-type|invalid upload request|multipart|x-file-name|no file name|no file provided/i.test(
    `${e.serviceMessage} ${e.detail}`,
  );
}

type Call = <S extends z.ZodType>(
  kind: Kind,
  schema: S,
  spec: (attempt: number) => RequestSpec,
  signal: AbortSignal | undefined,
) => Promise<z.output<S>>;

/** One call: sent, retried by what it does (kind), and its reply parsed with its schema. */
function caller(transport: TransportConfig, options: FaxApiClientOptions): Call {
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  return async function call(kind, schema, spec, signal) {
    const first = spec(1);
    // One time limit for the whole call, retries and their waits included, so
    // "did not answer within 30 seconds" is what the user really waited.
    const total = first.timeoutMs;
    const deadlineAt = Date.now() + total;
    const within = (s: RequestSpec): RequestSpec => ({ ...s, timeoutMs: Math.max(1, deadlineAt - Date.now()), totalTimeoutMs: total });
    const reply = await withRetry((attempt) => send(transport, within(attempt === 1 ? first : spec(attempt))), {
      policy,
      sleep,
      random,
      operation: first.operation,
      shouldRetry: kind === 'query' ? isTransient : isSafeToRepeatCreate,
      deadlineAt,
      ...(signal ? { signal } : {}),
      onRetry: (e, attempt, wait) =>
        options.log?.warn(`api ${first.method} ${first.path}: ${e.code}, retry ${attempt} in ${wait}ms`),
    });
    const parsed = schema.safeParse(reply.data);
    if (!parsed.success) {
      // Paths and issue codes only: the values may be anything the service sent.
      const where = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(data)'}: ${i.code}`)
        .join('; ');
      const err = new MalformedReplyError(first.operation, reply.status, `schema mismatch: ${where}`);
      options.log?.warn(`api ${first.method} ${first.path}: reply does not match the spec (${where})`);
      throw err;
    }
    return parsed.data;
  };
}

const getSpec = (operation: Operation, p: string, timeoutMs: number, opts?: CallOptions): (() => RequestSpec) => () => ({
  operation,
  method: 'GET',
  path: p,
  timeoutMs,
  ...(opts?.signal ? { signal: opts.signal } : {}),
});

const jsonPost = (operation: Operation, p: string, body: unknown, limit: number, opts?: CallOptions): (() => RequestSpec) => {
  const text = JSON.stringify(body);
  return () => ({
    operation,
    method: 'POST',
    path: p,
    headers: { 'Content-Type': 'application/json' },
    body: () => text,
    timeoutMs: limit,
    ...(opts?.signal ? { signal: opts.signal } : {}),
  });
};

/**
 * DESIGN.md, "upload mode by name": the spec defines no encoding for
 * X-File-Name, so only a safe-ASCII name goes there; any other name goes
 * in form mode, where file_name is a UTF-8 form field.
 */
const uploadSpec =
  (source: FileSource, name: string, mode: UploadMode, timeoutMs: number, opts?: UploadOptions) =>
  (): RequestSpec => {
    const frame = mode === 'form' ? formFrame(name, `----FaxDesk${randomBytes(12).toString('hex')}`) : null;
    const length = String(source.size + (frame ? frame.head.length + frame.tail.length : 0));
    return {
      operation: 'upload',
      method: 'POST',
      path: '/api/v2/files/upload',
      headers: frame
        ? { 'Content-Type': frame.contentType, 'Content-Length': length }
        : { 'Content-Type': 'application/octet-stream', 'Content-Length': length, 'X-File-Name': encodeFileNameHeader(name) },
      body: () => (frame ? source.open(frame) : source.open()),
      bodyError: () => source.error,
      timeoutMs,
      ...(opts?.signal ? { signal: opts.signal } : {}),
    };
  };

export function createFaxApiClient(options: FaxApiClientOptions): FaxApiClient {
  // Fail at construction on an unusable address rather than on every call.
  joinUrl(options.baseUrl, '/');
  const transport: TransportConfig = {
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    getSecret: options.getSecret,
    ...(options.secretRefused ? { secretRefused: options.secretRefused } : {}),
    fetch: options.fetch ?? streamingFetch,
    maxReplyBytes: options.maxReplyBytes ?? 4 * 1024 * 1024,
    ...(options.log ? { log: options.log } : {}),
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 300_000;
  const call = caller(transport, options);
  const get = (operation: Operation, p: string, opts?: CallOptions) => getSpec(operation, p, timeoutMs, opts);
  const upload = (source: FileSource, name: string, mode: UploadMode, opts?: UploadOptions) =>
    call('write', uploadedFileSchema, uploadSpec(source, name, mode, uploadTimeoutMs, opts), opts?.signal);

  return {
    baseUrl: options.baseUrl,

    getAccount: (opts) => call('query', accountSchema, get('account', '/api/v2/account/status', opts), opts?.signal),

    getTask: (taskRef, opts) =>
      call('query', taskSchema, get('task', `/api/v2/faxes/${encodeURIComponent(taskRef)}`, opts), opts?.signal),

    getRecipient: (rcptRef, opts) =>
      call(
        'query',
        recipientRecordSchema,
        get('recipient', `/api/v2/fax/recipients/${encodeURIComponent(rcptRef)}`, opts),
        opts?.signal,
      ),

    createTask(input, opts) {
      const body: CreateTaskInput = { name: input.name, file_refs: input.file_refs, phone_numbers: input.phone_numbers };
      if (input.scheduled_at !== undefined) body.scheduled_at = input.scheduled_at;
      return call('write', createdTaskSchema, jsonPost('create', '/api/v2/faxes', body, timeoutMs, opts), opts?.signal);
    },

    async uploadFile(file, opts) {
      const source = typeof file === 'string' ? await fileSource(file, opts?.onProgress) : file;
      opts?.onOpened?.({ size: source.size, mtimeMs: source.mtimeMs });
      const name = opts?.fileName ?? path.basename(source.path);
      const first: UploadMode = isSafeAsciiName(name) ? 'binary' : 'form';
      try {
        return await upload(source, name, first, opts);
      } catch (e) {
        if (!refusesMode(e)) throw e;
        const other: UploadMode = first === 'binary' ? 'form' : 'binary';
        options.log?.warn(`api upload: the service refused ${first} mode (HTTP ${e.status}); trying ${other} mode once`);
        return await upload(source, name, other, opts);
      } finally {
        // Not awaited: the answer need not wait for the close (an open file stays locked on Windows, so it is closed at once).
        void source.close();
      }
    },

    uploadFromUrl(remoteUrl, fileName, opts) {
      const body: { remote_url: string; file_name?: string } = { remote_url: remoteUrl };
      if (fileName !== undefined) body.file_name = fileName;
      return call(
        'write',
        uploadedFileSchema,
        jsonPost('upload', '/api/v2/files/upload', body, uploadTimeoutMs, opts),
        opts?.signal,
      );
    },
  };
}
