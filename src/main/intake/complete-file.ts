import fs from 'node:fs';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES } from '../../shared/send/limits';

/**
 * Is a file in the hot folder completely written? Each format is asked what
 * it can tell: PDF, JPEG and PNG end with a marker; DOCX (a zip) ends with
 * its central directory, which says where it starts; a TIFF's directories
 * name every byte range of its pages; a DOC (OLE compound file) names its
 * allocation sectors. Plain text says nothing, so for it the caller relies
 * on stillness and on no program holding it open for writing.
 */
export type Structure = 'complete' | 'incomplete' | 'none';

const TAIL_BYTES = 2048;
/** zip's end-of-central-directory record is 22 bytes plus a comment of up to 64 KiB */
const ZIP_TAIL_BYTES = 22 + 0xffff;

export async function fileStructure(file: string, size: number): Promise<Structure> {
  const ext = path.extname(file).toLowerCase();
  switch (ext) {
    case '.pdf':
      return (await tail(file, size, TAIL_BYTES)).includes('%%EOF') ? 'complete' : 'incomplete';
    case '.jpg':
    case '.jpeg':
      return (await tail(file, size, TAIL_BYTES)).includes(Buffer.from([0xff, 0xd9])) ? 'complete' : 'incomplete';
    case '.png':
      return (await tail(file, size, TAIL_BYTES)).includes('IEND') ? 'complete' : 'incomplete';
    case '.docx':
      return zipComplete(await tail(file, size, ZIP_TAIL_BYTES), size) ? 'complete' : 'incomplete';
    case '.tif':
    case '.tiff':
      // A TIFF's directories may lie anywhere in it, so it is read whole: only one that can be sent (a
      // larger one says nothing here; once still, the Send screen names it as too large). Whole, a scan
      // of gigabytes filled main's memory, and one of over 2 GB could never be read, so never offered.
      if (size > MAX_DOCUMENT_BYTES) return 'none';
      return tiffComplete(await head(file, size)) ? 'complete' : 'incomplete';
    case '.doc':
      return oleComplete(await head(file, 512), size) ? 'complete' : 'incomplete';
    default:
      return 'none';
  }
}

async function tail(file: string, size: number, max: number): Promise<Buffer> {
  const length = Math.min(size, max);
  const buffer = Buffer.alloc(length);
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.read(buffer, 0, length, size - length);
  } finally {
    await handle.close();
  }
  return buffer;
}

/** The first `length` bytes (fewer only at the end of the file): a read may return less (a network share), so it reads on. */
async function head(file: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await handle.read(buffer, got, length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return buffer.subarray(0, got);
  } finally {
    await handle.close();
  }
}

/** The last end-of-central-directory record, and the central directory it points to lies before it. */
export function zipComplete(tailBytes: Buffer, size: number): boolean {
  const eocd = tailBytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > tailBytes.length) return false;
  const cdSize = tailBytes.readUInt32LE(eocd + 12);
  const cdOffset = tailBytes.readUInt32LE(eocd + 16);
  const eocdAt = size - tailBytes.length + eocd;
  return cdOffset + cdSize <= eocdAt;
}

/** Every directory and every strip or tile of every page lies inside the file. */
export function tiffComplete(bytes: Buffer): boolean {
  if (bytes.length < 8) return false;
  const order = bytes.readUInt16BE(0);
  if (order !== 0x4949 && order !== 0x4d4d) return false;
  const le = order === 0x4949;
  const u16 = (o: number) => (le ? bytes.readUInt16LE(o) : bytes.readUInt16BE(o));
  const u32 = (o: number) => (le ? bytes.readUInt32LE(o) : bytes.readUInt32BE(o));
  if (u16(2) !== 42) return false;
  const typeSize: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
  let ifd = u32(4);
  const seen = new Set<number>();
  let pages = 0;
  while (ifd !== 0) {
    if (seen.has(ifd) || ifd + 2 > bytes.length || pages > 10_000) return false;
    seen.add(ifd);
    const count = u16(ifd);
    const end = ifd + 2 + count * 12;
    if (end + 4 > bytes.length) return false;
    const values = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const e = ifd + 2 + i * 12;
      const tag = u16(e);
      const type = u16(e + 2);
      const n = u32(e + 4);
      const bytesNeeded = (typeSize[type] ?? 1) * n;
      const at = bytesNeeded <= 4 ? e + 8 : u32(e + 8);
      if (at + bytesNeeded > bytes.length) return false;
      if (tag === 273 || tag === 279 || tag === 324 || tag === 325) {
        if (type !== 3 && type !== 4) return false;
        const list: number[] = [];
        for (let k = 0; k < n; k++) list.push(type === 3 ? u16(at + k * 2) : u32(at + k * 4));
        values.set(tag, list);
      }
    }
    const offsets = values.get(273) ?? values.get(324) ?? [];
    const counts = values.get(279) ?? values.get(325) ?? [];
    if (offsets.length === 0 || offsets.length !== counts.length) return false;
    for (let k = 0; k < offsets.length; k++) if (offsets[k]! + counts[k]! > bytes.length) return false;
    pages++;
    ifd = u32(end);
  }
  return pages > 0;
}

