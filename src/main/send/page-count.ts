/**
 * Page counts read from the file in small pieces, never the whole file:
 * - PDF: pdf.js (the reader in Firefox, already a dependency for thumbnails)
 *   with a range transport over `fs.read`. With auto-fetch off it reads what
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

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
/**
 * The legacy build is the one that runs in Node (Electron's main process); loaded on the first PDF.
 * On import it warns that it cannot set up canvas rendering in Node (@napi-rs/canvas, DOMMatrix,
 * Path2D): counting pages renders nothing, so exactly those lines are kept off the console.
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

/** Pages of a PDF, or null when pdf.js cannot read its structure (it may still be sendable). */
export async function pdfPageCount(fh: fs.promises.FileHandle, size: number): Promise<PdfCount> {
  const lib = await loadPdfJs();
  let bytesRead = 0;
  let failed: unknown = null;
  class FileRange extends lib.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      readAt(fh, begin, end - begin).then(
        (chunk) => {
          bytesRead += chunk.length;
          this.onDataRange(begin, chunk);
        },
        (e: unknown) => {
          failed = e;
          void task.destroy();
        },
      );
    }
  }
  const range = new FileRange(size, null);
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
