/** History records → the plain views the Tasks and Failures screens get. */
import { ACTIVE_VIEW_STATUSES, isRetryableFailure, nextPollAt, pollStatusOf } from '../../shared/task-state';
import { compareFailureGroups } from '../../shared/tasks/order';
import type { FailureItem, FailuresView, RecipientView, TaskDetailView, TaskRowView } from '../../shared/tasks/types';
import { isDemoProfile } from '../account/profile';
import type { HistoryRecipient, TaskDetail, TaskSummary, UnreachedNumber } from '../history';
import type { ResendRecord } from '../history/types';

/** The row id: the task_ref, or `local:<n>` for a send the service never confirmed. */
export function rowId(t: Pick<TaskSummary, 'id' | 'taskRef'>): string {
  return t.taskRef ?? `local:${t.id}`;
}

/**
 * A demo fax still under way when an account was connected: the built-in service is no longer asked
 * about it, so it is shown as stopped rather than as a "Sending" that never ends.
 */
function demoEnded(t: Pick<TaskSummary, 'profile' | 'status'>, current: string): boolean {
  return isDemoProfile(t.profile) && !isDemoProfile(current) && (ACTIVE_VIEW_STATUSES as readonly string[]).includes(t.status);
}

/** `current`: the profile in use; a task of another one is shown read-only. */
export function toRowView(t: TaskSummary, current: string): TaskRowView {
  return {
    id: rowId(t),
    taskRef: t.taskRef,
    name: t.name,
    status: demoEnded(t, current) ? 'demo_ended' : t.status,
    outcomeUnknown: t.status === 'outcome_unknown',
    createdAtMs: t.createdAtMs,
    scheduledAtMs: t.scheduledAtMs,
    recipients: {
      total: t.counts.total,
      success: t.counts.success,
      failed: t.counts.failed,
      pending: t.counts.pending,
      canceled: t.counts.canceled,
    },
    pages: t.counts.pages,
    charges: t.counts.charges,
    resendOf: t.resendOf,
    checkedAtMs: t.lastCheckedAtMs,
    error: t.error,
    source: t.source,
    demo: isDemoProfile(t.profile),
    readOnly: t.profile !== current,
  };
}

export function toRecipientView(r: HistoryRecipient, createdAtMs: (s: string | null) => number | null): RecipientView {
  return {
    rcptRef: r.rcptRef ?? '',
    phoneNumber: r.phoneNumber,
    contactName: r.contactName,
    status: r.status ?? 'pending',
    pageCount: r.pageCount,
    unitPrice: r.unitPrice,
    chargedAmount: r.chargedAmount,
    failedCode: r.failedCode,
    failedReason: r.failedReason,
    completedAt: r.completedAt,
    completedAtMs: r.completedAtMs,
    createdAt: r.createdAt,
    createdAtMs: createdAtMs(r.createdAt),
    retryable: r.status === 'failed' && isRetryableFailure(r.failedCode),
  };
}

export function toDetailView(
  d: TaskDetail,
  serviceTimeZone: string,
  toMs: (s: string | null) => number | null,
  current: string,
  resends: readonly ResendRecord[],
): TaskDetailView {
  const polled = d.taskRef !== null && d.createState === 'created' && d.profile === current;
  return {
    task: toRowView(d, current),
    resentAs: resends.map((r) => ({
      id: rowId({ id: r.taskId, taskRef: r.taskRef }),
      taskRef: r.taskRef,
      name: r.name,
      atMs: r.createdAtMs,
      phoneNumbers: r.phoneNumbers,
      status: r.status,
    })),
    recipients: d.recipients.map((r) => toRecipientView(r, toMs)),
    files: (d.send?.files ?? []).map((f) => ({ name: f.name, fileRef: f.fileRef, localPath: f.path || null })),
    nextCheckAtMs: polled
      ? nextPollAt({ status: pollStatusOf(d.status), scheduledAtMs: d.scheduledAtMs, lastCheckedAtMs: d.lastCheckedAtMs })
      : null,
    serviceTimeZone,
  };
}

/** Failures per number: grouped by the code of each number's latest attempt, retryable codes first. */
export function toFailuresView(sinceMs: number, numbers: UnreachedNumber[]): FailuresView {
  const items: FailureItem[] = [];
  for (const it of numbers) {
    if (it.taskRef === null) continue;
    items.push({
      taskRef: it.taskRef,
      taskName: it.taskName,
      rcptRef: it.rcptRef ?? '',
      phoneNumber: it.phoneNumber,
      failedReason: it.failedReason,
      failedCode: it.failedCode,
      completedAtMs: it.failedAtMs,
      createdAtMs: it.createdAtMs,
      demo: isDemoProfile(it.profile),
      earlier: it.earlier.map((e) => ({ taskName: e.taskName, failedCode: e.failedCode, failedAtMs: e.failedAtMs, createdAtMs: e.createdAtMs })),
      resentAs: it.resentAs,
    });
  }
  return groupFailures(sinceMs, items);
}

/** The Failures screen's groups (this desk's and the office's alike): by failure code, BUSY and NO_ANSWER first. */
export function groupFailures(sinceMs: number, items: readonly FailureItem[]): FailuresView {
  const byCode = new Map<string, FailuresView['groups'][number]>();
  for (const it of items) {
    const code = it.failedCode ?? '';
    let g = byCode.get(code);
    if (!g) byCode.set(code, (g = { code, retryable: isRetryableFailure(it.failedCode), count: 0, items: [] }));
    g.count += 1;
    g.items.push(it);
  }
  const list = [...byCode.values()].sort(compareFailureGroups);
  return { sinceMs, total: list.reduce((n, g) => n + g.count, 0), groups: list };
}
