import fs from 'node:fs';
import path from 'node:path';
import { FILE_PURPOSES, type GrantedFile } from '../../shared/ipc/channels/files';
import type { PlatformDeps } from '../app-context';
import { UserError } from '../errors';
import type { Handlers } from '../ipc/dispatch';
import type { SettingsStore } from '../settings/settings';
import type { FileGrants } from './grants';

export type FileHandlers = Pick<Handlers, 'chooseFiles' | 'showSavedFile' | 'openSavedFile' | 'chooseHotFolder'>;

/**
 * Registers a file the user dropped (or picked in a browser file input). Only
 * an existing regular file is taken; its handle is all the window gets back.
 */
export function grantDroppedFile(grants: FileGrants, filePath: unknown): GrantedFile {
  if (typeof filePath !== 'string' || !filePath || filePath.length > 4096 || !path.isAbsolute(filePath)) {
    throw new UserError('file.not_a_file', 'FaxDesk could not read the dropped item. Drop a document file.');
  }
  let isFile = false;
  try {
    isFile = fs.statSync(filePath).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) throw new UserError('file.not_a_file', `${path.basename(filePath)} is not a file FaxDesk can read. Drop a document file.`);
  return { handle: grants.grant(filePath, 'input'), name: path.basename(filePath) };
}

export function fileHandlers(
  deps: Pick<PlatformDeps, 'dialogs'>,
  grants: FileGrants,
  settings: Pick<SettingsStore, 'get' | 'update'>,
  hotFolderPath: () => string,
): FileHandlers {
  return {
    chooseFiles: async ({ purpose }) => {
      const { extensions, multiple } = FILE_PURPOSES[purpose];
      const paths = await deps.dialogs.openFiles({ purpose, multiple, filters: [{ name: purpose, extensions: [...extensions] }] });
      return { files: paths.slice(0, multiple ? 20 : 1).map((p) => ({ handle: grants.grant(p, 'input'), name: path.basename(p) })) };
    },
    showSavedFile: async ({ handle }) => {
      await deps.dialogs.showInFolder(grants.pathOf(handle, 'output'));
      return { shown: true };
    },
    openSavedFile: async ({ handle }) => {
      await deps.dialogs.openPath(grants.pathOf(handle, 'output'));
      return { opened: true };
    },
    chooseHotFolder: async () => {
      const chosen = await deps.dialogs.chooseFolder({ defaultPath: hotFolderPath() });
      if (!chosen) return { chosen: false, settings: settings.get() };
      const next = settings.update({ hotFolder: { ...settings.get().hotFolder, path: path.resolve(chosen) } });
      return { chosen: true, settings: next };
    },
  };
}