/** An OLE compound file (.doc): the sectors its header names for the allocation table exist. */
export function oleComplete(header: Buffer, size: number): boolean {
  const magic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  // not an OLE file (an RTF or HTML saved as .doc): nothing to check
  if (header.length < 512) return false;
  if (!header.subarray(0, 8).equals(magic)) return true;
  const sectorSize = 1 << header.readUInt16LE(0x1e);
  if (sectorSize !== 512 && sectorSize !== 4096) return false;
  const sectorEnd = (id: number) => (id + 2) * sectorSize;
  const fatSectors = header.readUInt32LE(0x2c);
  const dirStart = header.readUInt32LE(0x30);
  if (dirStart < 0xfffffffa && sectorEnd(dirStart) > size) return false;
  for (let i = 0; i < Math.min(fatSectors, 109); i++) {
    const id = header.readUInt32LE(0x4c + i * 4);
    if (id >= 0xfffffffa) continue;
    if (sectorEnd(id) > size) return false;
  }
  return true;
}

/** Processes looked at together while walking /proc (each is a few small reads in the thread pool). */
const PROC_PARALLEL = 8;

/**
 * Which of these files does some process (that we may look at) hold open for writing? Linux only:
 * /proc shows every open file with its flags. A writer that pauses longer than the settle time — a
 * slow copy, a program printing page by page — is caught here even though the file looks still.
 * Elsewhere the empty set: Windows locks a file being written against readers, which the caller
 * finds when it reads the file, and macOS has no /proc (lsof would cost a process per look).
 *
 * Asynchronous, and one walk of /proc for the whole batch: the walk is ~5 ms of file-system calls
 * on a quiet machine and more on a busy desktop, which must not stop the main process once per file.
 */
export async function filesOpenForWriting(files: readonly string[], platform: NodeJS.Platform = process.platform): Promise<Set<string>> {
  const found = new Set<string>();
  if (platform !== 'linux' || files.length === 0) return found;
  const byReal = new Map<string, string>();
  for (const file of files) {
    try {
      byReal.set(await fs.promises.realpath(file), file);
    } catch {
      // gone since: nothing holds it
    }
  }
  if (byReal.size === 0) return found;
  let pids: string[];
  try {
    pids = (await fs.promises.readdir('/proc')).filter((p) => /^\d+$/.test(p));
  } catch {
    return found;
  }
  const lookAt = async (pid: string) => {
    let fds: string[];
    try {
      fds = await fs.promises.readdir(`/proc/${pid}/fd`);
    } catch {
      return;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = await fs.promises.readlink(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const file = byReal.get(target);
      if (file === undefined || found.has(file)) continue;
      try {
        const flags = /^flags:\s*([0-7]+)/m.exec(await fs.promises.readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))?.[1];
        // O_WRONLY = 1, O_RDWR = 2
        if (flags && (parseInt(flags, 8) & 3) !== 0) found.add(file);
      } catch {
        continue;
      }
    }
  };
  for (let i = 0; i < pids.length; i += PROC_PARALLEL) {
    await Promise.all(pids.slice(i, i + PROC_PARALLEL).map(lookAt));
    if (found.size === byReal.size) break;
  }
  return found;
}
