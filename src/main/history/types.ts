import type { RecipientSummary } from '../../shared/task-state';

/** One document of a send: enough to upload it again when its file_ref expired. */
export interface SendFile {
  /** absolute local path the user picked */
  path: string;
  /** display name (what was uploaded as file_name) */
  name: string;
  size: number;
  pages: number | null;
  fileRef: string | null;
  /** when fileRef was obtained, ms since epoch */
  uploadedAtMs?: number | null;
}

export interface SendIntent {
  name: string;
  files: SendFile[];
  /** one entry per task to create (see planSendParts) */
  parts: { name: string; phoneNumbers: string[] }[];
  /** Y-m-d H:i:s in service time, as it will be sent */
  scheduledAt?: string | null;
  /** task_ref of the task this send resends to */
  resendOf?: string | null;
  /** the profile (demo or account) the tasks are created on; default: the history's current profile */
  profile?: string;
  /** documents + numbers, for "the same fax again" (sends only, not resends) */
  fingerprint?: string | null;
  /** number -> the phonebook's name for it now; stored with each recipient and never looked up again */
  contactNames?: ReadonlyMap<string, string>;
}

export interface RecordedSend {
  sendId: number;
  /** local task ids, in part order */
  taskIds: number[];
}

/**
 * The outcome of a whole send: 'pending' while a create may still be in
 * flight, 'partial' when some parts were created and others definitively refused.
 */
export type SendOutcome = 'pending' | 'created' | 'partial' | 'outcome_unknown' | 'failed';
/** Whether the create-task call for one task succeeded. */
export type CreateState = 'creating' | 'created' | 'outcome_unknown' | 'failed';

export interface TaskSummary {
  id: number;
  taskRef: string | null;
  sendId: number | null;
  name: string;
  /**
   * The service status once created ('pending', 'sending', 'done', 'failed'
   * or a raw unknown one); 'unchecked' for a ref added but not yet fetched;
   * otherwise the create state ('creating', 'outcome_unknown', 'failed' as create_failed).
   */
  status: string;
  createState: CreateState;
  source: 'sent' | 'added_by_ref';
  scheduledAt: string | null;
  scheduledAtMs: number | null;
  createdAt: string | null;
  createdAtMs: number;
  lastCheckedAtMs: number | null;
  counts: RecipientSummary;
  resendOf: string | null;
  error: string | null;
  /** 'demo' or an account key; '' for a row from before profiles, not yet claimed */
  profile: string;
}

export interface HistoryRecipient extends RecipientOutcome {
  id: number;
  position: number;
  rcptRef: string | null;
  /** null until the service has reported on it */
  status: string | null;
  /** the phonebook's name for the number when the task was created; null when it had none */
  contactName: string | null;
}

export interface SendInfo {
  id: number;
  name: string;
  createdAtMs: number;
  files: SendFile[];
  scheduledAt: string | null;
  outcome: SendOutcome;
  error: string | null;
  resendOf: string | null;
  profile: string;
}

export interface TaskDetail extends TaskSummary {
  recipients: HistoryRecipient[];
  send: SendInfo | null;
}

export type { TaskSortKey } from '../../shared/tasks/types';
import type { RecipientOutcome, TaskSortKey } from '../../shared/tasks/types';

export interface TaskFilter {
  /** one status or several (see TaskSummary.status) */
  status?: string | string[];
  /** created at or after, ms since epoch */
  from?: number;
  /** created before, ms since epoch */
  to?: number;
  /** part of the task name or of a recipient's number */
  text?: string;
  /** only tasks of these profiles (omitted: all) */
  profiles?: readonly string[];
  /** also (OR with `status`) tasks with at least one failed recipient */
  hasFailures?: boolean;
}

export interface TaskListQuery extends TaskFilter {
  sort?: { by: TaskSortKey; dir: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

export interface RecipientChange {
  rcptRef: string;
  phoneNumber: string;
  from: string | null;
  to: string;
  failedCode: string | null;
  failedReason: string | null;
}

/** What one task response changed, so main can notify about exactly that. */
export interface TaskChanges {
  taskId: number;
  taskRef: string;
  name: string;
  /** the task was not in the history before */
  inserted: boolean;
  status: { from: string | null; to: string } | null;
  /** the task reached done or failed with this response */
  becameTerminal: boolean;
  newlyFailed: RecipientChange[];
  newlySucceeded: RecipientChange[];
  /** recipients whose stored record changed in any way */
  recipientsChanged: number;
  counts: RecipientSummary;
}

/** Failed recipients counted per failure code (the Failures view groups them with their items). */
export interface FailureCodeCount {
  code: string | null;
  retryable: boolean;
  recipients: number;
  tasks: number;
  lastAtMs: number;
  /** one failed_reason seen with this code, to explain it */
  sampleReason: string | null;
}

/** One task's charges in a window (the Account screen's list of charges). */
export interface ChargedTask {
  taskId: number;
  taskRef: string | null;
  name: string;
  profile: string;
  /** when the last of its charged recipients finished */
  chargedAtMs: number;
  /** pages per recipient (the most any charged recipient was billed for) */
  pages: number;
  /** recipients charged */
  recipients: number;
  /** yuan, rounded to the fen */
  amount: number;
}

export interface FailedRecipient {
  taskId: number;
  profile: string;
  taskRef: string | null;
  taskName: string;
  rcptRef: string | null;
  phoneNumber: string;
  failedCode: string | null;
  failedReason: string | null;
  failedAtMs: number;
}

/** A number whose latest attempt failed: the failure shown (and counted) once, with the attempts before it. */
export interface UnreachedNumber extends FailedRecipient {
  /** when the task of this (latest) attempt was created: a resend's time */
  createdAtMs: number | null;
  /** earlier failed attempts at the same number in the window, oldest first */
  earlier: { taskRef: string | null; taskName: string; failedCode: string | null; failedAtMs: number; createdAtMs: number | null }[];
  /** a resend of this attempt's task that has taken the number again and not reached it yet (its local id, its recipient's status) */
  resentAs: { id: string; status: string; createdAtMs: number | null } | null;
}

export interface PollDue {
  taskId: number;
  taskRef: string;
  status: string;
  /** ms since epoch; <= now means due now */
  dueAtMs: number;
}

/** An earlier send of the same documents to the same numbers. */
export interface RepeatMatch {
  sendId: number;
  name: string;
  createdAtMs: number;
  /** its first created task, if any */
  taskRef: string | null;
}

/** A task created as a resend of another one. */
export interface ResendRecord {
  taskId: number;
  taskRef: string | null;
  name: string;
  createdAtMs: number;
  status: string;
  phoneNumbers: string[];
}
