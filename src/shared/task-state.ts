/**
 * Task and recipient states as the spec enumerates them, read tolerantly:
 * the sample's 'completed' means 'done', and anything else is kept raw so the
 * UI can show it instead of crashing (DESIGN.md, "Decisions").
 */

import { isRetryableCode, RETRYABLE_FAILURE_CODES } from './api/failure-codes';

export { RETRYABLE_FAILURE_CODES };

export const TASK_STATUSES = ['pending', 'sending', 'done', 'failed'] as const;
export type KnownTaskStatus = (typeof TASK_STATUSES)[number];
/** A known status, or the raw string the service sent. */
export type TaskStatusValue = KnownTaskStatus | (string & {});

export const RECIPIENT_STATUSES = ['pending', 'sending', 'success', 'failed', 'canceled'] as const;
export type KnownRecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/**
 * A task's status as the screens show it: the service's, or FaxDesk's own while it has no answer of
 * the service's ('creating' a task, 'unchecked' after a reference was added, 'outcome_unknown' and
 * 'create_failed' for a create without a definitive answer or refused; 'demo_ended' for a demo fax
 * still under way when an account was connected: nobody follows it any more).
 */
export const VIEW_STATUSES = [...TASK_STATUSES, 'outcome_unknown', 'creating', 'unchecked', 'create_failed', 'demo_ended'] as const;
export type KnownViewStatus = (typeof VIEW_STATUSES)[number];
/** Not started as far as the user can tell: the service's pending, a reference not fetched yet, a create in flight. */
export const WAITING_VIEW_STATUSES = ['pending', 'unchecked', 'creating'] as const satisfies readonly KnownViewStatus[];
/** Never changes again (an unknown outcome is never retried on its own). */
export const FINAL_VIEW_STATUSES = ['done', 'failed', 'outcome_unknown', 'create_failed', 'demo_ended'] as const satisfies readonly KnownViewStatus[];
/** Being worked on or waiting: what the tray's "active" and the polling care about. */
export const ACTIVE_VIEW_STATUSES = [...WAITING_VIEW_STATUSES, 'sending'] as const;

