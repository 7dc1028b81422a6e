import type Database from 'better-sqlite3';
import { isRetryableFailure } from '../../shared/task-state';
import { unreachedNumbers } from '../../shared/tasks/unreached';
import { TASK_COLUMNS, toTaskSummary, type TaskRow } from './rows';
import type { ChargedTask, FailedRecipient, FailureCodeCount, TaskFilter, TaskListQuery, TaskSortKey, TaskSummary, UnreachedNumber } from './types';

const SORT_COLUMNS: Record<TaskSortKey, string> = {
  created: 't.created_at_ms',
  scheduled: 'coalesce(t.scheduled_at_ms, t.created_at_ms)',
  name: 't.name COLLATE NOCASE',
  status: 't.view_status',
  pages: 't.pages',
  charges: 't.charges',
  failed: 't.failed_count',
  recipients: 't.recipient_count',
};

const MAX_LIMIT = 1000;
/** Trigram search needs three characters; shorter text falls back to a scan. */
const TRIGRAM = 3;
/** Text that is only a phone number: digits and the punctuation people put in them. */
const PHONE_LIKE = /^[+\d\s\-().]*\d[\d\s\-().]*$/;

/** A failed recipient as the failure queries read it (recipient joined with its task). */
interface FailedRecipientRow {
  task_id: number;
  profile: string;
  task_ref: string | null;
  task_name: string;
  rcpt_ref: string | null;
  phone_number: string;
  failed_code: string | null;
  failed_reason: string | null;
  finished_at_ms: number;
}

