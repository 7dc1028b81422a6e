import type { FilePurpose } from '../../shared/files/types';

export interface FileFilter {
  name: string;
  extensions: string[];
}

/**
 * The dialogs through which the user hands files and folders to main. The
 * Electron entry answers with Electron's dialog and shell; the browser
 * preview with its own pickers (files arrive by upload) and a downloads
 * folder; tests script the answers. Every method resolves to what the user
 * chose, or nothing when they cancelled.
 */
export interface FileDialogs {
  /** paths the user picked, [] when cancelled */
  openFiles(options: { purpose: FilePurpose; multiple: boolean; filters: FileFilter[] }): Promise<string[]>;
  /** where to save, null when cancelled */
  saveFile(options: { defaultName: string; filters: FileFilter[] }): Promise<string | null>;
  /** a folder, null when cancelled */
  chooseFolder(options: { defaultPath: string }): Promise<string | null>;
  showInFolder(filePath: string): Promise<void> | void;
  openPath(filePath: string): Promise<void> | void;
}

/** For headless use (benchmarks): every dialog is cancelled, nothing is opened. */
export const cancellingDialogs: FileDialogs = {
  openFiles: () => Promise.resolve([]),
  saveFile: () => Promise.resolve(null),
  chooseFolder: () => Promise.resolve(null),
  showInFolder: () => {},
  openPath: () => {},
};
