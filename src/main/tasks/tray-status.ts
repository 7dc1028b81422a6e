/**
 * What the tray and the dock/taskbar badge show. Faxes under way are this desk's (the tray belongs to this
 * computer); failed numbers follow the sidebar's Failures badge: the whole office's while the office database
 * answers, else this desk's — so the two never disagree. The office count is read again when something can
 * have changed it: this desk's tasks changed, another desk wrote to the office (LISTEN/NOTIFY), the office
 * went online or offline, and — the one change time alone makes — at the moment the oldest counted failure
 * leaves the failures window (one timer for that known moment, as the sidebar's counts do). No polling.
 */
import type { TaskCounts } from '../../shared/tasks/types';
import { delayUntilChange } from '../../shared/office/failures-window';
import { systemClock, type Clock } from '../clock';
import type { TasksTrayStatus } from './counts';

export interface TrayStatusSource {
  current(): TasksTrayStatus;
  onChange(listener: (s: TasksTrayStatus) => void): () => void;
  /** the office may have changed (NOTIFY, online/offline): read its count again */
  refresh(): void;
  /** at quit, before the history closes: an office answer still on its way is dropped, nothing more is read */
  close(): void;
}

/** The office's failed numbers in the badge's window, and when the oldest of them leaves it (null: none counted). */
export interface OfficeFailed {
  failed: number;
  changeAtMs: number | null;
}

export function createTrayStatus(o: {
  /** this desk's numbers, and their changes; its counts say when its oldest counted failure leaves the window */
  local: { trayStatus(): TasksTrayStatus; onTrayStatus(l: (s: TasksTrayStatus) => void): () => void; counts(): Pick<TaskCounts, 'recentFailuresChangeAtMs'> };
  /** the office's failed numbers in the same window as the badge; null while the office does not answer */
  officeFailed(): Promise<OfficeFailed | null>;
  clock?: Clock;
}): TrayStatusSource {
  const clock = o.clock ?? systemClock;
  const listeners = new Set<(s: TasksTrayStatus) => void>();
  let office: OfficeFailed | null = null;
  let last = '';
  /** only the newest read counts: an older answer arriving late never puts an older count back */
  let asked = 0;
  let closed = false;
  /** the one timer: the moment the failed count shown changes by time alone */
  let ageOut: unknown = null;

  const current = (): TasksTrayStatus => {
    const local = o.local.trayStatus();
    return office === null ? local : { sending: local.sending, failed: office.failed };
  };
  const tell = () => {
    const s = current();
    const key = JSON.stringify(s);
    if (key === last) return;
    last = key;
    for (const l of listeners) l(s);
  };
  const stopAgeOut = () => {
    if (ageOut !== null) clock.clearTimeout(ageOut);
    ageOut = null;
  };
  /** read again when the oldest failure of the count shown (the office's, else this desk's) leaves the window */
  const armAgeOut = () => {
    stopAgeOut();
    const wait = delayUntilChange(office ? office.changeAtMs : o.local.counts().recentFailuresChangeAtMs, clock.now());
    if (wait === false) return;
    ageOut = clock.setTimeout(() => {
      ageOut = null;
      refresh();
    }, wait);
  };
  const answered = (mine: number, n: OfficeFailed | null) => {
    if (mine !== asked || closed) return;
    office = n;
    tell();
    armAgeOut();
  };
  function refresh() {
    if (closed) return;
    const mine = ++asked;
    void o.officeFailed().then(
      (n) => answered(mine, n),
      () => answered(mine, null),
    );
  }
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
      stopAgeOut();
      listeners.clear();
    },
  };
}