// deliberate: alike in shape only to phonebook/store.ts toContact (`duplicates` pairs them), another table's row
function toFailedRecipient(r: FailedRecipientRow): FailedRecipient {
  return {
    taskId: r.task_id,
    profile: r.profile,
    taskRef: r.task_ref,
    taskName: r.task_name,
    rcptRef: r.rcpt_ref,
    phoneNumber: r.phone_number,
    failedCode: r.failed_code,
    failedReason: r.failed_reason,
    failedAtMs: r.finished_at_ms,
  };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function ftsPhrase(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

interface Where {
  sql: string;
  params: unknown[];
}

/**
 * The WHERE clause of a filter. Numbers are stored in the spec format (digits
 * only), so a number typed as `+86 138-1234` is searched by its digits, while
 * the name is searched by the text as typed.
 */
function buildWhere(f: TaskFilter): Where {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (f.profiles !== undefined) {
    clauses.push(f.profiles.length ? `t.profile IN (${f.profiles.map(() => '?').join(', ')})` : '0');
    params.push(...f.profiles);
  }
  const statuses = f.status === undefined ? [] : Array.isArray(f.status) ? f.status : [f.status];
  const either: string[] = [];
  if (statuses.length > 0) {
    either.push(`t.view_status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (f.hasFailures) either.push('t.failed_count > 0');
  if (either.length > 0) clauses.push(`(${either.join(' OR ')})`);
  if (f.from !== undefined) {
    clauses.push('t.created_at_ms >= ?');
    params.push(f.from);
  }
  if (f.to !== undefined) {
    clauses.push('t.created_at_ms < ?');
    params.push(f.to);
  }
  const text = (f.text ?? '').trim();
  if (text.length > 0) {
    const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, '') : '';
    const any: string[] = [];
    if ([...text].length >= TRIGRAM && (digits === '' || digits.length >= TRIGRAM)) {
      const match = digits === '' ? `name : ${ftsPhrase(text)}` : `name : ${ftsPhrase(text)} OR numbers : ${ftsPhrase(digits)}`;
      any.push('t.id IN (SELECT rowid FROM task_search WHERE task_search MATCH ?)');
      params.push(match);
    } else if (digits !== '') {
      any.push(`t.name LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM recipients r WHERE r.task_id = t.id AND r.phone_number LIKE ? ESCAPE '\\')`);
      params.push(`%${escapeLike(text)}%`, `%${escapeLike(digits)}%`);
    } else {
      any.push(`t.name LIKE ? ESCAPE '\\'`);
      params.push(`%${escapeLike(text)}%`);
    }
    // A reference is pasted whole (from an e-mail, the service's portal): the task's or one recipient's,
    // found through their unique indexes. A document's name matches in part, as the name does.
    any.push('t.task_ref = ?', 't.id IN (SELECT r.task_id FROM recipients r WHERE r.rcpt_ref = ?)');
    params.push(text, text);
    any.push(`t.send_id IN (SELECT s.id FROM sends s, json_each(s.files) d WHERE json_extract(d.value, '$.name') LIKE ? ESCAPE '\\')`);
    params.push(`%${escapeLike(text)}%`);
    clauses.push(`(${any.map((a) => `(${a})`).join(' OR ')})`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function profileClause(profiles: readonly string[] | undefined): Where {
  if (profiles === undefined) return { sql: '', params: [] };
  if (profiles.length === 0) return { sql: 'AND 0', params: [] };
  return { sql: `AND t.profile IN (${profiles.map(() => '?').join(', ')})`, params: [...profiles] };
}

interface ChargedTaskRow {
  id: number;
  task_ref: string | null;
  name: string;
  profile: string;
  charged_at_ms: number;
  pages: number;
  recipients: number;
  amount: number;
}

/** Reads over the history. Dynamic SQL is prepared once per shape and reused. */
export class HistoryQueries {
  private readonly cache = new Map<string, Database.Statement>();
  constructor(private readonly db: Database.Database) {}

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  listTasks(q: TaskListQuery = {}): TaskSummary[] {
    const where = buildWhere(q);
    const by = SORT_COLUMNS[q.sort?.by ?? 'created'] ?? SORT_COLUMNS.created;
    const dir = q.sort?.dir === 'asc' ? 'ASC' : 'DESC';
    const limit = Math.max(0, Math.min(MAX_LIMIT, Math.trunc(q.limit ?? 100)));
    const offset = Math.max(0, Math.trunc(q.offset ?? 0));
    const sql = `SELECT ${TASK_COLUMNS} FROM tasks t ${where.sql} ORDER BY ${by} ${dir}, t.id ${dir} LIMIT ? OFFSET ?`;
    return (this.stmt(sql).all(...where.params, limit, offset) as TaskRow[]).map(toTaskSummary);
  }

  countTasks(f: TaskFilter = {}): number {
    const where = buildWhere(f);
    const row = this.stmt(`SELECT count(*) AS n FROM tasks t ${where.sql}`).get(...where.params) as { n: number };
    return row.n;
  }

  /** What the service charged for recipients finished since `sinceMs` (yuan), from this computer's history. */
  chargesSince(sinceMs: number, profiles?: readonly string[]): number {
    const only = profileClause(profiles);
    const row = this.stmt(
      `SELECT coalesce(sum(r.charged_amount), 0) AS total FROM recipients r JOIN tasks t ON t.id = r.task_id
       WHERE r.finished_at_ms >= ? AND r.charged_amount IS NOT NULL ${only.sql}`,
    ).get(sinceMs, ...only.params) as { total: number };
    return Math.round(row.total * 100) / 100;
  }

  /**
   * The tasks charged for recipients finished since `sinceMs`, newest charge first: what chargesSince
   * adds up, one row per task (its amount, recipients charged, pages per recipient), `limit` of `total`.
   */
  chargedTasksSince(sinceMs: number, limit: number, profiles?: readonly string[]): { rows: ChargedTask[]; total: number } {
    const only = profileClause(profiles);
    const from = `FROM recipients r JOIN tasks t ON t.id = r.task_id WHERE r.finished_at_ms >= ? AND r.charged_amount > 0 ${only.sql}`;
    const rows = this.stmt(
      `SELECT t.id, t.task_ref, t.name, t.profile, max(r.finished_at_ms) AS charged_at_ms, coalesce(max(r.page_count), 0) AS pages,
              count(*) AS recipients, sum(r.charged_amount) AS amount
       ${from} GROUP BY t.id ORDER BY charged_at_ms DESC, t.id DESC LIMIT ?`,
    ).all(sinceMs, ...only.params, Math.max(0, Math.min(MAX_LIMIT, Math.trunc(limit)))) as ChargedTaskRow[];
    const total = (this.stmt(`SELECT count(DISTINCT r.task_id) AS n ${from}`).get(sinceMs, ...only.params) as { n: number }).n;
    return {
      rows: rows.map((r) => ({
        taskId: r.id, taskRef: r.task_ref, name: r.name, profile: r.profile, chargedAtMs: r.charged_at_ms,
        pages: r.pages, recipients: r.recipients, amount: Math.round(r.amount * 100) / 100,
      })),
      total,
    };
  }

  /** Failed recipients since `sinceMs`, grouped by code; retryable codes first, then the most frequent. */
  failuresSince(sinceMs: number, profiles?: readonly string[]): FailureCodeCount[] {
    const only = profileClause(profiles);
    const rows = this.stmt(
      `SELECT r.failed_code AS code, count(*) AS recipients, count(DISTINCT r.task_id) AS tasks,
              max(r.finished_at_ms) AS last_at_ms, max(r.failed_reason) AS sample_reason
       FROM recipients r JOIN tasks t ON t.id = r.task_id WHERE r.status = 'failed' AND r.finished_at_ms >= ? ${only.sql}
       GROUP BY r.failed_code`,
    ).all(sinceMs, ...only.params) as { code: string | null; recipients: number; tasks: number; last_at_ms: number; sample_reason: string | null }[];
    return rows
      .map((r) => ({
        code: r.code,
        retryable: isRetryableFailure(r.code),
        recipients: r.recipients,
        tasks: r.tasks,
        lastAtMs: r.last_at_ms,
        sampleReason: r.sample_reason,
      }))
      .sort((a, b) => Number(b.retryable) - Number(a.retryable) || b.recipients - a.recipients || String(a.code).localeCompare(String(b.code)));
  }

  /**
   * Numbers not reached: for each number (per profile) with a failure since `sinceMs`, its latest
   * failed attempt, unless a resend of that attempt's task has since reached it (a resend under way
   * comes along as `resentAs`); the earlier failures of the number come along as its history.
   */
  unreachedNumbersSince(sinceMs: number, opts: { limit?: number; profiles?: readonly string[] } = {}): UnreachedNumber[] {
    const only = profileClause(opts.profiles);
    const rows = this.stmt(
      `SELECT r.task_id, t.task_ref, t.name AS task_name, t.profile, t.created_at_ms, r.rcpt_ref, r.phone_number, r.failed_code, r.failed_reason,
              r.finished_at_ms,
              (SELECT json_array(coalesce(r2.status, 'pending'), coalesce(t2.task_ref, 'local:' || t2.id), t2.created_at_ms)
               FROM tasks t2 JOIN recipients r2 ON r2.task_id = t2.id
               WHERE t.task_ref IS NOT NULL AND t2.resend_of = t.task_ref AND r2.phone_number = r.phone_number
               ORDER BY r2.id DESC LIMIT 1) AS resent
       FROM recipients r JOIN tasks t ON t.id = r.task_id
       WHERE r.status = 'failed' AND r.finished_at_ms >= ? ${only.sql}
       ORDER BY r.finished_at_ms DESC, r.id DESC`,
    ).all(sinceMs, ...only.params) as (FailedRecipientRow & {
      created_at_ms: number | null;
      /** the resend that took this number again: [its recipient's status, its task's id, created at] */
      resent: string | null;
    })[];
    const resentOf = (r: (typeof rows)[number]) => (r.resent === null ? null : (JSON.parse(r.resent) as [string, string, number | null]));
    // Reached by a resend: no longer a failure (src/shared/tasks/unreached.ts, the rule office-wide Failures follows too).
    const groups = unreachedNumbers(rows, (r) => `${r.profile}\u0000${r.phone_number}`, (r) => resentOf(r)?.[0] === 'success', opts.limit);
    const out: UnreachedNumber[] = [];
    for (const { latest: r, earlier } of groups) {
      const resent = resentOf(r);
      out.push({
        ...toFailedRecipient(r),
        createdAtMs: r.created_at_ms,
        earlier: earlier.map((e) => ({ taskRef: e.task_ref, taskName: e.task_name, failedCode: e.failed_code, failedAtMs: e.finished_at_ms, createdAtMs: e.created_at_ms })),
        resentAs: resent ? { id: resent[1], status: resent[0], createdAtMs: resent[2] } : null,
      });
    }
    return out;
  }

  /** The failed recipients behind failuresSince, newest first, for the failures view and resend. */
  failedRecipientsSince(
    sinceMs: number,
    opts: { codes?: (string | null)[]; retryableOnly?: boolean; limit?: number; profiles?: readonly string[] } = {},
  ): FailedRecipient[] {
    const only = profileClause(opts.profiles);
    const rows = this.stmt(
      `SELECT r.task_id, t.task_ref, t.name AS task_name, t.profile, r.rcpt_ref, r.phone_number, r.failed_code, r.failed_reason, r.finished_at_ms
       FROM recipients r JOIN tasks t ON t.id = r.task_id
       WHERE r.status = 'failed' AND r.finished_at_ms >= ? ${only.sql}
       ORDER BY r.finished_at_ms DESC, r.id DESC`,
    ).all(sinceMs, ...only.params) as FailedRecipientRow[];
    const codes = opts.codes ? new Set(opts.codes) : null;
    const out: FailedRecipient[] = [];
    for (const r of rows) {
      if (codes && !codes.has(r.failed_code)) continue;
      if (opts.retryableOnly && !isRetryableFailure(r.failed_code)) continue;
      out.push(toFailedRecipient(r));
      if (opts.limit !== undefined && out.length >= opts.limit) break;
    }
    return out;
  }
}
