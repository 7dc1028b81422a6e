/**
 * The history's writes around a send: its intent before any create leaves, the service's answer or its
 * absence, crash recovery, tasks tracked by ref, and the profile claim. Each is one transaction where
 * the "never send a fax twice" rule depends on it.
 */
import { serviceTimeToMs } from '../../shared/service-time';
import { UserError } from '../errors';
import { applyTaskInTransaction, recountTask, type TaskResponse } from './apply-task';
import type { HistoryState } from './history-state';
import type { CreateState, RecordedSend, SendIntent, SendOutcome, TaskChanges } from './types';

const REF = /^[A-Za-z0-9_-]{1,255}$/;

/** A send's outcome follows from its parts; recomputed whenever a part changes. */
function updateSendOutcome({ s }: HistoryState, taskId: number): void {
  const send = (s.sendOf.get(taskId) as { send_id: number | null } | undefined)?.send_id;
  if (send === null || send === undefined) return;
  const parts = s.partStates.all(send) as { create_state: CreateState; error: string | null }[];
  const states = new Set(parts.map((p) => p.create_state));
  const outcome: SendOutcome = states.has('creating')
    ? 'pending'
    : states.has('outcome_unknown')
      ? 'outcome_unknown'
      : !states.has('failed')
        ? 'created'
        : states.has('created')
          ? 'partial'
          : 'failed';
  const error = parts.find((p) => p.error)?.error ?? null;
  s.setOutcome.run(outcome, error, send);
}

export function setCreateState(h: HistoryState, taskId: number, state: CreateState, error: string | null): void {
  h.db.transaction(() => {
    h.s.setCreateState.run(state, error, taskId);
    updateSendOutcome(h, taskId);
  })();
}

export function recordSend(h: HistoryState, intent: SendIntent): RecordedSend {
  const { db, s, ctx } = h;
  return db.transaction((): RecordedSend => {
    const at = h.now();
    const scheduledAt = intent.scheduledAt ?? null;
    const scheduledMs = serviceTimeToMs(scheduledAt, h.tz());
    const owner = intent.profile ?? h.profile();
    const sendId = Number(
      s.insertSend.run(at, intent.name, JSON.stringify(intent.files), scheduledAt, intent.resendOf ?? null, owner, intent.fingerprint ?? null)
        .lastInsertRowid,
    );
    const taskIds = intent.parts.map((part, index) => {
      const taskId = Number(
        s.insertPlannedTask.run(sendId, index, part.name, scheduledAt, scheduledMs, at, intent.resendOf ?? null, owner).lastInsertRowid,
      );
      part.phoneNumbers.forEach((n, position) => s.insertPlannedRecipient.run(taskId, position, n, intent.contactNames?.get(n) || null));
      recountTask(db, taskId);
      ctx.refreshSearch(taskId);
      return taskId;
    });
    return { sendId, taskIds };
  })();
}

export function recordCreated(h: HistoryState, taskId: number, created: TaskResponse): TaskChanges {
  return h.db.transaction((): TaskChanges => {
    h.s.linkRef.run(String(created.task_ref), taskId);
    const changes = applyTaskInTransaction(h.ctx, created, h.now(), taskId);
    updateSendOutcome(h, taskId);
    return changes;
  })();
}

export function recoverInterrupted(h: HistoryState): number[] {
  const ids = (h.s.interrupted.all() as { id: number }[]).map((r) => r.id);
  for (const id of ids) setCreateState(h, id, 'outcome_unknown', 'FaxDesk stopped before the service answered this send.');
  return ids;
}

export function addTrackedTaskRef(h: HistoryState, taskRef: string): { taskId: number; inserted: boolean } {
  const ref = taskRef.trim();
  if (!REF.test(ref)) {
    throw new UserError('history.invalid_ref', 'A task reference has only letters, digits, _ and -, at most 255 characters.');
  }
  return h.db.transaction(() => {
    const found = h.s.taskIdByRef.get(ref) as { id: number } | undefined;
    if (found) return { taskId: found.id, inserted: false };
    const taskId = Number(h.s.addRef.run(ref, h.now(), h.profile()).lastInsertRowid);
    h.ctx.refreshSearch(taskId);
    return { taskId, inserted: true };
  })();
}

export function claimUnassigned(h: HistoryState, owner: string): number {
  if (!owner) return 0;
  return h.db.transaction(() => {
    h.s.claimSends.run(owner);
    return h.s.claimTasks.run(owner).changes;
  })();
}
