import type { EventName, PayloadOf } from '../shared/ipc/contract';
import type { FileDialogs } from './files/dialogs';
import type { SafeStorageLike } from './credentials/safe-storage-keytar';
import type { Logger } from './log';
import type { Notifier } from './notify/notifier';

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
  /** open, save and folder dialogs: the only way a path the user chose reaches main (besides drops, argv and intake) */
  dialogs: FileDialogs;
  /** push an event to the renderer(s) */
  emit<E extends EventName>(name: E, payload: PayloadOf<E>): void;
  /**
   * Desktop notifications (Electron's Notification in the app; a click should
   * open the task, e.g. emit('navigate', { route: `tasks/${taskRef}` })).
   * Absent in the browser preview: notifications are then written to the log.
   */
  notifier?: Notifier;
  /**
   * Electron's safeStorage, where keytar cannot be loaded (absent in the
   * browser preview: the secret is then kept in memory only).
   */
  safeStorage?: SafeStorageLike;
}
