import path from 'node:path';
import type { SavedFile } from '../../shared/files/types';
import { UserError } from '../errors';
import { writeFileAtomicAsync } from '../storage/atomic-write';
import { PRIVATE_FILE_MODE } from '../storage/private-files';
import type { FileDialogs, FileFilter } from './dialogs';
import type { FileGrants } from './grants';

export interface SaveRequest {
  defaultName: string;
  filters: FileFilter[];
  /** made only after the user chose where (a report is not built for nothing) */
  content: () => Promise<string | Uint8Array> | string | Uint8Array;
}

/**
 * Every export and report goes through here: main's save dialog picks the
 * place, main writes it (a temp file renamed over, so a failure never leaves
 * half a file where the user looks), and the window gets a handle it can ask
 * to open or show — never the right to write elsewhere. null: cancelled.
 */
export async function saveWithDialog(dialogs: FileDialogs, grants: FileGrants, request: SaveRequest): Promise<SavedFile | null> {
  const chosen = await dialogs.saveFile({ defaultName: request.defaultName, filters: request.filters });
  if (!chosen) return null;
  const file = path.resolve(chosen);
  const dir = path.dirname(file);
  const name = path.basename(file);
  const content = await request.content();
  // 0600: what FaxDesk exports holds names and numbers; the user can share it on purpose.
  await writeFileAtomicAsync(file, content, {
    mode: PRIVATE_FILE_MODE,
    explain: (e) => {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOSPC' ? 'the disk is full' : code === 'EACCES' || code === 'EPERM' ? 'FaxDesk may not write there' : `the system said ${code ?? 'no'}`;
      return new UserError('file.write_failed', `FaxDesk could not save "${name}" in ${dir}: ${why}. Choose another place.`, undefined, { name, folder: dir });
    },
  });
  return { handle: grants.grant(file, 'output'), name, folder: dir };
}
