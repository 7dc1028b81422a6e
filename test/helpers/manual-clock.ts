/**
 * A clock whose time moves only when the test says so; timers fire in order as it passes them. It
 * fits both FaxDesk's Clock (src/main/clock.ts) and the simulator's SimClock, so one instance
 * drives the tracker and the service it polls: tests advance time instead of sleeping on it.
 */
export class ManualClock {
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  constructor(public current = Date.now()) {}
  now = () => this.current;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.current + Math.max(0, ms), fn });
    return id;
  };
  clearTimeout = (h: unknown) => void this.timers.delete(h as number);
  get pending() {
    return this.timers.size;
  }
  /** when the next timer is due (null when none is armed) */
  nextAt(): number | null {
    let at: number | null = null;
    for (const t of this.timers.values()) if (at === null || t.at < at) at = t.at;
    return at;
  }
  /**
   * Moves time forward by `ms`, running each timer at its time and then
   * `settle` (e.g. waiting for the poll round it started) before the next.
   */
  async advance(ms: number, settle: () => Promise<void> = async () => {}): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.current = Math.max(this.current, next[1].at);
      next[1].fn();
      await settle();
    }
    this.current = end;
  }
}
