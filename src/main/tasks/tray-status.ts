/**
 * What the tray and the dock/taskbar badge show. Faxes under way are this desk's (the tray belongs to this
 * computer); failed numbers follow the sidebar's Failures badge: the whole office's while the office database
 * answers, else this desk's — so the two never disagree. The office count is read again when something can
 * have changed it: this desk's tasks changed, another desk wrote to the office (LISTEN/NOTIFY), the office
 * went online or offline. Nothing is asked on a timer.
 */
import type { TasksTrayStatus } from './counts';

export interface TrayStatusSource {
  current(): TasksTrayStatus;
  onChange(listener: (s: TasksTrayStatus) => void): () => void;
  /** the office may have changed (NOTIFY, online/offline): read its count again */
  refresh(): void;
  /** at quit, before the history closes: an office answer still on its way is dropped, nothing more is read */
  close(): void;
}

export function createTrayStatus(o: {
  /** this desk's numbers, and their changes */
  local: { trayStatus(): TasksTrayStatus; onTrayStatus(l: (s: TasksTrayStatus) => void): () => void };
  /** the office's failed numbers in the same window as the badge; null while the office does not answer */
  officeFailed(): Promise<number | null>;
}): TrayStatusSource {
  const listeners = new Set<(s: TasksTrayStatus) => void>();
  let office: number | null = null;
  let last = '';
  /** only the newest read counts: an older answer arriving late never puts an older count back */
  let asked = 0;
  let closed = false;

  const current = (): TasksTrayStatus => {
    const local = o.local.trayStatus();
    return office === null ? local : { sending: local.sending, failed: office };
  };
  const tell = () => {
    const s = current();
    const key = JSON.stringify(s);
    if (key === last) return;
    last = key;
    for (const l of listeners) l(s);
  };
  const refresh = () => {
    if (closed) return;
    const mine = ++asked;
    void o.officeFailed().then(
      (n) => {
        if (mine !== asked || closed) return;
        office = n;
        tell();
      },
      () => {
        if (mine !== asked || closed) return;
        office = null;
        tell();
      },
    );
  };
  o.local.onTrayStatus(() => {
    if (closed) return;
    tell();
    // this desk's change reaches the office too (its mirror), which may count it differently
    refresh();
  });
  refresh();
  return {
    current,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    close() {
      closed = true;
      listeners.clear();
    },
  };
}
