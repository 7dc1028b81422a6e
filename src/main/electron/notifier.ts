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

/** A notification that is not about a task (a printed document waiting, for instance). */
export function showElectronNotification({ title, body, onClick }: { title: string; body: string; onClick(): void }): void {
  if (!Notification.isSupported()) return;
  const n = new Notification({ title, body, silent: false });
  n.on('click', onClick);
  n.show();
}
