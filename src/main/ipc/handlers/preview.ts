import fs from 'node:fs';
import path from 'node:path';
import { PREVIEW_EXTENSIONS, type DocumentPreview, type PreviewKind } from '../../../shared/ipc/channels/preview';
import { extensionOf, MAX_DOCUMENT_BYTES } from '../../../shared/send/limits';
import { UserError } from '../../errors';
import { fileChanged, NO_FOLLOW, sameFile, type FileGrants } from '../../files/grants';
import { buildCoverPage } from '../../send/cover-page';
import type { Handlers } from '../dispatch';

type PreviewHandlers = Pick<Handlers, 'readDocumentPreview' | 'previewCoverPage'>;

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
 * The viewer's channels. A document is read only through an input handle main issued for a file the
 * user handed over (grants.pathOf refuses anything else: an unknown or forged handle, an output
 * file main saved); only the kinds the viewer draws, only up to the send limit. The cover is drawn in
 * memory from the form's fields.
 */
export function previewHandlers(grants: FileGrants, now: () => Date = () => new Date()): PreviewHandlers {
  return {
    readDocumentPreview: async ({ handle }) => {
      const name = path.basename(grants.pathOf(handle, 'input'));
      // The file that was granted: no link in its place (checkedPath, O_NOFOLLOW), the same inode once open.
      const filePath = grants.checkedPath(handle);
      const kind = PREVIEW_EXTENSIONS[extensionOf(name)];
      if (!kind) throw new UserError('preview.unsupported', `FaxDesk cannot show ${name} here. It is still sent as it is.`);
      let file: fs.promises.FileHandle;
      try {
        file = await fs.promises.open(filePath, fs.constants.O_RDONLY | NO_FOLLOW);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw fileChanged(name);
        throw new UserError('preview.unreadable', `FaxDesk could not read ${name}. Check that it still exists, or add it again.`);
      }
      try {
        const stat = await file.stat();
        if (!sameFile(grants.identityOf(handle), stat)) throw fileChanged(name);
        if (!stat.isFile()) throw new UserError('preview.unreadable', `${name} is not a file FaxDesk can read. Add the document again.`);
        if (stat.size > MAX_DOCUMENT_BYTES) {
          throw new UserError('preview.too_large', `${name} is larger than the 10 MB the fax service takes, so it is not shown. Use a smaller file.`);
        }
        const bytes = await readBounded(file, stat.size);
        if (bytes.length > stat.size) throw new UserError('preview.unreadable', `${name} changed while FaxDesk was reading it. Open the preview again.`);
        if (!startsWith(bytes, MAGIC[kind])) throw new UserError('preview.unsupported', `${name} is not the kind of file its name says, so FaxDesk cannot show it.`);
        return { kind, data: bytes.toString('base64'), size: bytes.length } satisfies DocumentPreview;
      } catch (e) {
        if (e instanceof UserError) throw e;
        throw new UserError('preview.unreadable', `FaxDesk could not read ${name}. Check that it still exists, or add it again.`);
      } finally {
        await file.close();
      }
    },
    previewCoverPage: async (input) => {
      const { bytes, replaced } = await buildCoverPage(input, now());
      return { data: Buffer.from(bytes).toString('base64'), replacedCharacters: replaced };
    },
  };
}
