/**
 * What the Tasks and Failures screens see: views built in main from the local
 * history (and the service's answers). Plain data, no classes.
 */
import type { KnownViewStatus } from '../task-state';

/** A task's status as shown: the service's (read tolerantly) or FaxDesk's own for an unanswered create. */
export type TaskViewStatus = KnownViewStatus | (string & {});

/**
 * Rows per page of the Tasks list: the page the virtual table shows first (about 40 rows with its
 * overscan at 1280×800) and no more, so a new filter's first answer is small (measured through the
 * preview bridge on 10,000 tasks: ~19 KB and 2.5–3 ms for 50 rows against ~77 KB and 3.5–5 ms for 200).
 */
export const TASK_PAGE_SIZE = 50;

export const TASK_SORT_KEYS = ['created', 'scheduled', 'name', 'status', 'recipients', 'failed', 'pages', 'charges'] as const;
export type TaskSortKey = (typeof TASK_SORT_KEYS)[number];

export { STATUS_FILTERS, type StatusFilter } from '../task-state';

export interface TaskRowView {
  /** stable local id: the task_ref, or FaxDesk's own id for an unanswered create */
  id: string;
  taskRef: string | null;
  name: string;
  status: TaskViewStatus;
  /** the create request got no definitive answer: the task may or may not exist */
  outcomeUnknown: boolean;
  /** ms since epoch (read in the service time zone) */
  createdAtMs: number | null;
  scheduledAtMs: number | null;
  recipients: { total: number; success: number; failed: number; pending: number; canceled: number };
  pages: number;
  /** yuan */
  charges: number;
  /** the task this one resent to, if any */
  resendOf: string | null;
  /** when FaxDesk last heard from the service about it */
  checkedAtMs: number | null;
  /** why a create failed or its outcome is unknown */
  error: string | null;
  source: 'sent' | 'added_by_ref';
  /** created in demo mode (the built-in simulator): show a "Demo" label */
  demo: boolean;
  /** belongs to another profile than the connected one: shown only, no action may touch it */
  readOnly: boolean;
}

/** What the service reported about one recipient: stored in the history, shown on the screens. */
export interface RecipientOutcome {
  phoneNumber: string;
  pageCount: number | null;
  unitPrice: number | null;
  chargedAmount: number | null;
  failedCode: string | null;
  failedReason: string | null;
  /** raw service time, and the instant it denotes (null while not completed) */
  completedAt: string | null;
  completedAtMs: number | null;
  createdAt: string | null;
}

export interface RecipientView extends RecipientOutcome {
  rcptRef: string;
  /** the phonebook's name for the number when the task was created (kept, not looked up again); null when none */
  contactName: string | null;
  status: string;
  createdAtMs: number | null;
  retryable: boolean;
}

export interface TaskFileView {
  name: string;
  fileRef: string | null;
  /** the local copy FaxDesk can upload again (null for tasks added by reference) */
  localPath: string | null;
}

/** A later resend of (some of) this task's recipients. */
export interface ResentAsView {
  /** local id of the new task (its task_ref once created) */
  id: string;
  taskRef: string | null;
  name: string;
  /** when the resend was made (ms since epoch) */
  atMs: number;
  phoneNumbers: string[];
  /** the new task's status, e.g. 'pending', 'outcome_unknown', 'create_failed' */
  status: TaskViewStatus;
}

export interface TaskDetailView {
  task: TaskRowView;
  /** resends made from this task, oldest first */
  resentAs: ResentAsView[];
  recipients: RecipientView[];
  files: TaskFileView[];
  /** the earliest time the service may be asked again (ms), null when never */
  nextCheckAtMs: number | null;
  serviceTimeZone: string;
}

export interface ListTasksResult {
  rows: TaskRowView[];
  total: number;
  /** demo faxes left out of the list (an account is connected and they were not asked for) */
  hiddenDemo: number;
}

export interface FailureItem {
  taskRef: string;
  taskName: string;
  rcptRef: string;
  phoneNumber: string;
  failedReason: string | null;
  completedAtMs: number | null;
  /** from a demo task (listed only with showDemo while an account is connected) */
  demo: boolean;
  /** the failure code of this (latest) attempt */
  failedCode: string | null;
  /** when this attempt's task was created (a resend's time), ms */
  createdAtMs: number | null;
  /** earlier failed attempts at this number, oldest first: each later one was a resend (or another send) that failed again */
  earlier: { taskName: string; failedCode: string | null; failedAtMs: number; createdAtMs: number | null }[];
  /**
   * resent and not reached yet: the resend task's id, its recipient's status ('pending', 'sending', 'canceled'…);
   * office-wide, `by` names the desk that resent it ("Resent as … by …")
   */
  resentAs: { id: string; status: string; createdAtMs: number | null; by?: OfficeSenderRef } | null;
  /** office-wide Failures only: who sent the fax of this attempt, and from which computer */
  sentBy?: OfficeSenderRef;
}

/** A desk of the office, as a Failures row names it. */
export interface OfficeSenderRef {
  name: string;
  computerName: string;
  /** this desk */
  mine: boolean;
}

export interface FailureGroup {
  code: string;
  retryable: boolean;
  count: number;
  items: FailureItem[];
}

export interface FailuresView {
  sinceMs: number;
  total: number;
  groups: FailureGroup[];
}

export interface RefreshResult {
  detail: TaskDetailView;
  /** false when the floor or the polling rules held the request back */
  refreshed: boolean;
  /** when refreshed is false: how long until a refresh is allowed */
  retryInMs: number;
}

export interface ResendResult {
  taskRef: string;
  phoneNumbers: string[];
  /** files that had to be uploaded again because their reference expired */
  reuploaded: number;
}

/** What the connected account spent, from this computer's history (the service has no such query). */
export interface Spending {
  last30Days: number;
  thisMonth: number;
}

/** One task on the Account screen's list of this month's charges (this computer's history). */
export interface ChargeRow {
  /** the task to open (its task_ref, or FaxDesk's own id) */
  id: string;
  name: string;
  /** when the last of its charged recipients finished, ms */
  chargedAtMs: number;
  /** pages per recipient */
  pages: number;
  /** recipients charged */
  recipients: number;
  /** yuan */
  amount: number;
  /** made in demo mode (nothing was really charged) */
  demo: boolean;
}

/** Rows of the list of charges asked for at first; "Show more" asks for as many again. */
export const CHARGES_PAGE_SIZE = 10;
/** The most rows the list of charges shows: beyond, the task list and its CSV are the place to look. */
export const CHARGES_MAX_ROWS = 500;

export interface MonthCharges {
  /** newest charge first */
  rows: ChargeRow[];
  /** tasks charged this month in all (rows may be fewer: "Show more") */
  total: number;
  /** the sum of every row's amount, as "Spent this month" */
  amount: number;
}

export interface TaskCounts {
  pending: number;
  sending: number;
  /** numbers not reached (their latest attempt failed) in the failures window (the sidebar badge), of the connected profile only */
  recentFailures: number;
  /** how many days back the failures window reaches */
  recentFailureDays: number;
  /**
   * When the oldest counted failure leaves the window (recentFailures drops without anything happening):
   * the one moment the window must ask again by time; null when nothing is counted. Every other change
   * comes with tasksChanged.
   */
  recentFailuresChangeAtMs: number | null;
}

/** NUL, tabs, line breaks and other control characters: never part of a name, number or reference. */
export const SEARCH_CONTROL_CHARACTERS = /\p{Cc}/u;
