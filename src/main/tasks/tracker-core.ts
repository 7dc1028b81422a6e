/**
 * What every part of the tracker shares: the pace, the writes, one query per task at a time, failures
 * turned into backoff and log lines, and the polling health told to the UI when it changes.
 */
import type { Task } from '../../shared/api/schemas';
import type { TaskChanges } from '../history/types';
import { AuthError } from '../api/errors';
import { systemClock, type Clock } from '../clock';
import { TrackerPace } from './tracker-pace';
import { announce } from './tracker-notify';
import { TrackerWrites } from './tracker-writes';
import type { TrackerOptions } from './tracker-types';

/** a query in flight: its answer arrived (or failed), and its answer written to the history */
export interface Fetching {
  answered: Promise<void>;
  changes: Promise<TaskChanges>;
}

export class TrackerCore {
  readonly clock: Clock;
  readonly pace: TrackerPace;
  readonly writes: TrackerWrites;
  /** parallel queries per poll round */
  readonly concurrency: number;
  readonly inFlight = new Map<string, Fetching>();
  /** tasks the service said had ended before the history had them (endedAtService): asked once recorded */
  readonly endedUnrecorded = new Set<string>();
  private reported = '';

  constructor(readonly o: TrackerOptions) {
    this.clock = o.clock ?? systemClock;
    this.concurrency = Math.max(1, o.concurrency ?? 3);
    this.pace = new TrackerPace({ clock: this.clock, random: o.random ?? Math.random, pollState: (ref) => o.history.pollState(ref) });
    this.writes = new TrackerWrites(o, this.pace);
  }

  /** the task's status as the history holds it (null: not there) */
  statusOf(taskRef: string): string | null {
    return this.o.history.pollState(taskRef)?.status ?? null;
  }

  /** tells the UI when the state (not every retry time) changes */
  reportHealth(): void {
    const h = this.pace.health();
    const key = `${h.state}:${h.failures > 0 ? 1 : 0}:${h.lastError ?? ''}`;
    if (key === this.reported) return;
    this.reported = key;
    try {
      this.o.onHealth?.(h);
    } catch (e) {
      this.o.log.warn('tasks: health listener failed', e);
    }
  }

  /** the service answered (another desk's task, an account read): backoff over */
  serviceBack(): void {
    this.pace.serviceBack();
    this.reportHealth();
  }

  noteFailure(taskRef: string, e: unknown): void {
    const paused = this.pace.failed(taskRef, e);
    if (!paused) return;
    this.reportHealth();
    this.o.log.warn(`tasks: polling ${taskRef} failed (${paused.what}); pausing polls for ${Math.round(paused.waitMs / 1000)} s`);
    if (e instanceof AuthError) this.o.log.warn('tasks: the service refused the credentials; polls resume after the backoff or when the connection changes');
  }

  /**
   * Asks the service; the answer is queued for the history. `urgent`: someone waits for it, so it
   * is written next turn; otherwise (a poll round) with the round's other answers.
   */
  private ask(taskRef: string, urgent: boolean): Fetching {
    let got: { task: Task; before: string | null } | null = null;
    const answered = (async () => {
      const client = await this.o.client();
      const before = this.statusOf(taskRef);
      this.pace.noteAsked(taskRef);
      const task = await client.getTask(taskRef);
      this.pace.answered(taskRef);
      this.reportHealth();
      got = { task, before };
    })();
    const changes = answered.then(async () => {
      const { task, before } = got!;
      const c = await this.writes.queue({ taskRef, task, before }, urgent);
      await this.recordForOffice(task);
      return c;
    });
    return { answered, changes };
  }

  /** the answer, for the other desks (their view, and the intervals between desks) */
  private async recordForOffice(task: Task): Promise<void> {
    const lease = this.o.lease?.();
    if (!lease) return;
    await lease.record(task, this.clock.now()).catch((e: unknown) => this.o.log.warn(`tasks: the office did not take the answer for ${String(task.task_ref)}`, e));
  }

  /** One query per task at a time; `urgent` (someone waits for the answer) also hurries a write already queued. */
  fetchOnce(taskRef: string, urgent: boolean): Fetching {
    let f = this.inFlight.get(taskRef);
    if (!f) {
      const started = this.ask(taskRef, urgent);
      f = { answered: started.answered, changes: started.changes.finally(() => this.inFlight.delete(taskRef)) };
      // callers handle a failure through `answered` or `changes`; neither may go unhandled
      f.answered.catch(() => {});
      f.changes.catch(() => {});
      this.inFlight.set(taskRef, f);
    } else if (urgent) {
      void f.answered.then(() => this.writes.hurry(), () => {});
    }
    return f;
  }

  /** an answer someone waits for: written next turn */
  fetchNow(taskRef: string): Promise<TaskChanges> {
    return this.fetchOnce(taskRef, true).changes;
  }

  announce(all: TaskChanges[]): void {
    announce(this.o.emit, all);
  }
}
