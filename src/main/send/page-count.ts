/**
 * Page counts read from the file in small pieces, never the whole file:
 * - PDF: pdf.js (the reader in Firefox, already a dependency for thumbnails)
 *   in a worker thread (page-count-worker.ts: its own heap, and a time
 *   limit), with a range transport over `fs.read`. With auto-fetch off it reads what
 *   the page count needs — the header, the trailer and cross-reference
 *   table, the catalogue and the page tree root — typically 2–3 pieces of
 *   64 KB of a 10 MB scan. A damaged cross-reference table makes pdf.js scan
 *   the file; it then reads it piece by piece.
 * - TIFF: the chain of image file directories, a few bytes per page.
 * Measured (issue 15): reading and parsing a 10 MB PDF whole with pdf-lib
 * grew RSS by ~28 MB for three documents and left garbage that the upload
 * right after then paid for in GC.
 */
import type fs from 'node:fs';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { CountReply, CountRequest } from './page-count-worker';

/** Reads `length` bytes at `position`; fewer only at the end of the file. */
export async function readAt(fh: fs.promises.FileHandle, position: number, length: number): Promise<Uint8Array> {
  const out = new Uint8Array(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(out, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got === length ? out : out.subarray(0, got);
}

export interface PdfCount {
  pages: number | null;
  /** bytes of the file read to count them */
  bytesRead: number;
}

/** How long counting one PDF may take: a hostile or pathological file must not hold the attach. */
export const PDF_COUNT_TIMEOUT_MS = 5_000;

/**
 * The worker beside this file: the .ts source when running from sources (tsx, vitest), the built
 * out/main/page-count-worker.js beside out/main/index.js in the electron-vite bundle (an input of
 * its own in electron.vite.config.ts). Computed, so that the bundler leaves the URL alone.
 * In the packaged app it runs from inside app.asar: Electron reads asar in worker threads since 17.3
 * (electron/electron#33216).
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return new URL(/\.[cm]?ts$/.test(here) ? './page-count-worker.ts' : './page-count-worker.js', here);
}

/**
 * One worker counts every PDF, several at once if several are attached at once (pdf.js keeps
 * documents apart). It is started with the first PDF and kept while documents are being attached
 * (pdf.js stays loaded and compiled), then ended after a minute without counts.
 * A count past its time limit ends the worker as a whole; the other counts in it at that moment
 * start again in a fresh worker (they were not the cause). Measured: a worker with pdf.js loaded
 * costs ~60 MB RSS and ~200 ms to start, so one is kept rather than one per count.
 * The worker is unref'd: idle, it never keeps the process alive (a pending count's timer does).
 *
 * An idle worker is ended after this long (its ~60–100 MB back); the next attach starts one again (~0.2–0.3 s).
 */
const WORKER_IDLE_MS = 60_000;
/**
 * The worker's initial old-generation size (MB). Measured: in a worker's small heap, pdf.js's
 * file-sized chunk map (external memory, 10 MB for a 10 MB scan) set off a mark-compact in
 * every count (30 in 30), so a count of a 10 MB PDF took a median 9–11 ms instead of 3–5, and
 * 20–70 ms on a loaded machine, while the upload the Send screen starts right after competed for
 * the cores. Starting from 64 MB: 5 mark-compacts in 30 counts (start-up included), median 4 ms
 * (32 MB: 12, 7 ms). Cost: RSS +105 MB instead of +50–75 after 30 counts, while the worker lives.
 * V8 reads this flag when an isolate is created, so it applies to workers started from now on;
 * the main thread's heap, configured at start, is not changed.
 */
const WORKER_INITIAL_OLD_SPACE_MB = 64;

interface Count {
  request: CountRequest;
  timeoutMs: number;
  timer: NodeJS.Timeout | null;
  settle(reply: CountReply | null): void;
}
let worker: Worker | null = null;
const counts = new Map<number, Count>();
let nextId = 0;

let idleTimer: NodeJS.Timeout | null = null;

function startWorker(): Worker {
  v8.setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
  const w = new Worker(workerUrl(), {
    name: 'page-count',
    workerData: 'faxdesk-page-count',
    // From sources under tsx, inheriting its loader made each worker ~400 MB and 1.3 s to start
    // (measured); the worker is plain erasable TypeScript that Node runs as is. The bundle's is JS.
    execArgv: [],
    // A second guard against a hostile file: past this heap the worker ends and the pages are unknown.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  w.on('message', (m: CountReply) => counts.get(m.id)?.settle(m));
  // Crashed, out of memory, or could not start: its counts are unknown (not retried: the cause may be one of them).
  const ended = () => {
    if (worker !== w) return;
    worker = null;
    for (const c of [...counts.values()]) c.settle(null);
  };
  w.on('error', ended);
  w.on('exit', ended);
  // After the listeners: adding a 'message' listener refs the worker's port again.
  w.unref();
  return w;
}

/** Ends the worker once no count has come for WORKER_IDLE_MS. */
function endWhenIdle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (counts.size > 0 || !worker) return;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    const w = worker;
    if (counts.size > 0 || !w) return;
    worker = null;
    void w.terminate();
  }, WORKER_IDLE_MS);
  idleTimer.unref();
}

function post(c: Count): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  worker ??= startWorker();
  if (c.timer) clearTimeout(c.timer);
  c.timer = setTimeout(() => void giveUp(c), c.timeoutMs);
  worker.postMessage(c.request);
}

