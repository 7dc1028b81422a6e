import { realClock, type SimClock } from './types';

/**
 * Every timer the simulator arms goes through here so stop() can clear them
 * all: no handle outlives the server.
 */
export class Timers {
  private readonly live = new Set<unknown>();
  private stopped = false;

  constructor(private readonly clock: SimClock = realClock) {}

  after(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const t = this.clock.setTimeout(() => {
      this.live.delete(t);
      fn();
    }, Math.max(0, ms));
    this.live.add(t);
  }

  /** Resolves after ms, or never once stopped (the awaiting work is abandoned). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  get size(): number {
    return this.live.size;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.live) this.clock.clearTimeout(t);
    this.live.clear();
  }
}
