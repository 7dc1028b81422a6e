/**
 * POST /api/v2/files/upload in its three modes (multipart form, JSON
 * remote_url, raw octet-stream with X-File-Name). Bytes are counted as they
 * stream in and dropped past 10 MB; the rest of an oversized body is drained
 * (bounded) so the client still reads the refusal.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from '../context';
import type { UploadMode } from '../types';
import { FileSink, MAX_FILE_BYTES, Semaphore } from '../file-sink';
import { HttpFailure, isJsonMedia, mediaType, ok, readJson } from '../http';
import { newId } from '../ids';
import { boundaryOf, MultipartError, MultipartParser } from '../multipart';
import { ACCEPTED_EXTENSIONS, countPages, extensionOf } from '../pages';
import { fetchRemote } from './remote';

/** Past this many bytes of an oversized body the connection is cut instead of drained. */
const DRAIN_LIMIT = 64 * 1024 * 1024;
const MAX_NAME_CHARS = 255;
const buffering = new Semaphore(8);

export const uploadFailure = (message: string, detail: string): HttpFailure => new HttpFailure(400, message, detail);

const tooLarge = (): HttpFailure =>
  uploadFailure('File is too large', `The file must not be larger than 10 MB (${MAX_FILE_BYTES} bytes).`);

interface Received {
  name: string;
  /** Name the client's file had before any custom file_name (extension fallback). */
  originalName: string;
  sink: FileSink;
  mode: UploadMode;
}

export async function handleUpload(req: IncomingMessage, res: ServerResponse, ctx: SimContext): Promise<void> {
  const type = mediaType(req);
  const release = await buffering.acquire();
  let received: Received;
  try {
    if (type === 'multipart/form-data') received = await receiveMultipart(req);
    else if (type === 'application/octet-stream') received = await receiveBinary(req);
    else if (isJsonMedia(type)) received = await receiveRemote(req, ctx);
    else {
      drain(req);
      throw uploadFailure(
        'Unsupported upload mode',
        'Content-Type must be multipart/form-data, application/json or application/octet-stream.',
      );
    }
    await finish(received, res, ctx);
  } finally {
    release();
  }
}

async function finish(got: Received, res: ServerResponse, ctx: SimContext): Promise<void> {
  if (got.sink.tooLarge) throw tooLarge();
  const name = checkName(got.name);
  const ext = extensionOf(name) || extensionOf(got.originalName);
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) {
    throw uploadFailure(
      'Unsupported file type',
      `Files of type ${ext ? `.${ext}` : 'without an extension'} are not accepted; accepted types: ${ACCEPTED_EXTENSIONS.map((e) => e.toUpperCase()).join(', ')}.`,
    );
  }
  if (got.sink.size === 0) throw uploadFailure('File is empty', 'The uploaded file is empty.');
  const { pages, conversionError } = await countPages(ext, got.sink.bytes());
  const now = ctx.nowMs();
  const lifetime = ctx.scaled(ctx.settings.fileRefLifetimeMs);
  const file = {
    file_ref: newId('file'),
    file_name: name,
    file_size: got.sink.size,
    file_ext: ext,
    mode: got.mode,
    pages,
    conversionError,
    uploadedAtMs: now,
    expiresAtMs: now + lifetime,
  };
  ctx.store.pruneFiles(now, lifetime * 6);
  ctx.store.files.set(file.file_ref, file);
  ctx.store.changed();
  ok(res, 'File uploaded', { file_ref: file.file_ref, file_size: file.file_size, file_ext: file.file_ext });
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw uploadFailure('Invalid file name', 'The file name is required.');
  if ([...name].length > MAX_NAME_CHARS) {
    throw uploadFailure('Invalid file name', `The file name must not be longer than ${MAX_NAME_CHARS} characters.`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(name)) {
    throw uploadFailure('Invalid file name', 'The file name must not contain control characters or path separators.');
  }
  return name;
}

/** Reads the rest of a body without keeping it, so an early refusal still reaches the client. */
function drain(req: IncomingMessage): void {
  let seen = 0;
  req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

async function pump(req: IncomingMessage, each: (chunk: Buffer) => void): Promise<void> {
  let seen = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT) {
      req.destroy();
      throw tooLarge();
    }
    each(chunk);
  }
}

