import type { CreateState, HistoryRecipient, SendFile, SendInfo, SendOutcome, TaskSummary } from './types';

/** Column list of a task as TaskSummary needs it; shared by every task query. */
export const TASK_COLUMNS = `t.id, t.task_ref, t.send_id, t.name, t.view_status, t.create_state, t.source,
  t.scheduled_at, t.scheduled_at_ms, t.created_at, t.created_at_ms, t.last_checked_at_ms,
  t.recipient_count, t.success_count, t.failed_count, t.pending_count, t.canceled_count,
  t.pages, t.charges, t.resend_of, t.error, t.profile`;

export interface TaskRow {
  id: number;
  task_ref: string | null;
  send_id: number | null;
  name: string;
  view_status: string;
  create_state: CreateState;
  source: 'sent' | 'added_by_ref';
  scheduled_at: string | null;
  scheduled_at_ms: number | null;
  created_at: string | null;
  created_at_ms: number;
  last_checked_at_ms: number | null;
  recipient_count: number;
  success_count: number;
  failed_count: number;
  pending_count: number;
  canceled_count: number;
  pages: number;
  charges: number;
  resend_of: string | null;
  error: string | null;
  profile: string;
}

export function toTaskSummary(r: TaskRow): TaskSummary {
  return {
    id: r.id,
    taskRef: r.task_ref,
    sendId: r.send_id,
    name: r.name,
    status: r.view_status,
    createState: r.create_state,
    source: r.source,
    scheduledAt: r.scheduled_at,
    scheduledAtMs: r.scheduled_at_ms,
    createdAt: r.created_at,
    createdAtMs: r.created_at_ms,
    lastCheckedAtMs: r.last_checked_at_ms,
    counts: {
      total: r.recipient_count,
      success: r.success_count,
      failed: r.failed_count,
      pending: r.pending_count,
      canceled: r.canceled_count,
      pages: r.pages,
      charges: r.charges,
    },
    resendOf: r.resend_of,
    error: r.error,
    profile: r.profile,
  };
}

export interface RecipientDbRow {
  id: number;
  task_id: number;
  position: number;
  rcpt_ref: string | null;
  phone_number: string;
  status: string | null;
  unit_price: number | null;
  page_count: number | null;
  charged_amount: number | null;
  failed_code: string | null;
  failed_reason: string | null;
  completed_at: string | null;
  completed_at_ms: number | null;
  created_at: string | null;
  finished_at_ms: number | null;
  /** the phonebook's name for the number when the task was created (migration 4) */
  contact_name: string | null;
}

export function toRecipient(r: RecipientDbRow): HistoryRecipient {
  return {
    id: r.id,
    position: r.position,
    rcptRef: r.rcpt_ref,
    phoneNumber: r.phone_number,
    status: r.status,
    unitPrice: r.unit_price,
    pageCount: r.page_count,
    chargedAmount: r.charged_amount,
    failedCode: r.failed_code,
    failedReason: r.failed_reason,
    completedAt: r.completed_at,
    completedAtMs: r.completed_at_ms,
    createdAt: r.created_at,
    contactName: r.contact_name ?? null,
  };
}

export interface SendRow {
  id: number;
  created_at_ms: number;
  name: string;
  files: string;
  scheduled_at: string | null;
  outcome: SendOutcome;
  error: string | null;
  resend_of: string | null;
  profile: string;
}

function parseFiles(json: string): SendFile[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as SendFile[]) : [];
  } catch {
    // A damaged files column must not hide the task: show it without files.
    return [];
  }
}

export function toSendInfo(r: SendRow): SendInfo {
  return {
    id: r.id,
    name: r.name,
    createdAtMs: r.created_at_ms,
    files: parseFiles(r.files),
    scheduledAt: r.scheduled_at,
    outcome: r.outcome,
    error: r.error,
    resendOf: r.resend_of,
    profile: r.profile,
  };
}
