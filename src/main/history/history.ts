import Database from 'better-sqlite3';
import { UserError } from '../errors';
import { serviceTimeToMs } from '../../shared/service-time';
import { nextPollAt } from '../../shared/task-state';
import { applyTaskInTransaction, recountTask, type ApplyContext, type TaskResponse } from './apply-task';
import { openSqlite } from '../storage/sqlite';
import { LATEST_VERSION, migrate, tooNewError } from './migrations';
import { HistoryQueries } from './queries';
import { queryRecentNumbers, type RecentUse } from './recent-numbers';
import { TASK_COLUMNS, toRecipient, toSendInfo, toTaskSummary, type RecipientDbRow, type SendRow, type TaskRow } from './rows';
import type {
  ChargedTask,
  CreateState,
  FailedRecipient,
  UnreachedNumber,
  FailureCodeCount,
  PollDue,
  RecordedSend,
  RepeatMatch,
  ResendRecord,
  SendFile,
  SendIntent,
  SendOutcome,
  TaskChanges,
  TaskDetail,
  TaskFilter,
  TaskListQuery,
  TaskSummary,
} from './types';

export interface HistoryOptions {
  /** zone of the service's timestamps; read on every write so a settings change applies at once */
  serviceTimeZone?: string | (() => string);
  /** clock, for tests */
  now?: () => number;
  /** turn sends left 'creating' by a previous run into 'outcome_unknown' (default true) */
  recoverInterrupted?: boolean;
  /**
   * The profile in use ('demo' or an account key): new rows belong to it, and
   * rows from before profiles existed are claimed by it when the history opens.
   */
  profile?: () => string;
}

