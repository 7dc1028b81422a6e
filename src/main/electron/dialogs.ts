import path from 'node:path';
import { app, BrowserWindow, dialog, shell } from 'electron';
import type { FileDialogs } from '../files/dialogs';

/** Main's own dialogs, attached to the FaxDesk window when there is one. Exports start in Documents. */
export function electronDialogs(): FileDialogs {
  const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0] ?? null;
  return {
    async openFiles({ multiple, filters }) {
      const options: Electron.OpenDialogOptions = {
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters,
      };
      const win = parent();
      const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return r.canceled ? [] : r.filePaths;
    },
    async saveFile({ defaultName, filters }) {
      const options: Electron.SaveDialogOptions = { defaultPath: path.join(app.getPath('documents'), defaultName), filters };
      const win = parent();
      const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    async chooseFolder({ defaultPath }) {
      const options: Electron.OpenDialogOptions = { defaultPath, properties: ['openDirectory', 'createDirectory'] };
      const win = parent();
      const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    showInFolder(filePath) {
      shell.showItemInFolder(filePath);
    },
    async openPath(filePath) {
      const problem = await shell.openPath(filePath);
      if (problem) throw new Error(problem);
    },
  };
}
