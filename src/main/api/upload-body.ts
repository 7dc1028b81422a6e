/**
 * The body of a file upload, streamed from disk through two reused 1 MB
 * buffers. Measured on loopback (issue 15): 64 KB chunks from
 * createReadStream, each freshly allocated, cost ~130 µs apiece plus ~10 ms
 * of GC per 10 MB and held ~28 MB for three uploads; two large buffers that
 * `fs.read` fills in place keep a 10 MB upload near curl's speed and the
 * memory at 2 MB per upload. A buffer is refilled only once the socket has
 * taken its bytes (the write callback), so reading never runs ahead of the
 * network: that is the backpressure. The next buffer's read is started
 * before the current one's write, so the two overlap.
 */
import fs from 'node:fs';
import { sameFile, type FileIdentity } from '../files/grants';
import { LocalFileError } from './errors';
import { BUFFER_BYTES, BUFFERS, giveBack, takeBuffer } from './upload-buffers';

/** The service's single-file limit. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Where the body goes: `done` once these bytes have left for the network (or failed). Chunks
 * are sent in the order they are given, also when several wait for the sink at once.
 */
export type BodySink = (chunk: Uint8Array, done: (error?: Error | null) => void) => void;

/**
 * A request body that knows its length and writes itself: streamingFetch
 * recognises it (see isFileBody); any other fetch reads it as an async
 * iterable of fresh chunks.
 */
export interface FileBody extends AsyncIterable<Uint8Array> {
  readonly length: number;
  writeTo(sink: BodySink, signal?: AbortSignal): Promise<void>;
}

export function isFileBody(body: unknown): body is FileBody {
  return typeof body === 'object' && body !== null && typeof (body as FileBody).writeTo === 'function';
}

/**
 * The file of one upload, open from the start to the end of the upload (every attempt and mode
 * reads it again from the same handle): opening it once, before the request is made, lets the
 * first buffers be read while the service decides on the headers (traced: opened per attempt,
 * the first 1 MB was ready ~0.4 ms after "100 Continue"). `close()` when the upload has ended.
 */
export interface FileSource {
  /** the path it was opened by */
  readonly path: string;
  size: number;
  /** the modification time of the opened file */
  mtimeMs: number;
  /** the opened file's stat (fstat of the descriptor every byte is read from) */
  readonly stat: fs.Stats;
  /** a fresh body per attempt; `head`/`tail` frame the file's bytes (multipart) */
  open(frame?: { head: Uint8Array; tail: Uint8Array }): FileBody;
  /** set when reading the file failed mid-way */
  readonly error: LocalFileError | null;
  close(): Promise<void>;
}

/** Pieces larger than this are read as two halves at once. */
const SPLIT_BYTES = 256 * 1024;

const readErr = (e: unknown) => new LocalFileError('file.unreadable', (e as NodeJS.ErrnoException).code ?? 'read failed');

/**
 * The file the user granted, by the device, inode and creation time recorded at the grant (null: not recorded),
 * and the error to give when something else is found under its name.
 */
export interface GrantedFileIdentity {
  identity: FileIdentity | null;
  changed(): Error;
}

/** Why the opened file cannot be uploaded (null: it can). */
function refusal(stat: fs.Stats, granted?: GrantedFileIdentity): Error | null {
  if (granted && !sameFile(granted.identity, stat)) return granted.changed();
  if (!stat.isFile()) return new LocalFileError('file.unreadable', 'not a file');
  if (stat.size > MAX_UPLOAD_BYTES) return new LocalFileError('file.too_large', `${(stat.size / 1024 / 1024).toFixed(1)} MB`);
  return null;
}

/**
 * Opens the file of one upload. With `granted`, this open is the upload's one identity check: the
 * name is opened without following a link (a link in its place: `changed()`), and the descriptor's
 * own device, inode and creation time must be the granted file's (a file renamed into its place: `changed()`); every
 * byte is then read from that descriptor, so nothing can be swapped in between check and read.
 */
