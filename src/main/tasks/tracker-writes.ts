/**
 * The tracker's writes to the history, batched: the history commits with a disk sync
 * (synchronous=FULL), ~5-15 ms of the main process's event loop each on a busy disk. A poll round's
 * workers do not wait for their answer's write: answers are written WRITE_BATCH at a time in one
 * transaction, and the rest when the round ends; an answer someone waits for (the detail pane, the
 * refresh button) is written in the next event-loop turn, with any others that arrived in the same turn.
 */
import type { Task } from '../../shared/api/schemas';
import type { TaskChanges } from '../history/types';
import { notifyEnded } from './tracker-notify';
import type { TrackerPace } from './tracker-pace';
import type { TrackerOptions } from './tracker-types';

/**
 * Answers written per transaction. On a busy 2-core machine a commit's sync costs ~9 ms and applying
 * one answer ~0.3 ms, so 20 answers hold the event loop ~15 ms once instead of ~180 ms in 20 pieces.
 */
export const WRITE_BATCH = 20;

export type Answer = { taskRef: string; task: Task; before: string | null };
type Queued = Answer & { resolve: (c: TaskChanges) => void; reject: (e: unknown) => void };

export class TrackerWrites {
  /** answers waiting for their write; flushed WRITE_BATCH at a time, when a round ends, or next turn */
  private queued: Queued[] = [];
  private flushSoon: ReturnType<typeof setImmediate> | null = null;

  constructor(
    private readonly o: TrackerOptions,
    private readonly pace: TrackerPace,
  ) {}

  /** answers written in one transaction, then remembered, notified and handed to onEnded in order */
  applyAll(answers: readonly Answer[]): TaskChanges[] {
    if (answers.length === 0) return [];
    const { history } = this.o;
    const tasks = answers.map((a) => a.task);
    const all = history.applyTaskResponses ? history.applyTaskResponses(tasks) : tasks.map((t) => history.applyTaskResponse(t));
    return answers.map((a, i) => {
      const changes = all[i]!;
      this.pace.noteAsked(a.taskRef);
      notifyEnded(this.o, changes);
      if (changes.becameTerminal) {
        try {
          this.o.onEnded?.(changes);
        } catch (e) {
          this.o.log.warn(`tasks: after-end handler for ${a.taskRef} failed`, e);
        }
      }
      return changes;
    });
  }

  apply(answer: Answer): TaskChanges {
    return this.applyAll([answer])[0]!;
  }

  /** writes everything queued now */
  flush(): void {
    if (this.flushSoon !== null) clearImmediate(this.flushSoon);
    this.flushSoon = null;
    while (this.queued.length > 0) {
      const batch = this.queued.slice(0, WRITE_BATCH);
      this.queued = this.queued.slice(batch.length);
      let written: TaskChanges[];
      try {
        written = this.applyAll(batch);
      } catch (e) {
        for (const b of batch) b.reject(e);
        continue;
      }
      batch.forEach((b, i) => b.resolve(written[i]!));
    }
  }

  /** in the next event-loop turn, with whatever else arrived in this one */
  hurry(): void {
    if (this.flushSoon === null && this.queued.length > 0) this.flushSoon = setImmediate(() => this.flush());
  }

  queue(answer: Answer, urgent: boolean): Promise<TaskChanges> {
    const p = new Promise<TaskChanges>((resolve, reject) => this.queued.push({ ...answer, resolve, reject }));
    if (this.queued.length >= WRITE_BATCH) this.flush();
    else if (urgent) this.hurry();
    return p;
  }
}
