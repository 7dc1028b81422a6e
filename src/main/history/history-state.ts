/**
 * What the history's parts share (history.ts assembles them): the database, its prepared statements, the
 * clock, the service's time zone and the profile in use, and the context the task-response writer takes.
 */
import type Database from 'better-sqlite3';
import type { ApplyContext } from './apply-task';
import { HistoryQueries } from './queries';
import { TASK_COLUMNS } from './rows';

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

type WriteStatement = 'insertSend' | 'insertPlannedTask' | 'insertPlannedRecipient' | 'claimTasks' | 'claimSends' | 'setFiles' | 'linkRef' | 'setCreateState' | 'sendOf' | 'partStates' | 'setOutcome' | 'interrupted' | 'taskIdByRef' | 'addRef' | 'linkResend' | 'searchDelete' | 'searchInsert';
type ReadStatement = 'repeatOf' | 'resendsOf' | 'taskRow' | 'taskRowByRef' | 'recipientsOf' | 'sendRow' | 'active';

/** the statements that record sends and their tasks */
function writeStatements(db: Database.Database): Record<WriteStatement, Database.Statement> {
  return {
    insertSend: db.prepare(
      'INSERT INTO sends (created_at_ms, name, files, scheduled_at, resend_of, profile, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    insertPlannedTask: db.prepare(
      `INSERT INTO tasks (send_id, part_index, source, create_state, name, scheduled_at, scheduled_at_ms, created_at_ms, resend_of, profile)
       VALUES (?, ?, 'sent', 'creating', ?, ?, ?, ?, ?, ?)`,
    ),
    insertPlannedRecipient: db.prepare('INSERT INTO recipients (task_id, position, phone_number, contact_name) VALUES (?, ?, ?, ?)'),
    claimTasks: db.prepare(`UPDATE tasks SET profile = ? WHERE profile = ''`),
    claimSends: db.prepare(`UPDATE sends SET profile = ? WHERE profile = ''`),
    setFiles: db.prepare('UPDATE sends SET files = ? WHERE id = ?'),
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
    linkResend: db.prepare('UPDATE tasks SET resend_of = ? WHERE task_ref = ?'),
    searchDelete: db.prepare('DELETE FROM task_search WHERE rowid = ?'),
    searchInsert: db.prepare(
      `INSERT INTO task_search (rowid, name, numbers)
       SELECT t.id, t.name, coalesce((SELECT group_concat(r.phone_number, ' ') FROM recipients r WHERE r.task_id = t.id), '')
       FROM tasks t WHERE t.id = ?`,
    ),
  };
}

/** the statements that read one task, its send, and what is due to poll */
function readStatements(db: Database.Database): Record<ReadStatement, Database.Statement> {
  return {
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
    taskRow: db.prepare(`SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = ?`),
    taskRowByRef: db.prepare(`SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.task_ref = ?`),
    recipientsOf: db.prepare('SELECT * FROM recipients WHERE task_id = ? ORDER BY position, id'),
    sendRow: db.prepare('SELECT * FROM sends WHERE id = ?'),
    active: db.prepare(
      `SELECT id, task_ref, status, scheduled_at_ms, last_checked_at_ms, profile FROM tasks INDEXED BY tasks_active
       WHERE task_ref IS NOT NULL AND create_state = 'created' AND (status IS NULL OR status NOT IN ('done', 'failed'))`,
    ),
  };
}

export type HistoryStatements = Record<WriteStatement | ReadStatement, Database.Statement>;

export interface HistoryState {
  readonly db: Database.Database;
  readonly s: HistoryStatements;
  readonly queries: HistoryQueries;
  readonly ctx: ApplyContext;
  readonly now: () => number;
  /** the service's time zone now */
  readonly tz: () => string;
  /** the profile in use now */
  readonly profile: () => string;
}

export function createHistoryState(db: Database.Database, options: HistoryOptions): HistoryState {
  const tzOption = options.serviceTimeZone ?? 'Asia/Shanghai';
  const tz = typeof tzOption === 'function' ? tzOption : () => tzOption;
  const profile = options.profile ?? (() => '');
  const queries = new HistoryQueries(db);
  const s: HistoryStatements = { ...writeStatements(db), ...readStatements(db) };
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
  return { db, s, queries, ctx, now: options.now ?? Date.now, tz, profile };
}