export async function fileSource(
  filePath: string,
  onProgress?: (sent: number, total: number) => void,
  granted?: GrantedFileIdentity,
): Promise<FileSource> {
  let fh: fs.promises.FileHandle;
  let stat: fs.Stats;
  try {
    // Non-blocking, so a named pipe is refused below instead of holding a thread until a writer comes;
    // never through a link put in the file's place (ELOOP: unreadable, or changed() for a granted file).
    fh = await fs.promises.open(filePath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (granted && code === 'ELOOP') throw granted.changed();
    throw new LocalFileError('file.unreadable', code ?? 'cannot open');
  }
  try {
    stat = await fh.stat();
  } catch (e) {
    await fh.close().catch(() => {});
    throw readErr(e);
  }
  const refused = refusal(stat, granted);
  if (refused) {
    await fh.close().catch(() => {});
    throw refused;
  }
  const total = stat.size;
  let error: LocalFileError | null = null;
  let closed: Promise<void> | null = null;
  /** Reads in progress, whichever body started them: close() waits for them rather than pulling the handle from under one. */
  const reading = new Set<Promise<unknown>>();

  /** Reads exactly `length` bytes at `position` into `buf` (a file that shrank is an error, not a short fax). */
  function readFully(buf: Buffer, length: number, position: number): Promise<void> {
    if (closed) return Promise.reject(new Error('the upload has ended'));
    // Two halves at once, on two of the thread pool's threads: a 1 MB read took 0.2-0.7 ms, mostly
    // hand-offs between threads; halves read side by side shortened the body's ten by ~0.2-0.5 ms
    // (issue #27). Both end before the piece is done, so neither is still writing into the buffer.
    const half = length > SPLIT_BYTES ? length >> 1 : length;
    const parts = half < length ? [readAll(buf, half, position), readAll(buf.subarray(half), length - half, position + half)] : [readAll(buf, length, position)];
    const run = Promise.allSettled(parts).then((done) => {
      const failed = done.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    });
    const settled = run.catch(() => {});
    reading.add(settled);
    void settled.then(() => reading.delete(settled));
    return run;
  }

  async function readAll(buf: Buffer, length: number, position: number): Promise<void> {
    let got = 0;
    while (got < length) {
      const { bytesRead } = await fh.read(buf, got, length - got, position + got);
      if (bytesRead === 0) throw Object.assign(new Error('file shrank while uploading'), { code: 'ESHRANK' });
      got += bytesRead;
    }
  }

  return {
    path: filePath,
    size: total,
    mtimeMs: stat.mtimeMs,
    stat,
    get error() {
      return error;
    },
    open: (frame) => bodyOf({ total, readFully, readFailed: (e) => (error = readErr(e)), onProgress }, frame),
    close() {
      closed ??= Promise.allSettled([...reading]).then(() => fh.close().catch(() => {}));
      return closed;
    },
  };
}

/** What a body needs of its source: the size, the reads, and where a failed read is recorded. */
interface OpenedFile {
  total: number;
  /** Reads exactly `length` bytes at `position` into `buf` (a file that shrank is an error, not a short fax). */
  readFully(buf: Buffer, length: number, position: number): Promise<void>;
  /** keeps a failed read as the source's `error` and returns it, to be thrown */
  readFailed(e: unknown): LocalFileError;
  onProgress?: ((sent: number, total: number) => void) | undefined;
}

function bodyOf(file: OpenedFile, frame?: { head: Uint8Array; tail: Uint8Array }): FileBody {
  const { total, readFully, onProgress } = file;
  const head = frame?.head ?? new Uint8Array(0);
  const tail = frame?.tail ?? new Uint8Array(0);
  const length = head.length + total + tail.length;

  async function writeTo(sink: BodySink, signal?: AbortSignal): Promise<void> {
    const write = (chunk: Uint8Array) =>
      new Promise<void>((resolve, reject) => sink(chunk, (e) => (e ? reject(e) : resolve())));
    // The sink sends in the order it is given chunks: the file is read while the head waits its turn.
    const headSent = head.length ? write(head) : Promise.resolve();
    headSent.catch(() => {});
    const pool = Array.from({ length: BUFFERS }, () => takeBuffer(Math.min(BUFFER_BYTES, Math.max(total, 1))));
    // One pending socket write per buffer: a buffer is read into again only after its write has completed.
    const inFlight: Array<Promise<void> | null> = pool.map(() => null);
    const size = pool[0]!.length;
    const pieces = Math.ceil(total / size);
    /** Piece k read into its buffer, as soon as that buffer's last write has completed. */
    const read = (k: number): Promise<Buffer> => {
      const buf = pool[k % BUFFERS]!;
      const position = k * size;
      const n = Math.min(size, total - position);
      const run = () =>
        readFully(buf, n, position).then(
          () => buf.subarray(0, n),
          (e: unknown) => {
            throw file.readFailed(e);
          },
        );
      const writing = inFlight[k % BUFFERS];
      return writing ? writing.then(run) : run();
    };
    let sent = 0;
    let next: Promise<Buffer> | null = pieces > 0 ? read(0) : null;
    try {
      for (let k = 0; k < pieces; k++) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
        const chunk = await next!;
        // The next piece is read while this one is written: its read is on its way before this write starts.
        next = k + 1 < pieces ? read(k + 1) : null;
        next?.catch(() => {});
        const n = chunk.length;
        const i = k % BUFFERS;
        inFlight[i] = write(chunk).then(() => {
          sent += n;
          onProgress?.(sent, total);
        });
        // A failed write must not go unobserved while the other buffer is being filled.
        inFlight[i]!.catch(() => {});
      }
      await Promise.all([headSent, ...inFlight]);
    } finally {
      // Only once no write and no read holds them any more (a failed write may still be pending).
      void Promise.allSettled([...inFlight, next]).then(() => pool.forEach(giveBack));
    }
    if (tail.length) await write(tail);
  }

  async function* iterate(): AsyncGenerator<Uint8Array> {
    // For a fetch that may hold on to chunks: fresh buffers, read one at a time.
    if (head.length) yield head;
    let position = 0;
    while (position < total) {
      const n = Math.min(BUFFER_BYTES, total - position);
      const buf = Buffer.allocUnsafe(n);
      try {
        await readFully(buf, n, position);
      } catch (e) {
        throw file.readFailed(e);
      }
      position += n;
      yield buf;
      onProgress?.(position, total);
    }
    if (tail.length) yield tail;
  }

  return { length, writeTo, [Symbol.asyncIterator]: iterate };
}