/** Ends the worker (the count cannot be stopped inside pdf.js) and moves the other counts to a new one. */
async function giveUp(c: Count): Promise<void> {
  const w = worker;
  worker = null;
  const others = [...counts.values()].filter((o) => o !== c);
  for (const o of others) if (o.timer) clearTimeout(o.timer);
  // Terminated before the caller closes its file: the worker reads through the descriptor, whose number could be reused.
  if (w) await w.terminate().catch(() => {});
  c.settle(null);
  for (const o of others) if (counts.has(o.request.id)) post(o);
}

/**
 * Pages of a PDF, or null when pdf.js cannot read its structure, when the count takes longer than
 * `timeoutMs`, or when the worker cannot run (the file may still be sendable: the service counts
 * pages itself). Rejects only when reading the file fails. `fh` must stay open until this settles.
 */
export async function pdfPageCount(fh: fs.promises.FileHandle, size: number, timeoutMs = PDF_COUNT_TIMEOUT_MS): Promise<PdfCount> {
  if (fh.fd < 0) throw Object.assign(new Error('file handle is closed'), { code: 'EBADF' });
  const reply = await new Promise<CountReply | null>((resolve) => {
    const c: Count = {
      request: { id: ++nextId, fd: fh.fd, size },
      timeoutMs,
      timer: null,
      settle(r) {
        if (!counts.delete(c.request.id)) return;
        if (c.timer) clearTimeout(c.timer);
        resolve(r);
      },
    };
    counts.set(c.request.id, c);
    post(c);
  });
  endWhenIdle();
  if (!reply) return { pages: null, bytesRead: 0 };
  if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
  return { pages: reply.pages, bytesRead: reply.bytesRead };
}

/** Pages (IFDs) of a TIFF, walking the IFD chain; null when the header is not TIFF. */
export async function tiffPageCount(fh: fs.promises.FileHandle, size: number): Promise<number | null> {
  const header = await readAt(fh, 0, 8);
  if (header.length < 8) return null;
  const order = String.fromCharCode(header[0]!, header[1]!);
  const little = order === 'II';
  if (!little && order !== 'MM') return null;
  const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (view(header).getUint16(2, little) !== 42) return null;
  let offset = view(header).getUint32(4, little);
  let pages = 0;
  const seen = new Set<number>();
  while (offset !== 0 && offset + 2 <= size && !seen.has(offset) && pages < 10_000) {
    seen.add(offset);
    pages += 1;
    const count = await readAt(fh, offset, 2);
    if (count.length < 2) break;
    const next = offset + 2 + view(count).getUint16(0, little) * 12;
    const link = await readAt(fh, next, 4);
    if (link.length < 4) break;
    offset = view(link).getUint32(0, little);
  }
  return pages || null;
}
