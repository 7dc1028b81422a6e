/**
 * One desk follows each unfinished office task (DESIGN.md "Decisions for the
 * office"; docs/office-outbox.md "Following tasks"). Before a desk asks the
 * service about a task it claims the task's lease in the office database, in
 * one statement: INSERT ... ON CONFLICT DO UPDATE ... WHERE the lease is its
 * own or has expired AND the spec's interval (30 s pending, 60 s sending) has
 * passed since ANY desk last asked — so two desks can never both ask within
 * the interval. The lease lasts 2 minutes and each claim renews it; a desk that
 * is closed or offline stops renewing, and after 2 minutes the next round of
 * another running desk takes its tasks over. The answer is written back (the
 * task's status for the intervals, the service's record for the desk that sent
 * it, and the office row's status and counts for everyone), then NOTIFY.
 */
import type pg from 'pg';
import { taskSchema, type Task } from '../../shared/api/schemas';
import { POLL_PENDING_MS, POLL_SENDING_MS } from '../../shared/task-state';
import { withOfficeClient } from './checkout';
import { OFFICE_CHANNEL } from './office-records';

/** a lease not renewed for this long is free: the desk holding it is closed or offline */
export const LEASE_MS = 2 * 60_000;

/** What the tracker asks of the office (src/main/tasks/tracker.ts `lease`). */
export interface TaskLease {
  /** of this desk's due tasks, those it now holds and may ask about */
  claimOwn(due: ReadonlyArray<{ taskRef: string; status: string }>, nowMs: number): Promise<Set<string>>;
  /** other desks' unfinished tasks whose lease expired and which are due: now held by this desk */
  claimForeign(nowMs: number, limit: number): Promise<string[]>;
  /** the service's answer for a task this desk asked about */
  record(task: Task, nowMs: number): Promise<void>;
  /** answers other desks fetched for this desk's own tasks since the last call */
  news(): Promise<Task[]>;
  /** this desk is closing: its leases are free at once */
  release(): Promise<void>;
}

const INTERVAL = `(CASE WHEN l.status = 'sending' THEN ${POLL_SENDING_MS} ELSE ${POLL_PENDING_MS} END)`;
/** the lease is this desk's or expired, and no desk asked within the spec's interval */
const FREE = `(l.holder_desk_id = $1 OR l.holder_desk_id IS NULL OR l.lease_expires_ms <= $2)
  AND l.polled_at_ms + ${INTERVAL} <= $2 AND (l.status IS NULL OR l.status NOT IN ('done', 'failed'))`;

const CLAIM_OWN = `
  INSERT INTO faxdesk_poll_leases AS l (task_ref, owner_desk_id, status, holder_desk_id, lease_expires_ms, polled_at_ms)
  SELECT r.ref, $1, r.status, $1, $2::bigint + $3, $2 FROM jsonb_to_recordset($4::jsonb) AS r(ref text, status text)
  ON CONFLICT (task_ref) DO UPDATE SET holder_desk_id = $1, lease_expires_ms = $2::bigint + $3, polled_at_ms = $2
  WHERE ${FREE}
  RETURNING task_ref`;

// Another desk's task with no lease row yet is taken only once it is older than a lease: its own
// desk had that long to claim it.
const CLAIM_FOREIGN = `
  WITH open AS (
    SELECT t.task_ref, t.desk_id, t.status FROM faxdesk_tasks t
    LEFT JOIN faxdesk_poll_leases l ON l.task_ref = t.task_ref
    WHERE t.task_ref IS NOT NULL AND t.desk_id <> $1 AND t.create_state = 'created'
      AND (t.status IS NULL OR t.status NOT IN ('done', 'failed'))
      AND (l.task_ref IS NULL AND t.created_at_ms + $3 <= $2 OR l.task_ref IS NOT NULL AND ${FREE})
    ORDER BY t.created_at_ms
    LIMIT $4
  )
  INSERT INTO faxdesk_poll_leases AS l (task_ref, owner_desk_id, status, holder_desk_id, lease_expires_ms, polled_at_ms)
  SELECT task_ref, desk_id, status, $1, $2::bigint + $3, $2 FROM open
  ON CONFLICT (task_ref) DO UPDATE SET holder_desk_id = $1, lease_expires_ms = $2::bigint + $3, polled_at_ms = $2
  WHERE ${FREE}
  RETURNING task_ref`;

