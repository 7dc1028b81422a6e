import path from 'node:path';
import type { Settings } from '../../shared/settings';
import type { FileDialogs } from '../files/dialogs';
import type { SettingsStore } from '../settings/settings';

/** The hot folder is set only by main's folder dialog: settings cannot point main at a folder by IPC alone. */
export interface HotFolderChoice {
  /** asks the user for a folder (starting at the one in use); unchanged when they cancel */
  choose(): Promise<{ chosen: boolean; settings: Settings }>;
}

export function createHotFolderChoice(dialogs: Pick<FileDialogs, 'chooseFolder'>, settings: Pick<SettingsStore, 'get' | 'update'>, hotFolderPath: () => string): HotFolderChoice {
  return {
    async choose() {
      const chosen = await dialogs.chooseFolder({ defaultPath: hotFolderPath() });
      if (!chosen) return { chosen: false, settings: settings.get() };
      const next = settings.update({ hotFolder: { ...settings.get().hotFolder, path: path.resolve(chosen) } });
      return { chosen: true, settings: next };
    },
  };
}
