import { channelNames, ipcChannel } from '../../shared/ipc/contract';
import { GRANT_DROPPED_FILE_CHANNEL, type GrantedFile } from '../../shared/ipc/channels/files';
import { toIpcError } from './to-ipc-error';
import type { IpcResult } from '../../shared/ipc/define';
import type { Logger } from '../log';
import { dispatch, type Handlers } from './dispatch';

/** The part of Electron's ipcMain we use; typed here so this file stays plain Node. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface IpcEventLike {
  senderFrame: { url: string } | null;
}

/**
 * Registers every channel of the contract. A call whose sender frame is not
 * one of ours is refused before its input is even parsed.
 */
export function registerIpc(
  ipcMain: IpcMainLike,
  handlers: Handlers,
  isTrustedFrameUrl: (url: string) => boolean,
  log?: Logger,
): () => void {
  for (const name of channelNames) {
    ipcMain.handle(ipcChannel(name), async (event, input): Promise<IpcResult<unknown>> => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedFrameUrl(url)) {
        log?.warn(`ipc ${name} refused from untrusted frame`);
        return { ok: false, error: { code: 'ipc.untrusted_sender', message: 'This request did not come from the FaxDesk window and was refused.' } };
      }
      return dispatch(handlers, name, input, log);
    });
  }
  return () => {
    for (const name of channelNames) ipcMain.removeHandler(ipcChannel(name));
  };
}

/**
 * The preload's one extra channel: it registers a File the user dropped (or
 * picked in a file input), whose path the preload read with
 * webUtils.getPathForFile. Not part of the contract, so the page's API has no
 * function that takes a path; same sender check as every channel.
 */
export function registerGrantChannel(
  ipcMain: IpcMainLike,
  grant: (filePath: unknown) => GrantedFile,
  isTrustedFrameUrl: (url: string) => boolean,
  log?: Logger,
): () => void {
  ipcMain.handle(GRANT_DROPPED_FILE_CHANNEL, async (event, filePath): Promise<IpcResult<GrantedFile>> => {
    if (!isTrustedFrameUrl(event.senderFrame?.url ?? '')) {
      log?.warn('file grant refused from untrusted frame');
      return { ok: false, error: { code: 'ipc.untrusted_sender', message: 'This request did not come from the FaxDesk window and was refused.' } };
    }
    try {
      return { ok: true, value: grant(filePath) };
    } catch (e) {
      return { ok: false, error: toIpcError(e) };
    }
  });
  return () => ipcMain.removeHandler(GRANT_DROPPED_FILE_CHANNEL);
}
