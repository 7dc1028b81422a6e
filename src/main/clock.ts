/** Time and timers for main's waiting work (the poller, the hot folder's settle checks), injectable so tests advance time instead of sleeping. One place for all of src/main. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending poll must never keep the process alive on its own (quit, tests).
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};
