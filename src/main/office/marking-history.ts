/**
 * The history as the office mirror follows it: each write that changes a task this desk created says
 * which tasks it touched, and a send's intent leaves its documents in the outbox queue.
 */
import type { History } from '../history/history';
import type { SendIntent } from '../history/types';
import type { OutboxQueue } from './outbox-queue';

export interface MarkingHooks {
  touched(taskIds: readonly number[]): void;
  /** a send's intent was recorded: its documents' names, pages and sizes, and its fingerprint */
  sendRecorded(sendId: number, intent: SendIntent): void;
}

/**
 * The history, with each write that changes a task this desk created telling
 * `hooks` which tasks it touched. Reads pass through. A hook that throws is
 * logged by the caller's hooks, never thrown into the send.
 */
export function markingHistory(history: History, hooks: MarkingHooks): History {
  const touched = (ids: readonly number[]) => {
    try {
      hooks.touched(ids);
    } catch {
      // the office's bookkeeping never fails a send
    }
  };
  return {
    ...history,
    recordSend(intent) {
      const r = history.recordSend(intent);
      try {
        hooks.sendRecorded(r.sendId, intent);
      } catch {
        // hashed from the files at the first write instead
      }
      touched(r.taskIds);
      return r;
    },
    recordCreated(taskId, created) {
      const r = history.recordCreated(taskId, created);
      touched([taskId]);
      return r;
    },
    markOutcomeUnknown(taskId, error) {
      history.markOutcomeUnknown(taskId, error);
      touched([taskId]);
    },
    markCreateFailed(taskId, error) {
      history.markCreateFailed(taskId, error);
      touched([taskId]);
    },
    recoverInterrupted() {
      const ids = history.recoverInterrupted();
      touched(ids);
      return ids;
    },
    applyTaskResponse(task) {
      const r = history.applyTaskResponse(task);
      touched([r.taskId]);
      return r;
    },
    applyTaskResponses(tasks) {
      const r = history.applyTaskResponses(tasks);
      touched(r.map((c) => c.taskId));
      return r;
    },
    linkResend(newTaskRef, originalTaskRef) {
      const r = history.linkResend(newTaskRef, originalTaskRef);
      const id = history.getTask(newTaskRef)?.id;
      if (id !== undefined) touched([id]);
      return r;
    },
  };
}

/** a send's documents as the office will see them (hashed at the first write) and its fingerprint, kept in the queue */
export function queueSendDocuments(queue: OutboxQueue, sendId: number, intent: SendIntent): void {
  queue.setSendDocuments(
    sendId,
    intent.files.map((f) => ({ name: f.name, pages: f.pages, size: f.size, sha256: null })),
    intent.fingerprint ?? null,
  );
}