/** The Tasks screen's status filter: whole-task states, plus `has_failures` (any task with a failed recipient). */
export const STATUS_FILTERS = ['pending', 'sending', 'done', 'failed', 'has_failures', 'outcome_unknown', 'not_sent'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * The filter's choices → the view statuses they stand for: 'pending' includes tasks not yet
 * checked or still being created; 'not_sent' is a create the service refused; `has_failures` is a
 * recipient filter, not a task state (the history applies it apart).
 */
export function viewStatusesForFilters(filters: readonly StatusFilter[] | undefined): string[] | undefined {
  if (!filters || filters.length === 0) return undefined;
  const out = new Set<string>();
  for (const f of filters) {
    if (f === 'pending') WAITING_VIEW_STATUSES.forEach((s) => out.add(s));
    else if (f === 'not_sent') out.add('create_failed');
    else if (f !== 'has_failures') out.add(f);
  }
  return out.size ? [...out] : undefined;
}

export function isKnownViewStatus(s: string): s is KnownViewStatus {
  return (VIEW_STATUSES as readonly string[]).includes(s);
}

export function isFinalViewStatus(s: string): boolean {
  return (FINAL_VIEW_STATUSES as readonly string[]).includes(s);
}

/** The status the polling rules read for a view status: what has not been checked yet is polled as pending. */
export function pollStatusOf(view: string): string {
  return (WAITING_VIEW_STATUSES as readonly string[]).includes(view) ? 'pending' : view;
}

export function isKnownRecipientStatus(s: string): s is KnownRecipientStatus {
  return (RECIPIENT_STATUSES as readonly string[]).includes(s);
}

/** Poll no faster than this while a task is pending (spec: at least 30 s). */
export const POLL_PENDING_MS = 30_000;
/** About this while it is being sent (spec: about 1 minute). */
export const POLL_SENDING_MS = 60_000;
/**
 * The window's own slow refresh of the account while it is open (and shown). Otherwise the account is
 * read when something can have changed it: after a create, and when a task poll shows a recipient ended.
 */
export const ACCOUNT_REFRESH_MS = 3 * 60_000;

const TASK_ALIASES: Record<string, KnownTaskStatus> = {
  pending: 'pending',
  sending: 'sending',
  done: 'done',
  completed: 'done',
  failed: 'failed',
};

export function normalizeTaskStatus(raw: string): TaskStatusValue {
  const known = TASK_ALIASES[String(raw).trim().toLowerCase()];
  return known ?? raw;
}

/**
 * Done and failed tasks never change again, so they are never polled. An
 * unknown status is not terminal: we keep watching it (at the slow rate)
 * rather than freeze a task the service may still be working on.
 */
export function isTerminalTask(status: string): boolean {
  const s = normalizeTaskStatus(status);
  return s === 'done' || s === 'failed';
}

const RECIPIENT_ALIASES: Record<string, KnownRecipientStatus> = {
  pending: 'pending',
  sending: 'sending',
  success: 'success',
  failed: 'failed',
  canceled: 'canceled',
  cancelled: 'canceled',
};

/** Known recipient states in their spec spelling; anything else kept raw. */
export function normalizeRecipientStatus(raw: string): KnownRecipientStatus | (string & {}) {
  return RECIPIENT_ALIASES[String(raw).trim().toLowerCase()] ?? raw;
}

export function isTerminalRecipient(status: string): boolean {
  const s = normalizeRecipientStatus(status);
  return s === 'success' || s === 'failed' || s === 'canceled';
}

/** BUSY and NO_ANSWER (the codes the spec names) are worth sending again. */
export function isRetryableFailure(code: string | null | undefined): boolean {
  return isRetryableCode(code);
}

export interface PollInput {
  status: string;
  /** when the task is scheduled to start, ms since epoch; null/undefined if immediate */
  scheduledAtMs?: number | null;
  /** when we last got an answer about this task (the create response counts) */
  lastCheckedAtMs?: number | null;
}

/** The interval the spec recommends for a task in this status; null when it must not be polled. */
export function pollIntervalMs(status: string): number | null {
  const s = normalizeTaskStatus(status);
  if (s === 'done' || s === 'failed') return null;
  if (s === 'pending') return POLL_PENDING_MS;
  return POLL_SENDING_MS;
}

/**
 * When the task may next be asked about (ms since epoch), or null for never.
 * A pending task scheduled in the future is not asked about before its time:
 * the service has nothing new to say until then.
 */
export function nextPollAt(task: PollInput): number | null {
  const interval = pollIntervalMs(task.status);
  if (interval === null) return null;
  const afterLast = task.lastCheckedAtMs === null || task.lastCheckedAtMs === undefined ? -Infinity : task.lastCheckedAtMs + interval;
  const notBefore = normalizeTaskStatus(task.status) === 'pending' && task.scheduledAtMs ? task.scheduledAtMs : -Infinity;
  const due = Math.max(afterLast, notBefore);
  return Number.isFinite(due) ? due : 0;
}

/** How long to wait from `now` before polling; 0 means now, null means never. */
export function nextPollDelayMs(task: PollInput, now: number): number | null {
  const at = nextPollAt(task);
  return at === null ? null : Math.max(0, at - now);
}

export interface RecipientLike {
  status: string;
  page_count?: number | null;
  charged_amount?: number | null;
}

export interface RecipientSummary {
  total: number;
  success: number;
  failed: number;
  /** pending, sending, and any state we do not know: not finished yet */
  pending: number;
  canceled: number;
  pages: number;
  /** yuan, rounded to 1/10000 so float sums of prices do not drift */
  charges: number;
}

export function summarizeRecipients(records: readonly RecipientLike[]): RecipientSummary {
  const sum: RecipientSummary = { total: 0, success: 0, failed: 0, pending: 0, canceled: 0, pages: 0, charges: 0 };
  let charges = 0;
  for (const r of records) {
    sum.total += 1;
    const s = normalizeRecipientStatus(r.status);
    if (s === 'success') sum.success += 1;
    else if (s === 'failed') sum.failed += 1;
    else if (s === 'canceled') sum.canceled += 1;
    else sum.pending += 1;
    if (typeof r.page_count === 'number' && Number.isFinite(r.page_count)) sum.pages += r.page_count;
    if (typeof r.charged_amount === 'number' && Number.isFinite(r.charged_amount)) charges += r.charged_amount;
  }
  sum.charges = Math.round(charges * 10_000) / 10_000;
  return sum;
}
