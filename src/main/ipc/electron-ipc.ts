// The one place main touches Electron's ipcMain: everything behind it (contract check,
// sender check, dispatch) is plain Node in ./register and ./dispatch.
import { ipcMain } from 'electron';
import type { Logger } from '../log';
import type { Handlers } from './dispatch';
import type { GrantedFile } from '../../shared/ipc/channels/files';
import { registerGrantChannel, registerIpc } from './register';

export function registerElectronIpc(
  handlers: Handlers,
  grantDropped: (filePath: unknown) => GrantedFile,
  isTrustedFrameUrl: (url: string) => boolean,
  log: Logger,
): () => void {
  const offChannels = registerIpc(ipcMain, handlers, isTrustedFrameUrl, log);
  const offGrant = registerGrantChannel(ipcMain, grantDropped, isTrustedFrameUrl, log);
  return () => {
    offChannels();
    offGrant();
  };
}
