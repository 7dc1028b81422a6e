// The one place main touches Electron's ipcMain: everything behind it (contract check,
// sender check, dispatch) is plain Node in ./register and ./dispatch.
import { ipcMain } from 'electron';
import type { Logger } from '../log';
import type { Handlers } from './dispatch';
import { registerIpc } from './register';

export function registerElectronIpc(handlers: Handlers, isTrustedFrameUrl: (url: string) => boolean, log: Logger): () => void {
  return registerIpc(ipcMain, handlers, isTrustedFrameUrl, log);
}