const REF = /^[A-Za-z0-9_-]{1,255}$/;

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
  const now = options.now ?? Date.now;
  const tzOption = options.serviceTimeZone ?? 'Asia/Shanghai';
  const tz = typeof tzOption === 'function' ? tzOption : () => tzOption;
  const profile = options.profile ?? (() => '');
  const queries = new HistoryQueries(db);
  const s = {
    insertSend: db.prepare(
      'INSERT INTO sends (created_at_ms, name, files, scheduled_at, resend_of, profile, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    insertPlannedTask: db.prepare(
      `INSERT INTO tasks (send_id, part_index, source, create_state, name, scheduled_at, scheduled_at_ms, created_at_ms, resend_of, profile)
       VALUES (?, ?, 'sent', 'creating', ?, ?, ?, ?, ?, ?)`,
    ),
    claimTasks: db.prepare(`UPDATE tasks SET profile = ? WHERE profile = ''`),
    claimSends: db.prepare(`UPDATE sends SET profile = ? WHERE profile = ''`),
    setFiles: db.prepare('UPDATE sends SET files = ? WHERE id = ?'),
    // A refused send created nothing, so sending it again is not a repeat.
    repeatOf: db.prepare(
      `SELECT s.id, s.name, s.created_at_ms,
              (SELECT t.task_ref FROM tasks t WHERE t.send_id = s.id AND t.task_ref IS NOT NULL ORDER BY t.part_index LIMIT 1) AS task_ref
       FROM sends s
       WHERE s.profile = ? AND s.fingerprint = ? AND s.created_at_ms >= ? AND s.outcome <> 'failed'
       ORDER BY s.created_at_ms DESC, s.id DESC LIMIT 1`,
    ),
    resendsOf: db.prepare(
      `SELECT t.id, t.task_ref, t.name, t.created_at_ms, t.view_status,
              coalesce((SELECT json_group_array(r.phone_number) FROM recipients r WHERE r.task_id = t.id), '[]') AS numbers
       FROM tasks t WHERE t.resend_of = ? AND t.create_state <> 'failed'
       ORDER BY t.created_at_ms, t.id`,
    ),
    insertPlannedRecipient: db.prepare('INSERT INTO recipients (task_id, position, phone_number, contact_name) VALUES (?, ?, ?, ?)'),
    taskRow: db.prepare(`SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = ?`),
    taskRowByRef: db.prepare(`SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.task_ref = ?`),
    recipientsOf: db.prepare('SELECT * FROM recipients WHERE task_id = ? ORDER BY position, id'),
    sendRow: db.prepare('SELECT * FROM sends WHERE id = ?'),
    linkRef: db.prepare(`UPDATE tasks SET task_ref = ?, create_state = 'created', error = NULL WHERE id = ?`),
    setCreateState: db.prepare('UPDATE tasks SET create_state = ?, error = ? WHERE id = ? AND task_ref IS NULL'),
    sendOf: db.prepare('SELECT send_id FROM tasks WHERE id = ?'),
    partStates: db.prepare('SELECT create_state, error FROM tasks WHERE send_id = ? ORDER BY part_index'),
    setOutcome: db.prepare('UPDATE sends SET outcome = ?, error = ? WHERE id = ?'),
    interrupted: db.prepare(`SELECT id FROM tasks WHERE create_state = 'creating'`),
    taskIdByRef: db.prepare('SELECT id FROM tasks WHERE task_ref = ?'),
    addRef: db.prepare(
      `INSERT INTO tasks (task_ref, source, create_state, name, created_at_ms, profile) VALUES (?, 'added_by_ref', 'created', '', ?, ?)`,
    ),
    active: db.prepare(
      `SELECT id, task_ref, status, scheduled_at_ms, last_checked_at_ms, profile FROM tasks INDEXED BY tasks_active
       WHERE task_ref IS NOT NULL AND create_state = 'created' AND (status IS NULL OR status NOT IN ('done', 'failed'))`,
    ),
    linkResend: db.prepare('UPDATE tasks SET resend_of = ? WHERE task_ref = ?'),
    searchDelete: db.prepare('DELETE FROM task_search WHERE rowid = ?'),
    searchInsert: db.prepare(
      `INSERT INTO task_search (rowid, name, numbers)
       SELECT t.id, t.name, coalesce((SELECT group_concat(r.phone_number, ' ') FROM recipients r WHERE r.task_id = t.id), '')
       FROM tasks t WHERE t.id = ?`,
    ),
  };

  const ctx: ApplyContext = {
    db,
    get serviceTimeZone() {
      return tz();
    },
    get profile() {
      return profile();
    },
    refreshSearch(taskId) {
      s.searchDelete.run(taskId);
      s.searchInsert.run(taskId);
    },
  };

  /** A send's outcome follows from its parts; recomputed whenever a part changes. */
  function updateSendOutcome(taskId: number): void {
    const send = (s.sendOf.get(taskId) as { send_id: number | null } | undefined)?.send_id;
    if (send === null || send === undefined) return;
    const parts = s.partStates.all(send) as { create_state: CreateState; error: string | null }[];
    const states = new Set(parts.map((p) => p.create_state));
    const outcome: SendOutcome = states.has('creating')
      ? 'pending'
      : states.has('outcome_unknown')
        ? 'outcome_unknown'
        : !states.has('failed')
          ? 'created'
          : states.has('created')
            ? 'partial'
            : 'failed';
    const error = parts.find((p) => p.error)?.error ?? null;
    s.setOutcome.run(outcome, error, send);
  }

  function setCreateState(taskId: number, state: CreateState, error: string | null): void {
    db.transaction(() => {
      s.setCreateState.run(state, error, taskId);
      updateSendOutcome(taskId);
    })();
  }

  function detail(row: TaskRow | undefined): TaskDetail | null {
    if (!row) return null;
    const send = row.send_id === null ? undefined : (s.sendRow.get(row.send_id) as SendRow | undefined);
    return {
      ...toTaskSummary(row),
      recipients: (s.recipientsOf.all(row.id) as RecipientDbRow[]).map(toRecipient),
      send: send ? toSendInfo(send) : null,
    };
  }

  return {
    recordSend(intent: SendIntent): RecordedSend {
      return db.transaction((): RecordedSend => {
        const at = now();
        const scheduledAt = intent.scheduledAt ?? null;
        const scheduledMs = serviceTimeToMs(scheduledAt, tz());
        const owner = intent.profile ?? profile();
        const sendId = Number(
          s.insertSend.run(at, intent.name, JSON.stringify(intent.files), scheduledAt, intent.resendOf ?? null, owner, intent.fingerprint ?? null)
            .lastInsertRowid,
        );
        const taskIds = intent.parts.map((part, index) => {
          const taskId = Number(
            s.insertPlannedTask.run(sendId, index, part.name, scheduledAt, scheduledMs, at, intent.resendOf ?? null, owner).lastInsertRowid,
          );
          part.phoneNumbers.forEach((n, position) => s.insertPlannedRecipient.run(taskId, position, n, intent.contactNames?.get(n) || null));
          recountTask(db, taskId);
          ctx.refreshSearch(taskId);
          return taskId;
        });
        return { sendId, taskIds };
      })();
    },

    recordCreated(taskId: number, created: TaskResponse): TaskChanges {
      return db.transaction((): TaskChanges => {
        s.linkRef.run(String(created.task_ref), taskId);
        const changes = applyTaskInTransaction(ctx, created, now(), taskId);
        updateSendOutcome(taskId);
        return changes;
      })();
    },

    markOutcomeUnknown(taskId: number, error: string): void {
      setCreateState(taskId, 'outcome_unknown', error);
    },

    markCreateFailed(taskId: number, error: string): void {
      setCreateState(taskId, 'failed', error);
    },

    recoverInterrupted(): number[] {
      const ids = (s.interrupted.all() as { id: number }[]).map((r) => r.id);
      for (const id of ids) setCreateState(id, 'outcome_unknown', 'FaxDesk stopped before the service answered this send.');
      return ids;
    },

    applyTaskResponse(task: TaskResponse): TaskChanges {
      return db.transaction(() => applyTaskInTransaction(ctx, task, now()))();
    },

    applyTaskResponses(tasks: readonly TaskResponse[]): TaskChanges[] {
      return db.transaction(() => tasks.map((t) => applyTaskInTransaction(ctx, t, now())))();
    },

    addTrackedTaskRef(taskRef: string): { taskId: number; inserted: boolean } {
      const ref = taskRef.trim();
      if (!REF.test(ref)) {
        throw new UserError('history.invalid_ref', 'A task reference has only letters, digits, _ and -, at most 255 characters.');
      }
      return db.transaction(() => {
        const found = s.taskIdByRef.get(ref) as { id: number } | undefined;
        if (found) return { taskId: found.id, inserted: false };
        const taskId = Number(s.addRef.run(ref, now(), profile()).lastInsertRowid);
        ctx.refreshSearch(taskId);
        return { taskId, inserted: true };
      })();
    },

    linkResend(newTaskRef: string, originalTaskRef: string): boolean {
      return s.linkResend.run(originalTaskRef, newTaskRef).changes > 0;
    },

    tasksToPoll(nowMs: number = now(), profiles?: readonly string[]): PollDue[] {
      const rows = s.active.all() as {
        id: number;
        task_ref: string;
        status: string | null;
        scheduled_at_ms: number | null;
        last_checked_at_ms: number | null;
        profile: string;
      }[];
      const due: PollDue[] = [];
      for (const r of rows) {
        if (profiles && !profiles.includes(r.profile)) continue;
        // A ref added by hand has no status yet: ask once, now.
        const status = r.status ?? 'pending';
        const at = r.status === null ? nowMs : nextPollAt({ status, scheduledAtMs: r.scheduled_at_ms, lastCheckedAtMs: r.last_checked_at_ms });
        if (at !== null) due.push({ taskId: r.id, taskRef: r.task_ref, status: r.status ?? 'unchecked', dueAtMs: at });
      }
      return due.sort((a, b) => a.dueAtMs - b.dueAtMs || a.taskId - b.taskId);
    },

    getTask(taskRef: string): TaskDetail | null {
      return detail(s.taskRowByRef.get(taskRef) as TaskRow | undefined);
    },

    getTaskSummary(taskRef: string): TaskSummary | null {
      const row = s.taskRowByRef.get(taskRef) as TaskRow | undefined;
      return row ? toTaskSummary(row) : null;
    },

    getTaskById(taskId: number): TaskDetail | null {
      return detail(s.taskRow.get(taskId) as TaskRow | undefined);
    },

    claimUnassigned(owner: string): number {
      if (!owner) return 0;
      return db.transaction(() => {
        s.claimSends.run(owner);
        return s.claimTasks.run(owner).changes;
      })();
    },

    updateSendFiles(sendId: number, files: SendFile[]): void {
      s.setFiles.run(JSON.stringify(files), sendId);
    },

    findRepeat(owner: string, fingerprint: string, sinceMs: number): RepeatMatch | null {
      const r = s.repeatOf.get(owner, fingerprint, sinceMs) as
        | { id: number; name: string; created_at_ms: number; task_ref: string | null }
        | undefined;
      return r ? { sendId: r.id, name: r.name, createdAtMs: r.created_at_ms, taskRef: r.task_ref } : null;
    },

    resendsOf(taskRef: string): ResendRecord[] {
      const rows = s.resendsOf.all(taskRef) as {
        id: number;
        task_ref: string | null;
        name: string;
        created_at_ms: number;
        view_status: string;
        numbers: string;
      }[];
      return rows.map((r) => ({
        taskId: r.id,
        taskRef: r.task_ref,
        name: r.name,
        createdAtMs: r.created_at_ms,
        status: r.view_status,
        phoneNumbers: JSON.parse(r.numbers) as string[],
      }));
    },

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
