/**
 * Desktop notifications are the platform's business: the Electron entry
 * passes a notifier built on Electron's Notification (a click opens the task
 * through the `navigate` event), tests and the preview pass a recorder.
 */
export interface TaskNotification {
  title: string;
  body: string;
  /** the task a click should open */
  taskRef: string;
}

export interface Notifier {
  notify(n: TaskNotification): void;
}

/** Keeps what it was given, for tests and the browser preview. */
export function createRecordingNotifier(): Notifier & { readonly sent: TaskNotification[] } {
  const sent: TaskNotification[] = [];
  return {
    sent,
    notify: (n) => void sent.push(n),
  };
}