const RECORD = `
  UPDATE faxdesk_poll_leases SET status = $2, response = $3::jsonb, response_seq = nextval('faxdesk_poll_response_seq'), answered_by = $4,
    holder_desk_id = CASE WHEN $2 IN ('done', 'failed') THEN NULL ELSE holder_desk_id END
  WHERE task_ref = $1 AND holder_desk_id = $4
  RETURNING owner_desk_id`;

// The office row of another desk's task, from the service's answer (its own desk may be closed).
const UPDATE_TASK = `
  UPDATE faxdesk_tasks SET status = $2, success_count = $3, failed_count = $4, pending_count = $5, canceled_count = $6,
    charges = $7, updated_at = now()
  WHERE task_ref = $1 AND desk_id <> $8
  RETURNING intent_id`;
const UPDATE_RECIPIENTS = `
  UPDATE faxdesk_recipients r SET status = x.status, page_count = x.page_count, charged_amount = x.charged_amount,
    failed_code = x.failed_code, failed_reason = x.failed_reason, completed_at = x.completed_at
  FROM jsonb_to_recordset($2::jsonb) AS x(rcpt_ref text, status text, page_count integer, charged_amount numeric,
    failed_code text, failed_reason text, completed_at text)
  WHERE r.intent_id = $1 AND r.rcpt_ref = x.rcpt_ref`;

const NEWS = `
  SELECT response, response_seq FROM faxdesk_poll_leases
  WHERE owner_desk_id = $1 AND response_seq > $2 AND response IS NOT NULL AND answered_by <> $1
  ORDER BY response_seq LIMIT 500`;

export function createPollLease(pool: pg.Pool, deskId: string): TaskLease {
  let newsCursor = 0;
  return {
    async claimOwn(due, nowMs) {
      if (due.length === 0) return new Set();
      const rows = JSON.stringify(due.map((d) => ({ ref: d.taskRef, status: d.status })));
      const r = await pool.query<{ task_ref: string }>(CLAIM_OWN, [deskId, nowMs, LEASE_MS, rows]);
      return new Set(r.rows.map((x) => x.task_ref));
    },
    async claimForeign(nowMs, limit) {
      if (limit <= 0) return [];
      const r = await pool.query<{ task_ref: string }>(CLAIM_FOREIGN, [deskId, nowMs, LEASE_MS, limit]);
      return r.rows.map((x) => x.task_ref);
    },
    async record(task) {
      const ref = String(task.task_ref);
      await withOfficeClient(pool, async (client) => {
        try {
          await client.query('BEGIN');
          const lease = await client.query<{ owner_desk_id: string }>(RECORD, [ref, task.status, JSON.stringify(task), deskId]);
          const owner = lease.rows[0]?.owner_desk_id;
          if (owner !== undefined && owner !== deskId) {
            const count = (s: string) => task.recipients.filter((x) => x.status === s).length;
            const charges = task.recipients.reduce((sum, x) => sum + Number(x.charged_amount || 0), 0);
            const pending = count('pending') + count('sending');
            const row = await client.query<{ intent_id: string }>(UPDATE_TASK, [
              ref, task.status, count('success'), count('failed'), pending, count('canceled'), charges, deskId,
            ]);
            const intentId = row.rows[0]?.intent_id;
            if (intentId) {
              await client.query(UPDATE_RECIPIENTS, [intentId, JSON.stringify(task.recipients)]);
              await client.query('SELECT pg_notify($1, $2)', [OFFICE_CHANNEL, intentId]);
            }
          }
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {});
          throw e;
        }
      });
    },
    async news() {
      const r = await pool.query<{ response: unknown; response_seq: string }>(NEWS, [deskId, newsCursor]);
      const out: Task[] = [];
      for (const row of r.rows) {
        newsCursor = Math.max(newsCursor, Number(row.response_seq));
        const parsed = taskSchema.safeParse(row.response);
        if (parsed.success) out.push(parsed.data);
      }
      return out;
    },
    async release() {
      await pool.query('UPDATE faxdesk_poll_leases SET lease_expires_ms = 0 WHERE holder_desk_id = $1', [deskId]);
    },
  };
}
