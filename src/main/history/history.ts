/**
 * The local task history (openHistory). Its parts share one HistoryState (history-state.ts: the
 * database and its statements): the writes around a send are history-writes.ts, the reads of one
 * task history-reads.ts, the list and figure queries queries.ts, a poll's answer apply-task.ts.
 */
import type { TaskResponse } from './apply-task';
import { openSqlite } from '../storage/sqlite';
import { createHistoryState, type HistoryOptions } from './history-state';
import { findRepeat, getTask, getTaskById, getTaskSummary, resendsOf, tasksToPoll } from './history-reads';
import { addTrackedTaskRef, claimUnassigned, recordCreated, recordSend, recoverInterrupted, setCreateState } from './history-writes';
import { applyTaskInTransaction } from './apply-task';
import { LATEST_VERSION, migrate, tooNewError } from './migrations';
import { queryRecentNumbers, type RecentUse } from './recent-numbers';
import type Database from 'better-sqlite3';
import type {
  ChargedTask,
  FailedRecipient,
  UnreachedNumber,
  FailureCodeCount,
  PollDue,
  RecordedSend,
  RepeatMatch,
  ResendRecord,
  SendFile,
  SendIntent,
  TaskChanges,
  TaskDetail,
  TaskFilter,
  TaskListQuery,
  TaskSummary,
} from './types';

export type { HistoryOptions } from './history-state';

/**
 * The local task history: the only index of the tasks this desk created (the
 * service has no list-tasks endpoint), kept in SQLite. Every write that the
 * "never send a fax twice" rule depends on is one transaction.
 */
export interface History {
  /**
   * Records the intent of a send before any create-task request leaves:
   * one send, one task per part (no task_ref yet), one recipient per number.
   * If FaxDesk dies mid-create, the next start finds these rows and marks them
   * 'outcome_unknown' instead of forgetting a fax that may have gone out.
   */
  recordSend(intent: SendIntent): RecordedSend;
  /** The service created the task: link the answer (task_ref, rcpt_refs) to the recorded intent. */
  recordCreated(taskId: number, created: TaskResponse): TaskChanges;
  /** The create may have reached the service but no answer came: never resend on our own. */
  markOutcomeUnknown(taskId: number, error: string): void;
  /** The service definitively refused the create (nothing was sent). */
  markCreateFailed(taskId: number, error: string): void;
  /** Marks creates left in flight by a crash as outcome unknown; returns the tasks it marked. */
  recoverInterrupted(): number[];
  /** Stores a task-query response (task and all recipients) in one transaction and says what changed. */
  applyTaskResponse(task: TaskResponse): TaskChanges;
  /** Several responses (one poll round) in one transaction: one disk sync instead of one per task. */
  applyTaskResponses(tasks: readonly TaskResponse[]): TaskChanges[];
  /** Tracks a task created elsewhere; its details arrive with the first poll. */
  addTrackedTaskRef(taskRef: string): { taskId: number; inserted: boolean };
  /** Records that the task `newTaskRef` resends to recipients of `originalTaskRef`. */
  linkResend(newTaskRef: string, originalTaskRef: string): boolean;
  /**
   * Unfinished tasks and when each may next be polled (spec cadence), soonest
   * first; with `profiles`, only theirs (a demo task is never asked of an account).
   */
  tasksToPoll(nowMs?: number, profiles?: readonly string[]): PollDue[];
  getTask(taskRef: string): TaskDetail | null;
  /** The task's own row without its recipients and send (the poller asks this for every query). */
  getTaskSummary(taskRef: string): TaskSummary | null;
  getTaskById(taskId: number): TaskDetail | null;
  /** Rows from before profiles existed belong to the profile in use when FaxDesk was upgraded. */
  claimUnassigned(owner: string): number;
  /** The documents were uploaded again (new file_refs): later resends start from these. */
  updateSendFiles(sendId: number, files: SendFile[]): void;
  /** The latest send with this fingerprint in this profile since `sinceMs` that may have created something. */
  findRepeat(owner: string, fingerprint: string, sinceMs: number): RepeatMatch | null;
  /** Tasks created (or maybe created) as resends of `taskRef`, oldest first; refused ones are left out. */
  resendsOf(taskRef: string): ResendRecord[];
  listTasks(q?: TaskListQuery): TaskSummary[];
  countTasks(f?: TaskFilter): number;
  /** What the service charged for recipients finished since `sinceMs` (yuan), from this computer's history. */
  chargesSince(sinceMs: number, profiles?: readonly string[]): number;
  /** The tasks behind chargesSince, newest charge first (at most `limit`), and how many there are. */
  chargedTasksSince(sinceMs: number, limit: number, profiles?: readonly string[]): { rows: ChargedTask[]; total: number };
  /** Failed recipients since `sinceMs`, grouped by code; retryable codes first, then the most frequent. */
  failuresSince(sinceMs: number, profiles?: readonly string[]): FailureCodeCount[];
  /** Numbers whose latest attempt failed since `sinceMs` (newest first), each once with its earlier failures. */
  unreachedNumbersSince(sinceMs: number, opts?: { limit?: number; profiles?: readonly string[] }): UnreachedNumber[];
  /** The failed recipients behind failuresSince, newest first, for the failures view and resend. */
  failedRecipientsSince(
    sinceMs: number,
    opts?: { codes?: (string | null)[]; retryableOnly?: boolean; limit?: number; profiles?: readonly string[] },
  ): FailedRecipient[];
  /** The latest distinct numbers faxed from this desk (created tasks only), newest first; with `profile`, its own. */
  recentNumbers(limit: number, profile?: string | null): RecentUse[];
  close(): void;
}

