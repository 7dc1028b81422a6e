/** The task tracker's contract: what it needs (history, client, office leases) and what it offers. */
import type { Task } from '../../shared/api/schemas';
import type { TasksChanged, TrackerHealth } from '../../shared/tasks/changes';
import type { Settings } from '../../shared/settings';
import type { FaxApiClient } from '../api/client';
import type { TaskChanges } from '../history/types';
import type { Logger } from '../log';
import type { Notifier } from '../notify/notifier';
import type { NotifyLanguage } from '../notify/text';
import type { Clock } from '../clock';

/** What the polling rules need about one task; null when it is not in the history. */
export interface PollState {
  status: string;
  scheduledAtMs: number | null;
  lastCheckedAtMs: number | null;
}

/** What the tracker needs from the history; kept narrow so either side can change. */
export interface TrackerHistory {
  applyTaskResponse(task: Task): TaskChanges;
  /** several answers in one transaction (one disk sync); without it, one transaction each */
  applyTaskResponses?(tasks: readonly Task[]): TaskChanges[];
  /** unfinished tasks with a task_ref, with when each is next due (ms) */
  tasksToPoll(nowMs: number): ReadonlyArray<{ taskRef: string; status: string; dueAtMs: number }>;
  /** what the polling rules need about one task; null when it is not in the history */
  pollState(taskRef: string): PollState | null;
}

export interface TrackerOptions {
  history: TrackerHistory;
  client: () => Promise<FaxApiClient>;
  settings: { get(): Settings };
  notifier: Notifier | null;
  language: () => NotifyLanguage;
  emit: (changes: TasksChanged) => void;
  log: Logger;
  /** the tasks polled are demo tasks (the built-in simulator): notifications say so */
  demo?: () => boolean;
  /** polling health changed (offline, retrying, recovered) */
  onHealth?: (health: TrackerHealth) => void;
  /** called once per task that reached done/failed (auto-retry listens here) */
  onEnded?: (changes: TaskChanges) => void;
  clock?: Clock;
  random?: () => number;
  /** parallel queries per poll round (default 3) */
  concurrency?: number;
  /** the manual refresh floor (default 10 s) */
  manualFloorMs?: number;
  /** longest sleep between rounds, so tasks recorded elsewhere are noticed (default 15 s) */
  maxIdleMs?: number;
  /**
   * The office's poll leases (src/main/office/poll-lease.ts) while an office database is connected:
   * this desk asks about a task only when it holds its lease, takes over other desks' tasks whose
   * lease expired, and takes in what other desks learned of its own. Null (no office, or the office
   * unreachable): every task of this desk is polled as without an office.
   */
  lease?: () => TaskLease | null;
}

/** The office side of polling (src/main/office/poll-lease.ts implements it). */
export interface TaskLease {
  claimOwn(due: ReadonlyArray<{ taskRef: string; status: string }>, nowMs: number): Promise<Set<string>>;
  claimForeign(nowMs: number, limit: number): Promise<string[]>;
  record(task: Task, nowMs: number): Promise<void>;
  news(): Promise<Task[]>;
}

export interface RefreshOutcome {
  refreshed: boolean;
  retryInMs: number;
}

export interface TaskTracker {
  /**
   * A task response obtained elsewhere (e.g. the send's follow-up query):
   * stored, announced and notified exactly like one the tracker fetched.
   */
  ingest(task: Task): TaskChanges;
  /** asks the service now (no interval check) and applies the answer; throws FaxApiError */
  fetch(taskRef: string): Promise<TaskChanges>;
  /** asks the service only if the polling rules allow it now; errors are logged, not thrown */
  refreshIfDue(taskRef: string): Promise<boolean>;
  /**
   * Something outside the task says it may have moved (the balance changed): asks a visible
   * sending task if a sending task's interval (60 s, DESIGN.md) has passed since it was last asked.
   */
  refreshOnEvidence(): Promise<number>;
  /**
   * The service says this task has ended (demo mode: the built-in simulator, when its webhook would be
   * sent): asked once, now, whatever its interval — news, not a timer. A task the history does not have
   * yet (its send is still being recorded) is asked when the send's own query records it unfinished.
   * Resolves true when it was asked; errors are noted (backoff, log), not thrown.
   */
  endedAtService(taskRef: string): Promise<boolean>;
  /** the user's refresh button: allowed once per floor; errors are thrown */
  refreshManual(taskRef: string): Promise<RefreshOutcome>;
  /** the renderer shows these rows: poll them first */
  markVisible(taskRefs: readonly string[]): void;
  start(): void;
  stop(): void;
  /** run one poll round now (tests, resume from sleep) */
  tick(): Promise<void>;
  /** resolves when the round in progress (if any) has finished */
  idle(): Promise<void>;
  /** the network went away / came back (Electron's online state) */
  setOnline(online: boolean): void;
  /** the system sleeps / woke up */
  suspend(): void;
  resume(): void;
  /**
   * Another request to the service (an account read, an upload) succeeded: if polls were backing
   * off, the service is back, so the waiting tasks are asked now (each still at its own rate).
   */
  serviceAnswered(): void;
  /** forget error backoff (e.g. the connection settings changed) */
  resetBackoff(): void;
  /** offline / retrying / ok, for the UI */
  health(): TrackerHealth;
}
