/**
 * What the office database shows every desk: the office's faxes, newest
 * first, each naming its sender and computer. Reads only; served from the
 * mirror's pool while it is connected.
 */
import type pg from 'pg';
import type { FailureItem, FailuresView, OfficeSenderRef } from '../../shared/tasks/types';
import { unreachedNumbers } from '../../shared/tasks/unreached';
import { groupFailures } from '../tasks/views';
import type { OfficeResend, OfficeSender, OfficeSpending, OfficeTaskList, OfficeTaskRow, OfficeTasksQuery } from '../../shared/office/types';

interface Row {
  intent_id: string;
  task_ref: string | null;
  name: string;
  status: string | null;
  create_state: string;
  sender_name: string;
  computer_name: string;
  desk_id: string;
  kind: OfficeTaskRow['kind'];
  created_at_ms: string;
  recipient_count: number;
  success_count: number;
  failed_count: number;
  pending_count: number;
  charges: string;
  total: string;
}

/**
 * One page through the (created_at_ms DESC, intent_id) index; the total counted once beside it. Not
 * count(*) OVER (): a window over the whole table reads and sorts every row for each page (about
 * 90-300 ms at 50,000 tasks, against 0.1 ms for the page and 15-25 ms for the count).
 */
export async function listOfficeTasks(
  pool: Pick<pg.Pool, 'query'>,
  deskId: string,
  page: Pick<OfficeTasksQuery, 'offset' | 'limit'> & { senderDeskId?: string | undefined },
): Promise<OfficeTaskList> {
  // one desk's faxes go through (desk_id, created_at_ms DESC): the filter by sender costs no more than the whole list
  const filtered = page.senderDeskId !== undefined;
  const where = filtered ? 'WHERE desk_id = $3' : '';
  const r = await pool.query<Row>(
    `SELECT intent_id, task_ref, name, status, create_state, sender_name, computer_name, desk_id, kind, created_at_ms,
            recipient_count, success_count, failed_count, pending_count, charges, (SELECT count(*) FROM faxdesk_tasks ${where}) AS total
       FROM faxdesk_tasks ${where} ORDER BY created_at_ms DESC, intent_id LIMIT $1 OFFSET $2`,
    filtered ? [page.limit, page.offset, page.senderDeskId] : [page.limit, page.offset],
  );
  const senders = await pool.query<{ desk_id: string; display_name: string; computer_name: string }>(
    `SELECT d.desk_id, d.display_name, d.computer_name FROM faxdesk_desks d
      WHERE EXISTS (SELECT 1 FROM faxdesk_tasks t WHERE t.desk_id = d.desk_id)
      ORDER BY d.display_name, d.computer_name, d.desk_id`,
  );
  return {
    senders: senders.rows.map(
      (d): OfficeSender => ({ deskId: d.desk_id, name: d.display_name, computerName: d.computer_name, mine: d.desk_id === deskId }),
    ),
    total: Number(r.rows[0]?.total ?? 0),
    rows: r.rows.map((x) => ({
      intentId: x.intent_id,
      taskRef: x.task_ref,
      name: x.name,
      status: x.status ?? x.create_state,
      senderName: x.sender_name,
      computerName: x.computer_name,
      deskId: x.desk_id,
      mine: x.desk_id === deskId,
      kind: x.kind,
      createdAtMs: Number(x.created_at_ms),
      recipients: x.recipient_count,
      success: x.success_count,
      failed: x.failed_count,
      pending: x.pending_count,
      charges: Number(x.charges),
    })),
  };
}

