// What main tells the window about the history and about polling (the tasksChanged and
// trackerHealthChanged events carry these).

export interface TaskTransition {
  taskRef: string;
  from: string | null;
  to: string;
}

export interface TasksChanged {
  /** tasks whose stored state changed (status, recipients, or new) */
  taskRefs: string[];
  /** task status changes among them */
  transitions: TaskTransition[];
}

/** How polling is doing: shown as an "offline / retrying" state while the last data stays on screen. */
export interface TrackerHealth {
  state: 'ok' | 'retrying' | 'offline' | 'paused';
  /** consecutive failed polls */
  failures: number;
  /** when polling tries again (ms since epoch), while retrying */
  retryAtMs: number | null;
  /** error code of the last failure, e.g. 'network.unreachable', 'server' */
  lastError: string | null;
}
