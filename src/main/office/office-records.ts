/**
 * What the office database holds of one task, and the one way it is written:
 * an idempotent upsert keyed by the intent id ('<desk id>[:<history epoch>]:<local task id>'),
 * the task and all its recipients in one transaction, then a NOTIFY so other
 * desks learn of it. Writing the same record twice, or an older desk's replay
 * after a newer write, leaves one row per task and per recipient.
 */
import type { ClientBase } from 'pg';
import type { TaskDetail } from '../history/types';
import type { OfficeDocument } from './outbox-queue';

export interface Desk {
  deskId: string;
  /** who sent it, as other desks show it */
  displayName: string;
  computerName: string;
}

export interface OfficeRecipientRecord {
  position: number;
  phoneNumber: string;
  rcptRef: string | null;
  status: string | null;
  pageCount: number | null;
  chargedAmount: number | null;
  failedCode: string | null;
  failedReason: string | null;
  completedAt: string | null;
}

/**
 * A document as the office holds it: name, pages, size and SHA-256, never its bytes or its local path; and
 * the service's file_ref while the desk has one, so another desk on the same account can resend the fax to
 * its failed numbers (the service keeps an upload for a time the spec does not give; the office never can).
 */
export interface OfficeTaskDocument extends OfficeDocument {
  fileRef: string | null;
}

export interface OfficeTaskRecord {
  intentId: string;
  taskRef: string | null;
  desk: Desk;
  kind: 'send' | 'resend' | 'auto_retry';
  name: string;
  createState: TaskDetail['createState'];
  status: string;
  resendOf: string | null;
  documents: OfficeTaskDocument[];
  fingerprint: string | null;
  scheduledAt: string | null;
  createdAt: string | null;
  createdAtMs: number;
  counts: TaskDetail['counts'];
  error: string | null;
  recipients: OfficeRecipientRecord[];
}

/** The channel other desks LISTEN on; the payload is the intent id. */
export const OFFICE_CHANNEL = 'faxdesk_tasks';

/**
 * A task's key in the office database: the desk, the history's epoch (outbox-queue.ts: '' for the
 * history the office outbox started with, whose rows keep the key they were written with) and the
 * local task id, which a history started afresh begins again.
 */
export const intentIdOf = (deskId: string, epoch: string, taskId: number): string => (epoch ? `${deskId}:${epoch}:${taskId}` : `${deskId}:${taskId}`);

/** The office's copy of a local task: no local path, no document bytes (the file_ref, for another desk's resend). */
export function officeRecordOf(detail: TaskDetail, desk: Desk, epoch: string, documents: OfficeDocument[], fingerprint: string | null): OfficeTaskRecord {
  return {
    intentId: intentIdOf(desk.deskId, epoch, detail.id),
    taskRef: detail.taskRef,
    desk,
    kind: detail.resendOf ? 'resend' : 'send',
    name: detail.name,
    createState: detail.createState,
    status: detail.status,
    resendOf: detail.resendOf,
    documents: documents.map((d, i) => ({ ...d, fileRef: detail.send?.files[i]?.fileRef ?? null })),
    fingerprint,
    scheduledAt: detail.scheduledAt,
    createdAt: detail.createdAt,
    createdAtMs: detail.createdAtMs,
    counts: detail.counts,
    error: detail.error,
    recipients: detail.recipients.map((r) => ({
      position: r.position,
      phoneNumber: r.phoneNumber,
      rcptRef: r.rcptRef,
      status: r.status,
      pageCount: r.pageCount,
      chargedAmount: r.chargedAmount,
      failedCode: r.failedCode,
      failedReason: r.failedReason,
      completedAt: r.completedAt,
    })),
  };
}

const UPSERT_DESK = `
  INSERT INTO faxdesk_desks (desk_id, display_name, computer_name, last_seen_at) VALUES ($1, $2, $3, now())
  ON CONFLICT (desk_id) DO UPDATE SET display_name = EXCLUDED.display_name, computer_name = EXCLUDED.computer_name, last_seen_at = now()`;

