/**
 * Checks a local document before anything is uploaded: the service's limits
 * (type, 10 MB, 255-character names) and what the Send screen needs to show
 * (page count for the cost estimate). Every refusal names the file, and the
 * size where the size is the problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { documentRuleProblem, extensionOf } from '../../shared/send/limits';
import {
  MAX_FILE_NAME_LENGTH,
  RECOMMENDED_DOCUMENT_BYTES,
  formatBytes,
  type DocumentProblem,
  type DocumentProblemCode,
} from '../../shared/send/types';
import type { LocalDocumentInfo as DocumentInfo } from './local-documents';
import { pdfPageCount, readAt, tiffPageCount } from './page-count';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png']);
const TIFF_EXTENSIONS = new Set(['tif', 'tiff']);

function problem(code: DocumentProblemCode, name: string, size: number): DocumentProblem {
  const messages: Record<DocumentProblemCode, string> = {
    not_found: `${name} no longer exists. Add it again from where it is now.`,
    not_a_file: `${name} is a folder, not a document. Add the files inside it instead.`,
    unsupported_type: `${name} is not a type the fax service accepts. Use PDF (recommended), DOC, DOCX, TXT, JPG, PNG or TIFF.`,
    too_large: `${name} is ${formatBytes(size)}; the fax service accepts at most 10 MB per file. Split it or reduce its size (for example, scan at a lower resolution).`,
    empty: `${name} is empty (0 bytes). Check that it was saved completely.`,
    not_local: `${name} is not a file on this computer. Copy it to a local folder first.`,
    unreadable: `${name} cannot be read. Check that it is not open in another program and that you may read it.`,
    name_too_long: `The name of ${Array.from(name).slice(0, 40).join('')}… is ${Array.from(name).length} characters; the fax service accepts at most ${MAX_FILE_NAME_LENGTH}. Rename the file.`,
  };
  return { code, message: messages[code] };
}

const hasPdfHeader = (head: Uint8Array) => {
  // The spec of PDF allows up to 1 KB of junk before the header.
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1').includes('%PDF-');
};

/**
 * Inspections of unchanged files (same path, size and mtime): the document is
 * inspected once, when it is attached; the checks before its upload and
 * before the send then cost a stat. Measured (issue 15): parsing a 10 MB PDF
 * again at upload took ~20 ms and most of the 57 MB RSS growth of 3 × 10 MB.
 */
const inspected = new Map<string, { size: number; mtimeMs: number; info: DocumentInfo }>();
const MAX_INSPECTED = 64;

function remember(abs: string, stat: fs.Stats, info: DocumentInfo): DocumentInfo {
  inspected.delete(abs);
  inspected.set(abs, { size: stat.size, mtimeMs: stat.mtimeMs, info });
  // Oldest first (insertion order).
  for (const k of [...inspected.keys()].slice(0, Math.max(0, inspected.size - MAX_INSPECTED))) inspected.delete(k);
  return info;
}

/** Opens a document to look at it: non-blocking, so a named pipe opens at once (and is refused as not a file) instead of holding a thread until a writer comes. */
const openToInspect = (abs: string) => fs.promises.open(abs, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));

/**
 * Inspects one file (`opened`: the stat of a descriptor already open on it). Never throws: every
 * outcome is data the screen can show. Without `opened`, the file is opened once and every check and
 * read is about that descriptor (a stat of the name first, then an open, could meet two different files).
 */
export async function inspectDocument(filePath: string, opened?: fs.Stats): Promise<DocumentInfo> {
  const abs = path.resolve(filePath);
  const name = path.basename(abs);
  const ext = extensionOf(name);
  const base: DocumentInfo = { path: abs, name, size: 0, ext, pages: null, warning: null, error: null };
  let fh: fs.promises.FileHandle | null = null;
  try {
    let stat: fs.Stats;
    try {
      // The upload passes the stat of the descriptor it has opened and will read: no second look at the name.
      if (opened) stat = opened;
      else {
        fh = await openToInspect(abs);
        stat = await fh.stat();
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') return { ...base, error: problem('not_a_file', name, 0) };
      return { ...base, error: problem(code === 'ENOENT' || code === 'ENOTDIR' ? 'not_found' : 'unreadable', name, 0) };
    }
    if (!stat.isFile()) return { ...base, error: problem('not_a_file', name, 0) };
    const known = inspected.get(abs);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return { ...known.info };
    const info: DocumentInfo = { ...base, size: stat.size };
    const broken = documentRuleProblem(name, stat.size);
    if (broken) return { ...info, error: problem(broken, name, stat.size) };
    if (stat.size > RECOMMENDED_DOCUMENT_BYTES) info.warning = 'large';

    // Read in pieces (page-count.ts): the attach path holds no whole-file buffer.
    try {
      fh ??= await openToInspect(abs);
    } catch {
      return { ...info, error: problem('unreadable', name, stat.size) };
    }
    try {
      const head = await readAt(fh, 0, 1024);
      if (head.length === 0) return { ...info, error: problem('unreadable', name, stat.size) };
      if (ext === 'pdf') {
        if (!hasPdfHeader(head)) return { ...info, error: { code: 'unreadable', message: `${name} is not a PDF document although its name ends in .pdf. Open it and save it again as PDF.` } };
        info.pages = (await pdfPageCount(fh, stat.size)).pages;
      } else if (IMAGE_EXTENSIONS.has(ext)) {
        info.pages = 1;
      } else if (TIFF_EXTENSIONS.has(ext)) {
        info.pages = await tiffPageCount(fh, stat.size);
      }
    } catch {
      return { ...info, error: problem('unreadable', name, stat.size) };
    }
    return { ...remember(abs, stat, info) };
  } finally {
    await fh?.close().catch(() => {});
  }
}

export async function inspectDocuments(paths: readonly string[]): Promise<DocumentInfo[]> {
  return Promise.all(paths.map((p) => inspectDocument(p)));
}
