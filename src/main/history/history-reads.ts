/** The history's reads of one task (with its recipients and send), of what is due to poll, repeats and resends. */
import { nextPollAt } from '../../shared/task-state';
import type { HistoryState } from './history-state';
import { toRecipient, toSendInfo, toTaskSummary, type RecipientDbRow, type SendRow, type TaskRow } from './rows';
import type { PollDue, RepeatMatch, ResendRecord, TaskDetail, TaskSummary } from './types';

function detail({ s }: HistoryState, row: TaskRow | undefined): TaskDetail | null {
  if (!row) return null;
  const send = row.send_id === null ? undefined : (s.sendRow.get(row.send_id) as SendRow | undefined);
  return {
    ...toTaskSummary(row),
    recipients: (s.recipientsOf.all(row.id) as RecipientDbRow[]).map(toRecipient),
    send: send ? toSendInfo(send) : null,
  };
}

export const getTask = (h: HistoryState, taskRef: string): TaskDetail | null => detail(h, h.s.taskRowByRef.get(taskRef) as TaskRow | undefined);

export const getTaskById = (h: HistoryState, taskId: number): TaskDetail | null => detail(h, h.s.taskRow.get(taskId) as TaskRow | undefined);

export function getTaskSummary(h: HistoryState, taskRef: string): TaskSummary | null {
  const row = h.s.taskRowByRef.get(taskRef) as TaskRow | undefined;
  return row ? toTaskSummary(row) : null;
}

export function tasksToPoll(h: HistoryState, nowMs: number, profiles?: readonly string[]): PollDue[] {
  const rows = h.s.active.all() as {
    id: number;
    task_ref: string;
    status: string | null;
    scheduled_at_ms: number | null;
    last_checked_at_ms: number | null;
    profile: string;
  }[];
  const due: PollDue[] = [];
  for (const r of rows) {
    if (profiles && !profiles.includes(r.profile)) continue;
    // A ref added by hand has no status yet: ask once, now.
    const status = r.status ?? 'pending';
    const at = r.status === null ? nowMs : nextPollAt({ status, scheduledAtMs: r.scheduled_at_ms, lastCheckedAtMs: r.last_checked_at_ms });
    if (at !== null) due.push({ taskId: r.id, taskRef: r.task_ref, status: r.status ?? 'unchecked', dueAtMs: at });
  }
  return due.sort((a, b) => a.dueAtMs - b.dueAtMs || a.taskId - b.taskId);
}

export function findRepeat(h: HistoryState, owner: string, fingerprint: string, sinceMs: number): RepeatMatch | null {
  const r = h.s.repeatOf.get(owner, fingerprint, sinceMs) as { id: number; name: string; created_at_ms: number; task_ref: string | null } | undefined;
  return r ? { sendId: r.id, name: r.name, createdAtMs: r.created_at_ms, taskRef: r.task_ref } : null;
}

export function resendsOf(h: HistoryState, taskRef: string): ResendRecord[] {
  const rows = h.s.resendsOf.all(taskRef) as {
    id: number;
    task_ref: string | null;
    name: string;
    created_at_ms: number;
    view_status: string;
    numbers: string;
  }[];
  return rows.map((r) => ({
    taskId: r.id,
    taskRef: r.task_ref,
    name: r.name,
    createdAtMs: r.created_at_ms,
    status: r.view_status,
    phoneNumbers: JSON.parse(r.numbers) as string[],
  }));
}