/**
 * Opens (creating or upgrading) the local task history. WAL lets the UI read
 * while a poll writes; synchronous=FULL because a lost committed task is the
 * one failure we cannot explain to a user who may be charged for it.
 */
export function openHistory(file: string, options: HistoryOptions = {}): History {
  // Years of history are tens of MB; a 32 MB page cache keeps list queries and bulk polls off the disk.
  const sqlite = { latest: LATEST_VERSION, tooNew: tooNewError, synchronous: 'FULL', busyTimeoutMs: 5000, cacheKiB: 32_000 } as const;
  return openSqlite(file, sqlite, (db) => {
    migrate(db);
    const history = buildHistory(db, options);
    if (options.recoverInterrupted !== false) history.recoverInterrupted();
    if (options.profile) history.claimUnassigned(options.profile());
    return history;
  });
}

function buildHistory(db: Database.Database, options: HistoryOptions): History {
  const h = createHistoryState(db, options);
  const { s, ctx, queries, now } = h;
  return {
    recordSend: (intent) => recordSend(h, intent),
    recordCreated: (taskId, created) => recordCreated(h, taskId, created),
    markOutcomeUnknown: (taskId, error) => setCreateState(h, taskId, 'outcome_unknown', error),
    markCreateFailed: (taskId, error) => setCreateState(h, taskId, 'failed', error),
    recoverInterrupted: () => recoverInterrupted(h),
    applyTaskResponse: (task) => db.transaction(() => applyTaskInTransaction(ctx, task, now()))(),
    applyTaskResponses: (tasks) => db.transaction(() => tasks.map((t) => applyTaskInTransaction(ctx, t, now())))(),
    addTrackedTaskRef: (taskRef) => addTrackedTaskRef(h, taskRef),
    linkResend: (newTaskRef, originalTaskRef) => s.linkResend.run(originalTaskRef, newTaskRef).changes > 0,
    tasksToPoll: (nowMs = now(), profiles) => tasksToPoll(h, nowMs, profiles),
    getTask: (taskRef) => getTask(h, taskRef),
    getTaskSummary: (taskRef) => getTaskSummary(h, taskRef),
    getTaskById: (taskId) => getTaskById(h, taskId),
    claimUnassigned: (owner) => claimUnassigned(h, owner),
    updateSendFiles: (sendId, files) => void s.setFiles.run(JSON.stringify(files), sendId),
    findRepeat: (owner, fingerprint, sinceMs) => findRepeat(h, owner, fingerprint, sinceMs),
    resendsOf: (taskRef) => resendsOf(h, taskRef),

    listTasks: queries.listTasks.bind(queries),
    countTasks: queries.countTasks.bind(queries),
    failuresSince: queries.failuresSince.bind(queries),
    chargesSince: queries.chargesSince.bind(queries),
    chargedTasksSince: queries.chargedTasksSince.bind(queries),
    failedRecipientsSince: queries.failedRecipientsSince.bind(queries),
    unreachedNumbersSince: queries.unreachedNumbersSince.bind(queries),

    recentNumbers: (limit, profile = null) => queryRecentNumbers(db, limit, profile),

    close(): void {
      if (db.open) db.close();
    },
  };
}
