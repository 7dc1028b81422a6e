import { Notification } from 'electron';
import type { Notifier } from '../notify/notifier';

/** Desktop notifications through Electron; a click opens the task. */
export function createElectronNotifier(openTask: (taskRef: string) => void): Notifier {
  return {
    notify({ title, body, taskRef }) {
      if (!Notification.isSupported()) return;
      const n = new Notification({ title, body, silent: false });
      n.on('click', () => openTask(taskRef));
      n.show();
    },
  };
}
