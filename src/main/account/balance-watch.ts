/**
 * The balance follows charges. The service charges each recipient as it
 * finishes, and only the account operation tells the balance, so while the
 * current profile has faxes going out the account is read again every few
 * seconds (one small GET); when nothing is going out, not at all. A create and
 * the end of a task ask at once (`poke`).
 */
import type { Clock } from '../tasks/clock';

export interface BalanceWatchOptions {
  /** faxes of the current profile are still going out */
  active(): boolean;
  /** read the account and announce it; never throws */
  refresh(): Promise<unknown>;
  clock: Clock;
  /** default 10 s: the header is current within 15 s of a charge */
  intervalMs?: number;
}

export interface BalanceWatch {
  /** something was charged or may be soon: read now, then keep watching while active */
  poke(): void;
  start(): void;
  stop(): void;
}

export const BALANCE_INTERVAL_MS = 10_000;

export function createBalanceWatch(o: BalanceWatchOptions): BalanceWatch {
  const interval = o.intervalMs ?? BALANCE_INTERVAL_MS;
  let timer: unknown = null;
  let running = false;

  function arm(): void {
    if (!running || timer !== null) return;
    timer = o.clock.setTimeout(() => {
      timer = null;
      if (!o.active()) {
        // Still checked every interval (cheaply, locally), so a task recorded elsewhere starts the watch.
        arm();
        return;
      }
      void o.refresh().finally(arm);
    }, interval);
  }

  return {
    poke() {
      void o.refresh();
      arm();
    },
    start() {
      running = true;
      arm();
    },
    stop() {
      running = false;
      if (timer !== null) o.clock.clearTimeout(timer);
      timer = null;
    },
  };
}
