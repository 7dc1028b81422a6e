/**
 * What the office database shows every desk: the office's faxes, newest
 * first, each naming its sender and computer. Reads only; served from the
 * mirror's pool while it is connected.
 */
import type pg from 'pg';
import type { OfficeFailure, OfficeSender, OfficeSpending, OfficeTaskList, OfficeTaskRow, OfficeTasksQuery } from '../../shared/office/types';

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

/**
 * The office's failed numbers from faxes created since `sinceMs`, newest first, each naming its sender, with
 * the latest resend of that number by any desk (a task whose resend_of is the failed fax's reference and
 * which holds the number): what office-wide Failures shows as "Resent as … by …".
 */
export async function officeFailuresSince(pool: Pick<pg.Pool, 'query'>, deskId: string, sinceMs: number, limit = 500): Promise<OfficeFailure[]> {
  const r = await pool.query<{
    intent_id: string;
    task_ref: string | null;
    name: string;
    sender_name: string;
    computer_name: string;
    desk_id: string;
    position: number;
    phone_number: string;
    failed_code: string | null;
    failed_reason: string | null;
    created_at_ms: string;
    resend_ref: string | null;
    resend_sender: string | null;
    resend_computer: string | null;
    resend_desk: string | null;
    resend_status: string | null;
  }>(
    `SELECT t.intent_id, t.task_ref, t.name, t.sender_name, t.computer_name, t.desk_id, r.position, r.phone_number,
            r.failed_code, r.failed_reason, t.created_at_ms,
            rs.task_ref AS resend_ref, rs.sender_name AS resend_sender, rs.computer_name AS resend_computer,
            rs.desk_id AS resend_desk, rs.status AS resend_status
       FROM faxdesk_tasks t
       JOIN faxdesk_recipients r ON r.intent_id = t.intent_id AND r.status = 'failed'
       LEFT JOIN LATERAL (
         SELECT s.task_ref, s.sender_name, s.computer_name, s.desk_id, coalesce(sr.status, s.status, s.create_state) AS status
           FROM faxdesk_tasks s JOIN faxdesk_recipients sr ON sr.intent_id = s.intent_id AND sr.phone_number = r.phone_number
          WHERE t.task_ref IS NOT NULL AND s.resend_of = t.task_ref
          ORDER BY s.created_at_ms DESC LIMIT 1
       ) rs ON true
      WHERE t.created_at_ms >= $1
      ORDER BY t.created_at_ms DESC, t.intent_id, r.position
      LIMIT $2`,
    [sinceMs, limit],
  );
  return r.rows.map((x) => ({
    intentId: x.intent_id,
    taskRef: x.task_ref,
    taskName: x.name,
    senderName: x.sender_name,
    computerName: x.computer_name,
    mine: x.desk_id === deskId,
    position: x.position,
    phoneNumber: x.phone_number,
    failedCode: x.failed_code,
    failedReason: x.failed_reason,
    createdAtMs: Number(x.created_at_ms),
    resentAs:
      x.resend_sender !== null
        ? { taskRef: x.resend_ref, senderName: x.resend_sender, computerName: x.resend_computer ?? '', status: x.resend_status ?? '', mine: x.resend_desk === deskId }
        : null,
  }));
}
