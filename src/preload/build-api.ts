import { channelNames, eventNames, ipcChannel, ipcEvent, type FaxDeskApi } from '../shared/ipc/contract';
import { GRANT_DROPPED_FILE_CHANNEL } from '../shared/ipc/channels/files';

/** The part of ipcRenderer the preload uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

/**
 * Builds the renderer's API from the contract: one named function per
 * channel, nothing generic. Event subscription is limited to the contract's
 * event names; the raw IPC event object never reaches the page. A dropped
 * File is registered by its path, read here (webUtils), so the page gets a
 * handle and never a path.
 */
export function buildApi(ipc: IpcRendererLike, pathForFile: (file: File) => string): FaxDeskApi {
  const api: Record<string, unknown> = {};
  for (const name of channelNames) {
    api[name] = (input?: unknown) => ipc.invoke(ipcChannel(name), input);
  }
  api.on = (name: string, listener: (payload: unknown) => void) => {
    if (!(eventNames as string[]).includes(name)) throw new Error(`Unknown event ${name}`);
    const wrapped = (_e: unknown, payload: unknown) => listener(payload);
    ipc.on(ipcEvent(name as (typeof eventNames)[number]), wrapped);
    return () => void ipc.removeListener(ipcEvent(name as (typeof eventNames)[number]), wrapped);
  };
  api.grantFile = (file: File) => ipc.invoke(GRANT_DROPPED_FILE_CHANNEL, pathForFile(file));
  return Object.freeze(api) as FaxDeskApi;
}
