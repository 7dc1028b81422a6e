/**
 * The page count of a PDF, run in a worker thread (started by page-count.ts).
 *
 * Why a thread of its own: pdf.js allocates a file-sized chunk map per
 * document (10 MB for a 10 MB scan) and leaves parser garbage. In the main
 * process that memory counted as external memory until a major collection,
 * which then paused the next upload by 50–90 ms (measured, issue 15). Here the
 * garbage is collected on this thread's heap; and a count that takes too long
 * (a hostile or pathological PDF) ends by terminating the thread as a whole,
 * which leaves nothing of pdf.js pending (destroying pdf.js's task mid-load in
 * the main process left rejections no caller could handle).
 *
 * The file is read through the descriptor that the main thread opened and
 * keeps open until the count is answered (descriptors belong to the process).
 *
 * This file runs as is from the sources (tsx; vitest through Node's own type
 * stripping: hence only erasable TypeScript and no relative imports) and is
 * built as out/main/page-count-worker.js by electron-vite (electron.vite.config.ts).
 *
 * Messages: in `{ id, fd, size }`; out `{ id, pages, bytesRead }` or `{ id, error: { message, code } }`
 * when reading the file failed (a damaged PDF is `pages: null`, not an error).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

export interface CountRequest {
  id: number;
  fd: number;
  size: number;
}
export type CountReply =
  | { id: number; pages: number | null; bytesRead: number }
  | { id: number; error: { message: string; code: string | undefined } };

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
/**
 * The legacy build is the one that runs in Node. On import it warns that it cannot set up canvas
 * rendering in Node (@napi-rs/canvas, DOMMatrix, Path2D): counting pages renders nothing, so exactly
 * those lines are kept off the console.
 */
function loadPdfJs(): Promise<PdfJs> {
  if (pdfjs) return pdfjs;
  const warn = console.warn;
  const renderingSetup = /^Warning: Cannot (load "@napi-rs\/canvas"|polyfill `(DOMMatrix|Path2D)`)/;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && renderingSetup.test(args[0])) return;
    warn(...args);
  };
  pdfjs = import('pdfjs-dist/legacy/build/pdf.mjs').finally(() => {
    if (console.warn !== warn) console.warn = warn;
  });
  return pdfjs;
}

const CHUNK_BYTES = 64 * 1024;

function readAtFd(fd: number, position: number, length: number): Promise<Uint8Array> {
  const out = new Uint8Array(length);
  return new Promise((resolve, reject) => {
    const step = (got: number) => {
      if (got === length) return resolve(out);
      try {
        fs.read(fd, out, got, length - got, position + got, (e, n) => {
          if (e) return reject(e);
          if (n === 0) return resolve(out.subarray(0, got));
          step(got + n);
        });
      } catch (e) {
        reject(e); // a bad descriptor is thrown, not passed to the callback
      }
    };
    step(0);
  });
}

/**
 * Pages of a PDF through pdf.js with a range transport over `read`: with auto-fetch off it reads
 * what the page count needs (header, trailer and cross-reference table, catalogue, page tree root),
 * typically 2–3 pieces of 64 KB of a 10 MB scan. Null when pdf.js cannot read the structure;
 * rejects when `read` fails.
 */
export async function countPdfPages(
  read: (position: number, length: number) => Promise<Uint8Array>,
  size: number,
): Promise<{ pages: number | null; bytesRead: number }> {
  const lib = await loadPdfJs();
  let bytesRead = 0;
  let failed: unknown = null;
  const range = new lib.PDFDataRangeTransport(size, null);
  range.requestDataRange = (begin: number, end: number) => {
    read(begin, end - begin).then(
      (chunk) => {
        bytesRead += chunk.length;
        range.onDataRange(begin, chunk);
      },
      (e: unknown) => {
        failed = e;
        void task.destroy();
      },
    );
  };
  const task = lib.getDocument({
    range,
    rangeChunkSize: CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    return { pages: doc.numPages > 0 ? doc.numPages : null, bytesRead };
  } catch {
    if (failed) throw failed;
    return { pages: null, bytesRead };
  } finally {
    await task.destroy().catch(() => {});
  }
}

/** What page-count.ts passes as workerData: this module may also be imported elsewhere (in a test runner's thread). */
export const WORKER_MARK = 'faxdesk-page-count';

/**
 * The worker thread's nice value on Linux: counting pages is background work, and the upload the Send
 * screen starts right after an attach is what the user waits for. pdf.js's aftermath here (a collection
 * of its file-sized chunk map, with the count's garbage) ran on the cores the upload and the service
 * needed. Measured (issue #27, 3 runs of 10-16 rounds, 7 uploads a side, turn about): at nice 19 the app's
 * upload against curl -T went from 0.70 / 0.74 / 0.70 to 0.80 / 0.78 / 0.79, the attach unchanged.
 * But not 19: on a machine whose cores are busy (another program, a video call) a thread at nice 19 gets
 * ~1/70 of a core, and the worker's start (pdf.js loaded) and count then outlast the time limit, so
 * every attach said "pages unknown". Measured (2026-11-28, a 2-page PDF in a fresh worker, its start
 * included, beside two busy loops on the 2 cores): nice 0 0.9 s, 5 1.9 s, 10 4.7 s, 15 11 s, 19 26 s;
 * beside three busy loops nice 0 2.5 s, 5 3.5 s, 8 6.2 s. Five keeps the count within the limit on a
 * busy machine (`npm run bench -- --only pagecount` prints the figure) while the app's threads still
 * weigh three times as much (CFS weights 1024 against 335). To a receiver that only drains (bench group
 * uploadfloor, nice 19 / 5 / 19 / 5 turn about) the upload took 13.9 / 14.1 / 14.1 / 13.8 ms: the
 * earlier gain of 19 was within the simulator's spread. Five above the app's own value: an app started
 * with `nice` keeps the gap.
 * Only on Linux, where a thread has a nice value of its own (setpriority on the calling thread): on
 * macOS and Windows the same call would lower the whole app. Raised, it cannot be lowered again
 * without privileges, so it is set once, for the thread's life.
 */
export const BACKGROUND_NICE = 5;

/** The nice value the count's thread takes: BACKGROUND_NICE above the thread that started it (a started app may already be niced), at most 19. */
export function backgroundNice(current: number): number {
  return Math.min(19, current + BACKGROUND_NICE);
}

const port = workerData === WORKER_MARK ? parentPort : null;
if (port) {
  if (process.platform === 'linux') {
    try {
      // on Linux getpriority/setpriority with pid 0 read and set this thread (it starts at the app's value)
      os.setPriority(backgroundNice(os.getPriority()));
    } catch {
      // not allowed here (a sandbox): the count still runs, at the app's priority
    }
  }
  // Loaded at once, so that the first count does not wait for pdf.js as well.
  void loadPdfJs().catch(() => {});
  port.on('message', (m: CountRequest) => {
    countPdfPages((position, length) => readAtFd(m.fd, position, length), m.size).then(
      (r) => port.postMessage({ id: m.id, pages: r.pages, bytesRead: r.bytesRead } satisfies CountReply),
      (e: unknown) => {
        const err = e as NodeJS.ErrnoException;
        port.postMessage({ id: m.id, error: { message: String(err?.message ?? e), code: err?.code } } satisfies CountReply);
      },
    );
  });
}
