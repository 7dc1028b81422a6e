import type { EventName, PayloadOf } from '../shared/ipc/contract';
import type { Logger } from './log';

/**
 * What the platform (the Electron entry, or the browser preview / tests)
 * hands to the main-process code. Everything that needs Electron is passed
 * in here, so the handlers stay plain Node.
 */
export interface PlatformDeps {
  dataDir: string;
  version: string;
  platform: NodeJS.Platform;
  shell: 'electron' | 'preview';
  systemLocale: string;
  log: Logger;
  openExternal(url: string): Promise<void> | void;
  /** push an event to the renderer(s) */
  emit<E extends EventName>(name: E, payload: PayloadOf<E>): void;
}
