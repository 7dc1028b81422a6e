import path from 'node:path';
import { FILE_PURPOSES } from '@shared/files/types';
import type { PlatformDeps } from '../../app-context';
import type { Handlers } from '../dispatch';
import type { HotFolderChoice } from '../../intake/hot-folder-choice';
import type { FileGrants } from '../../files/grants';

export type FileHandlers = Pick<Handlers, 'chooseFiles' | 'showSavedFile' | 'openSavedFile' | 'chooseHotFolder'>;

/** Main's open dialogs and the saved files the window may open or show: all by handle. */
export function fileHandlers(
  deps: Pick<PlatformDeps, 'dialogs'>,
  grants: FileGrants,
  hotFolder: HotFolderChoice,
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
    chooseHotFolder: () => hotFolder.choose(),
  };
}