/** Each desk's charges since `sinceMs` (created_at_ms at or after it), most spent first: "spent this month" per person. */
export async function officeSpendingSince(pool: Pick<pg.Pool, 'query'>, deskId: string, sinceMs: number): Promise<OfficeSpending> {
  const r = await pool.query<{ desk_id: string; display_name: string; computer_name: string; charges: string; faxes: string }>(
    `SELECT t.desk_id, d.display_name, d.computer_name, sum(t.charges) AS charges, count(*) AS faxes
       FROM faxdesk_tasks t JOIN faxdesk_desks d ON d.desk_id = t.desk_id
      WHERE t.created_at_ms >= $1
      GROUP BY t.desk_id, d.display_name, d.computer_name
      ORDER BY sum(t.charges) DESC, d.display_name, t.desk_id`,
    [sinceMs],
  );
  const rows = r.rows.map((x) => ({
    deskId: x.desk_id,
    name: x.display_name,
    computerName: x.computer_name,
    mine: x.desk_id === deskId,
    charges: Number(x.charges),
    faxes: Number(x.faxes),
  }));
  // summed in fen: 0.1 + 0.2 is not 0.30000000000000004 yuan
  return { sinceMs, rows, total: rows.reduce((sum, x) => sum + Math.round(x.charges * 100), 0) / 100 };
}

interface FailedAttemptRow {
  task_ref: string;
  name: string;
  sender_name: string;
  computer_name: string;
  desk_id: string;
  rcpt_ref: string | null;
  phone_number: string;
  failed_code: string | null;
  failed_reason: string | null;
  completed_at: string | null;
  created_at_ms: string;
  resend_ref: string | null;
  resend_sender: string | null;
  resend_computer: string | null;
  resend_desk: string | null;
  resend_status: string | null;
  resend_at_ms: string | null;
}

/**
 * Office-wide Failures: the numbers the office's faxes created since `sinceMs` did not reach, by the rule
 * of this desk's own Failures (src/shared/tasks/unreached.ts: each number once, by its latest failed
 * attempt, its earlier ones as history; reached by a later resend from any desk, it is no longer listed),
 * grouped like them (groupFailures), each naming its sender and computer, and the latest resend of the
 * number by any desk ("Resent as … by …"). `toMs` reads the service's completed_at in its time zone.
 */
export async function officeFailuresSince(
  pool: Pick<pg.Pool, 'query'>,
  deskId: string,
  sinceMs: number,
  toMs: (serviceTime: string | null) => number | null,
  limit = 2_000,
): Promise<FailuresView> {
  const r = await pool.query<FailedAttemptRow>(
    `SELECT t.task_ref, t.name, t.sender_name, t.computer_name, t.desk_id, r.rcpt_ref, r.phone_number,
            r.failed_code, r.failed_reason, r.completed_at, t.created_at_ms,
            rs.task_ref AS resend_ref, rs.sender_name AS resend_sender, rs.computer_name AS resend_computer,
            rs.desk_id AS resend_desk, rs.status AS resend_status, rs.created_at_ms AS resend_at_ms
       FROM faxdesk_tasks t
       JOIN faxdesk_recipients r ON r.intent_id = t.intent_id AND r.status = 'failed'
       LEFT JOIN LATERAL (
         SELECT s.task_ref, s.sender_name, s.computer_name, s.desk_id, s.created_at_ms,
                coalesce(sr.status, s.status, s.create_state) AS status
           FROM faxdesk_tasks s JOIN faxdesk_recipients sr ON sr.intent_id = s.intent_id AND sr.phone_number = r.phone_number
          WHERE s.resend_of = t.task_ref AND s.create_state <> 'failed'
          ORDER BY s.created_at_ms DESC LIMIT 1
       ) rs ON true
      WHERE t.created_at_ms >= $1 AND t.task_ref IS NOT NULL
      ORDER BY t.created_at_ms DESC, t.intent_id, r.position
      LIMIT $2`,
    [sinceMs, limit * 4],
  );
  const sender = (name: string, computerName: string, desk: string | null): OfficeSenderRef => ({ name, computerName, mine: desk === deskId });
  const groups = unreachedNumbers(r.rows, (x) => x.phone_number, (x) => x.resend_status === 'success', limit);
  const items: FailureItem[] = groups.map(({ latest: x, earlier }) => ({
    taskRef: x.task_ref,
    taskName: x.name,
    rcptRef: x.rcpt_ref ?? '',
    phoneNumber: x.phone_number,
    failedCode: x.failed_code,
    failedReason: x.failed_reason,
    completedAtMs: toMs(x.completed_at) ?? Number(x.created_at_ms),
    createdAtMs: Number(x.created_at_ms),
    demo: false,
    earlier: earlier.map((e) => ({
      taskName: e.name,
      failedCode: e.failed_code,
      failedAtMs: toMs(e.completed_at) ?? Number(e.created_at_ms),
      createdAtMs: Number(e.created_at_ms),
    })),
    resentAs:
      x.resend_sender !== null
        ? {
            id: x.resend_ref ?? '',
            status: x.resend_status ?? '',
            createdAtMs: x.resend_at_ms === null ? null : Number(x.resend_at_ms),
            by: sender(x.resend_sender, x.resend_computer ?? '', x.resend_desk),
          }
        : null,
    sentBy: sender(x.sender_name, x.computer_name, x.desk_id),
  }));
  return groupFailures(sinceMs, items);
}


