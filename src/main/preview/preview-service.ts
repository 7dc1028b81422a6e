import fs from 'node:fs';
import path from 'node:path';
import { PREVIEW_EXTENSIONS, type CoverPreview, type DocumentPreview, type PreviewKind } from '../../shared/send/preview';
import { extensionOf, MAX_DOCUMENT_BYTES } from '../../shared/send/limits';
import type { CoverPageInput } from '../../shared/send/types';
import { UserError } from '../errors';
import { fileChanged, NO_FOLLOW, sameFile, type FileIdentity } from '../files/grants';
import { buildCoverPage } from '../send/cover-page';

/** A document the user handed over, as the door resolved its handle (src/main/ipc/handlers/preview.ts). */
export interface GrantedDocument {
  /** the path it was handed over by (its name is shown in messages) */
  path: string;
  /** the file that was granted, checked: no link in its place (grants.checkedPath) */
  checkedPath: string;
  /** device and inode at the grant, compared again once the file is open */
  identity: FileIdentity | null;
}

/** What the document viewer and the cover's live preview read. Nothing here writes a file. */
export interface PreviewService {
  /** the bytes of a PDF, PNG or JPEG up to the send limit; a UserError ('preview.*', 'file.changed') otherwise */
  readDocument(doc: GrantedDocument): Promise<DocumentPreview>;
  /** the cover page drawn in memory from the form's fields */
  coverPage(input: CoverPageInput): Promise<CoverPreview>;
}

/** The first bytes each kind must start with: a file named .pdf that is something else is not handed over as a PDF. */
const MAGIC: Record<PreviewKind, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * Reads at most `expected + 1` bytes from an open file, so a file that grew after its size was checked
 * shows it (one byte too many) and is never read whole. Asynchronous: main's event loop keeps serving
 * the window while up to 10 MB come off the disk.
 */
async function readBounded(file: fs.promises.FileHandle, expected: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(expected + 1);
  let total = 0;
  for (;;) {
    const { bytesRead } = await file.read(buf, total, buf.length - total, total);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > expected) break;
  }
  return buf.subarray(0, total);
}

/**
 * Only the kinds the viewer draws, only up to the send limit, only the file that was granted (the same
 * inode once open, no link followed); the cover is drawn in memory.
 */
export function createPreviewService(now: () => Date = () => new Date()): PreviewService {
  return {
    async readDocument({ path: grantedPath, checkedPath, identity }) {
      const name = path.basename(grantedPath);
      const kind = PREVIEW_EXTENSIONS[extensionOf(name)];
      if (!kind) throw new UserError('preview.unsupported', `FaxDesk cannot show ${name} here. It is still sent as it is.`);
      let file: fs.promises.FileHandle;
      try {
        file = await fs.promises.open(checkedPath, fs.constants.O_RDONLY | NO_FOLLOW);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw fileChanged(name);
        throw new UserError('preview.unreadable', `FaxDesk could not read ${name}. Check that it still exists, or add it again.`);
      }
      try {
        const stat = await file.stat();
        if (!sameFile(identity, stat)) throw fileChanged(name);
        if (!stat.isFile()) throw new UserError('preview.unreadable', `${name} is not a file FaxDesk can read. Add the document again.`);
        if (stat.size > MAX_DOCUMENT_BYTES) {
          throw new UserError('preview.too_large', `${name} is larger than the 10 MB the fax service takes, so it is not shown. Use a smaller file.`);
        }
        const bytes = await readBounded(file, stat.size);
        if (bytes.length > stat.size) throw new UserError('preview.unreadable', `${name} changed while FaxDesk was reading it. Open the preview again.`);
        if (!startsWith(bytes, MAGIC[kind])) throw new UserError('preview.unsupported', `${name} is not the kind of file its name says, so FaxDesk cannot show it.`);
        return { kind, data: bytes.toString('base64'), size: bytes.length };
      } catch (e) {
        if (e instanceof UserError) throw e;
        throw new UserError('preview.unreadable', `FaxDesk could not read ${name}. Check that it still exists, or add it again.`);
      } finally {
        await file.close();
      }
    },
    async coverPage(input) {
      const { bytes, replaced } = await buildCoverPage(input, now());
      return { data: Buffer.from(bytes).toString('base64'), replacedCharacters: replaced };
    },
  };
}