const UPSERT_TASK = `
  INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, resend_of,
    documents, fingerprint, scheduled_at, created_at, created_at_ms, recipient_count, success_count, failed_count, pending_count,
    canceled_count, pages, charges, error, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, now())
  ON CONFLICT (intent_id) DO UPDATE SET
    task_ref = coalesce(EXCLUDED.task_ref, faxdesk_tasks.task_ref), name = EXCLUDED.name, create_state = EXCLUDED.create_state,
    status = EXCLUDED.status, resend_of = EXCLUDED.resend_of, documents = EXCLUDED.documents,
    fingerprint = coalesce(EXCLUDED.fingerprint, faxdesk_tasks.fingerprint), scheduled_at = EXCLUDED.scheduled_at,
    created_at = EXCLUDED.created_at, recipient_count = EXCLUDED.recipient_count, success_count = EXCLUDED.success_count,
    failed_count = EXCLUDED.failed_count, pending_count = EXCLUDED.pending_count, canceled_count = EXCLUDED.canceled_count,
    pages = EXCLUDED.pages, charges = EXCLUDED.charges, error = EXCLUDED.error, updated_at = now()`;

const UPSERT_RECIPIENTS = `
  INSERT INTO faxdesk_recipients (intent_id, position, phone_number, rcpt_ref, status, page_count, charged_amount, failed_code, failed_reason, completed_at)
  SELECT $1, r.position, r.phone_number, r.rcpt_ref, r.status, r.page_count, r.charged_amount, r.failed_code, r.failed_reason, r.completed_at
  FROM jsonb_to_recordset($2::jsonb) AS r(position integer, phone_number text, rcpt_ref text, status text, page_count integer,
    charged_amount numeric, failed_code text, failed_reason text, completed_at text)
  ON CONFLICT (intent_id, position) DO UPDATE SET
    phone_number = EXCLUDED.phone_number, rcpt_ref = EXCLUDED.rcpt_ref, status = EXCLUDED.status, page_count = EXCLUDED.page_count,
    charged_amount = EXCLUDED.charged_amount, failed_code = EXCLUDED.failed_code, failed_reason = EXCLUDED.failed_reason,
    completed_at = EXCLUDED.completed_at`;

/** Writes the desk and its tasks (one transaction for the lot), then tells the other desks. */
export async function upsertOfficeTasks(db: ClientBase, desk: Desk, records: readonly OfficeTaskRecord[]): Promise<void> {
  await db.query('BEGIN');
  try {
    await db.query(UPSERT_DESK, [desk.deskId, desk.displayName, desk.computerName]);
    for (const t of records) {
      await db.query(UPSERT_TASK, [
        t.intentId,
        t.taskRef,
        t.desk.deskId,
        t.desk.displayName,
        t.desk.computerName,
        t.kind,
        t.name,
        t.createState,
        t.status,
        t.resendOf,
        JSON.stringify(t.documents),
        t.fingerprint,
        t.scheduledAt,
        t.createdAt,
        t.createdAtMs,
        t.counts.total,
        t.counts.success,
        t.counts.failed,
        t.counts.pending,
        t.counts.canceled,
        t.counts.pages,
        t.counts.charges,
        t.error,
      ]);
      const recipients = t.recipients.map((r) => ({
        position: r.position,
        phone_number: r.phoneNumber,
        rcpt_ref: r.rcptRef,
        status: r.status,
        page_count: r.pageCount,
        charged_amount: r.chargedAmount,
        failed_code: r.failedCode,
        failed_reason: r.failedReason,
        completed_at: r.completedAt,
      }));
      if (recipients.length) await db.query(UPSERT_RECIPIENTS, [t.intentId, JSON.stringify(recipients)]);
    }
    // delivered at commit, once per distinct payload: other desks re-read these tasks
    for (const t of records) await db.query('SELECT pg_notify($1, $2)', [OFFICE_CHANNEL, t.intentId]);
    await db.query('COMMIT');
  } catch (e) {
    await db.query('ROLLBACK').catch(() => {});
    throw e;
  }
}
