/**
 * Page counts taken from the documents themselves:
 * - PDF: the real page count (pdf-lib). What pdf-lib's strict parser rejects
 *   but real readers accept — cups-filters' texttopdf writes streams with an
 *   indirect /Length, and pdf-lib's fallback scan trips over the word
 *   "stream" inside them — is counted by pdf.js instead, the reader in
 *   Firefox. A PDF that neither can read, or has no pages, is accepted at
 *   upload but cannot be converted at send time.
 * - TIF/TIFF: one page per image file directory (IFD); an unreadable TIFF
 *   cannot be converted either.
 * - JPG/JPEG/PNG: one page.
 * - TXT: 60 lines per page (a line longer than 80 characters wraps).
 * - DOC/DOCX: an estimate, one page per 3,000 bytes, at least one.
 */
import { PDFDocument } from 'pdf-lib';

export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'tif', 'tiff'] as const;

export const TXT_LINES_PER_PAGE = 60;
export const TXT_COLUMNS = 80;
export const OFFICE_BYTES_PER_PAGE = 3000;

export interface PageCount {
  pages: number | null;
  conversionError: string | null;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export async function countPages(ext: string, bytes: Uint8Array): Promise<PageCount> {
  switch (ext) {
    case 'pdf':
      return countPdf(bytes);
    case 'tif':
    case 'tiff': {
      const n = countTiffFrames(bytes);
      return n > 0 ? { pages: n, conversionError: null } : { pages: null, conversionError: 'The TIFF image cannot be read' };
    }
    case 'txt':
      return { pages: countTextPages(bytes), conversionError: null };
    case 'doc':
    case 'docx':
      return { pages: Math.max(1, Math.ceil(bytes.length / OFFICE_BYTES_PER_PAGE)), conversionError: null };
    default:
      return { pages: 1, conversionError: null };
  }
}

async function countPdf(bytes: Uint8Array): Promise<PageCount> {
  let n: number;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    n = doc.getPageCount();
  } catch {
    const tolerant = await countPdfWithPdfJs(bytes);
    if (tolerant === null) return { pages: null, conversionError: 'The PDF document cannot be parsed' };
    n = tolerant;
  }
  if (n > 0) return { pages: n, conversionError: null };
  return { pages: null, conversionError: 'The PDF document has no pages' };
}

/** pdf.js reads damaged and unusual PDFs the way viewers do; null when it cannot either. */
export async function countPdfWithPdfJs(bytes: Uint8Array): Promise<number | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // a plain Uint8Array copy: pdf.js refuses Node Buffers and takes ownership of what it is given
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  let task: ReturnType<typeof pdfjs.getDocument> | null = null;
  try {
    task = pdfjs.getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
    const doc = await task.promise;
    return doc.numPages;
  } catch {
    return null;
  } finally {
    await task?.destroy();
  }
}

export function countTextPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let rows = 0;
  for (const line of lines) rows += Math.max(1, Math.ceil([...line].length / TXT_COLUMNS));
  return Math.max(1, Math.ceil(rows / TXT_LINES_PER_PAGE));
}

/** Counts the IFD chain of a TIFF; 0 when the bytes are not a readable TIFF. */
export function countTiffFrames(bytes: Uint8Array): number {
  if (bytes.length < 8) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = view.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) return 0;
  const le = order === 0x4949;
  if (view.getUint16(2, le) !== 42) return 0;
  let offset = view.getUint32(4, le);
  const seen = new Set<number>();
  let frames = 0;
  while (offset !== 0) {
    if (seen.has(offset) || offset + 2 > bytes.length || frames >= 100_000) return 0;
    seen.add(offset);
    const entries = view.getUint16(offset, le);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) return 0;
    frames++;
    offset = view.getUint32(next, le);
  }
  return frames;
}