async function receiveBinary(req: IncomingMessage): Promise<Received> {
  const header = req.headers['x-file-name'];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw.trim() === '') {
    drain(req);
    throw uploadFailure('No file name', 'The X-File-Name header is required for a binary upload.');
  }
  const name = decodeHeaderName(raw);
  const sink = new FileSink();
  await pump(req, (c) => sink.write(c));
  return { name, originalName: name, sink, mode: 'binary' };
}

/** X-File-Name may be percent-encoded UTF-8 (recommended) or raw UTF-8 bytes. */
export function decodeHeaderName(raw: string): string {
  if (/%[0-9A-Fa-f]{2}/.test(raw)) {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u007f]/.test(raw) ? Buffer.from(raw, 'latin1').toString('utf8') : raw;
}

async function receiveMultipart(req: IncomingMessage): Promise<Received> {
  const boundary = boundaryOf(req.headers['content-type'] ?? '');
  if (!boundary) {
    drain(req);
    throw uploadFailure('Invalid upload request', 'The multipart/form-data Content-Type has no boundary.');
  }
  const sink = new FileSink();
  // Mutated by the parser callbacks.
  const st = {
    files: 0,
    originalName: null as string | null,
    customName: null as Buffer[] | null,
    customBytes: 0,
    current: 'other' as 'file' | 'file_name' | 'other',
  };
  const parser = new MultipartParser(boundary, {
    start(part) {
      if (part.name === 'file' && part.filename !== null && part.filename !== '') {
        st.files++;
        st.current = st.files === 1 ? 'file' : 'other';
        if (st.files === 1) st.originalName = basename(part.filename);
      } else if (part.name === 'file_name') {
        st.current = 'file_name';
        st.customName = [];
        st.customBytes = 0;
      } else st.current = 'other';
    },
    data(chunk) {
      if (st.current === 'file') sink.write(chunk);
      else if (st.current === 'file_name' && st.customName) {
        st.customBytes += chunk.length;
        if (st.customBytes <= 4096) st.customName.push(chunk);
      }
    },
    end() {
      st.current = 'other';
    },
  });
  try {
    await pump(req, (c) => parser.write(c));
    parser.end();
  } catch (e) {
    if (e instanceof MultipartError) {
      drain(req);
      throw uploadFailure('Invalid upload request', e.message);
    }
    throw e;
  }
  if (st.originalName === null) {
    throw uploadFailure('No file provided', 'The form part "file" (a file) is required.');
  }
  if (st.files > 1) throw uploadFailure('Invalid upload request', 'Only one file may be uploaded per request.');
  if (st.customBytes > 4096) {
    throw uploadFailure('Invalid file name', `The file name must not be longer than ${MAX_NAME_CHARS} characters.`);
  }
  const custom = st.customName ? Buffer.concat(st.customName).toString('utf8') : '';
  const original = st.originalName;
  return { name: custom.trim() !== '' ? custom : original, originalName: original, sink, mode: 'form' };
}

function basename(name: string): string {
  const i = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  return i >= 0 ? name.slice(i + 1) : name;
}

async function receiveRemote(req: IncomingMessage, ctx: SimContext): Promise<Received> {
  const body = await readJson(req, (d) => uploadFailure('Invalid upload request', d));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw uploadFailure('Invalid upload request', 'The request body must be a JSON object.');
  }
  const { remote_url: url, file_name: custom } = body as Record<string, unknown>;
  if (typeof url !== 'string' || url.trim() === '') {
    throw uploadFailure('No file provided', 'remote_url (a string) is required for a URL upload.');
  }
  if (custom !== undefined && custom !== null && typeof custom !== 'string') {
    throw uploadFailure('Invalid file name', 'file_name must be a string.');
  }
  const fetched = await fetchRemote(url, ctx.stopSignal, {
    allowLoopback: ctx.settings.allowLoopbackRemoteUrls,
    allowPrivate: ctx.settings.allowPrivateRemoteUrls,
  });
  const name = typeof custom === 'string' && custom.trim() !== '' ? custom : fetched.name;
  return { name, originalName: fetched.name, sink: fetched.sink, mode: 'url' };
}