/** Every resend of the fax `taskRef` in the office database, oldest first, naming the desk that made it. */
export async function officeResendsOf(pool: Pick<pg.Pool, 'query'>, deskId: string, taskRef: string): Promise<OfficeResend[]> {
  const r = await pool.query<{
    task_ref: string | null;
    name: string;
    sender_name: string;
    computer_name: string;
    desk_id: string;
    created_at_ms: string;
    status: string;
    numbers: string[] | null;
  }>(
    `SELECT s.task_ref, s.name, s.sender_name, s.computer_name, s.desk_id, s.created_at_ms, coalesce(s.status, s.create_state) AS status,
            (SELECT array_agg(r.phone_number ORDER BY r.position) FROM faxdesk_recipients r WHERE r.intent_id = s.intent_id) AS numbers
       FROM faxdesk_tasks s WHERE s.resend_of = $1 AND s.create_state <> 'failed'
      ORDER BY s.created_at_ms, s.intent_id LIMIT 100`,
    [taskRef],
  );
  return r.rows.map((x) => ({
    taskRef: x.task_ref,
    name: x.name,
    by: { name: x.sender_name, computerName: x.computer_name, mine: x.desk_id === deskId },
    createdAtMs: Number(x.created_at_ms),
    status: x.status,
    phoneNumbers: x.numbers ?? [],
  }));
}

/** What another desk needs to resend an office fax: its name, documents (file_refs, no bytes), recipients and sender. */
export interface OfficeFaxForResend {
  taskRef: string;
  name: string;
  documents: Array<{ name: string; pages: number | null; size: number; fileRef: string | null }>;
  recipients: Array<{ phoneNumber: string; status: string | null; failedCode: string | null }>;
  sentBy: OfficeSenderRef;
}

export async function officeFaxForResend(pool: Pick<pg.Pool, 'query'>, deskId: string, taskRef: string): Promise<OfficeFaxForResend | null> {
  const t = await pool.query<{ intent_id: string; name: string; documents: unknown; sender_name: string; computer_name: string; desk_id: string }>(
    'SELECT intent_id, name, documents, sender_name, computer_name, desk_id FROM faxdesk_tasks WHERE task_ref = $1',
    [taskRef],
  );
  const row = t.rows[0];
  if (!row) return null;
  const r = await pool.query<{ phone_number: string; status: string | null; failed_code: string | null }>(
    'SELECT phone_number, status, failed_code FROM faxdesk_recipients WHERE intent_id = $1 ORDER BY position',
    [row.intent_id],
  );
  // written by any FaxDesk version: read field by field, never trusted whole
  const documents = (Array.isArray(row.documents) ? (row.documents as Array<Record<string, unknown>>) : []).map((d) => ({
    name: typeof d['name'] === 'string' ? d['name'] : '',
    pages: typeof d['pages'] === 'number' ? d['pages'] : null,
    size: typeof d['size'] === 'number' ? d['size'] : 0,
    fileRef: typeof d['fileRef'] === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(d['fileRef']) ? d['fileRef'] : null,
  }));
  return {
    taskRef,
    name: row.name,
    documents,
    recipients: r.rows.map((x) => ({ phoneNumber: x.phone_number, status: x.status, failedCode: x.failed_code })),
    sentBy: { name: row.sender_name, computerName: row.computer_name, mine: row.desk_id === deskId },
  };
}