/** Names a binary upload may carry as is in X-File-Name (the spec defines no header encoding). */
export function isSafeAsciiName(name: string): boolean {
  return /^[A-Za-z0-9._()\-[\]]+$/.test(name);
}

/**
 * X-File-Name for a name outside safe ASCII, used only if the service
 * refused form mode: percent-encoded UTF-8, which the simulator decodes and
 * is the common convention.
 */
export function encodeFileNameHeader(name: string): string {
  return isSafeAsciiName(name) ? name : encodeURIComponent(name);
}

/** RFC 5987 ext-value: UTF-8 percent-encoding of everything outside attr-char. */
function extValue(name: string): string {
  return `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * The frame of a form-mode upload (multipart/form-data): a `file_name` field
 * in UTF-8 (what the spec defines), then the file part whose header carries
 * an ASCII fallback `filename` and the exact name as RFC 6266/5987
 * `filename*`. The file's bytes go between head and tail.
 */
export function formFrame(name: string, boundary: string): { head: Uint8Array; tail: Uint8Array; contentType: string } {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="file_name"\r\n` +
    `Content-Type: text/plain; charset=UTF-8\r\n\r\n` +
    `${name}\r\n` +
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="${fallback}"; filename*=${extValue(name)}\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return {
    head: Buffer.from(head, 'utf8'),
    tail: Buffer.from(tail, 'utf8'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
