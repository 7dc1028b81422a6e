/**
 * The background poller: a round asks about every task due (rows on screen first, a few at a time,
 * one alone first after failures), writes the answers in batches and announces them; the next round
 * is armed for when the first task is due again (the pace decides when).
 */
import type { TaskChanges } from '../history/types';
import type { TrackerCore } from './tracker-core';
import { followForeign, leased, takeNews } from './tracker-office';

export class PollLoop {
  private running = false;
  private timer: unknown = null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly core: TrackerCore,
    /** longest sleep between rounds, so tasks recorded elsewhere are noticed */
    private readonly maxIdleMs: number,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** the tasks due now, of this desk's lease, in the order they are asked */
  private async due(lease: Parameters<typeof leased>[1], now: number): Promise<string[]> {
    const { core } = this;
    const due = core.o.history.tasksToPoll(now).filter((c) => core.pace.dueInRound(c, now)).map((c) => c.taskRef);
    return core.pace.visibleFirst(await leased(core, lease, due), now);
  }

  private async pollRound(): Promise<void> {
    const { core } = this;
    const now = core.clock.now();
    if (!core.pace.mayAsk()) return;
    const lease = core.o.lease?.() ?? null;
    const results: TaskChanges[] = lease ? await takeNews(core, lease) : [];
    const due = await this.due(lease, now);
    let next = 0;
    // A worker goes on to the next task once the answer is in; the answers are written in batches.
    const writes: Array<{ ref: string; changes: Promise<TaskChanges> }> = [];
    const ask = async (ref: string) => {
      const f = core.fetchOnce(ref, false);
      try {
        await f.answered;
        writes.push({ ref, changes: f.changes });
      } catch (e) {
        core.noteFailure(ref, e);
      }
    };
    const worker = async () => {
      while (next < due.length && core.pace.mayAsk()) await ask(due[next++]!);
    };
    // After failures, one query goes first, alone: while the service stays away a round costs one request.
    if (core.pace.failures() > 0 && due.length > 0) await ask(due[next++]!);
    await Promise.all(Array.from({ length: Math.min(core.concurrency, due.length - next) }, worker));
    core.writes.flush();
    for (const w of writes) {
      try {
        results.push(await w.changes);
      } catch (e) {
        core.noteFailure(w.ref, e);
      }
    }
    if (lease) await followForeign(core, lease);
    core.announce(results);
  }

  schedule(): void {
    if (!this.running) return;
    const { clock, pace, o } = this.core;
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
    if (!pace.canPoll()) return;
    const wait = pace.nextRoundInMs(o.history.tasksToPoll(clock.now()), this.maxIdleMs);
    this.timer = clock.setTimeout(() => {
      this.timer = null;
      void this.runRound();
    }, wait);
  }

  runRound(): Promise<void> {
    if (!this.round) {
      this.round = this.pollRound()
        .catch((e: unknown) => this.core.o.log.error('tasks: poll round failed', e))
        .finally(() => {
          this.round = null;
          this.schedule();
        });
    }
    return this.round;
  }

  /** a round now if the poller runs (the network or the service came back) */
  kick(): void {
    if (this.running) void this.runRound();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.core.clock.clearTimeout(this.timer);
    this.timer = null;
    // answers already in are kept: the history closes after the tracker stops
    this.core.writes.flush();
  }

  /** resolves when the round in progress (if any) and every query in flight have finished */
  async idle(): Promise<void> {
    const { inFlight } = this.core;
    while (this.round || inFlight.size > 0) {
      await this.round;
      await Promise.allSettled([...inFlight.values()].map((f) => f.changes));
    }
  }
}
