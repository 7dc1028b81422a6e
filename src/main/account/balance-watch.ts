/**
 * The balance follows charges. The service charges each recipient as it
 * finishes, and only the account operation tells the balance, so the account
 * is read when something can have changed it: right after a create (`poke`),
 * and when a task poll shows a recipient reaching a final state (`charged`).
 * Never on a timer while faxes merely wait for their time: a fax scheduled for
 * next week used to cost a read every 10 s until then. (The window adds a slow
 * refresh of its own while it is open: ACCOUNT_BACKGROUND_REFRESH_MS.)
 */
import type { Clock } from '../clock';

export interface BalanceWatchOptions {
  /** read the account and announce it; never throws */
  refresh(): Promise<unknown>;
  clock: Clock;
  /** how long `charged` waits for more endings of the same poll round (default 2 s) */
  settleMs?: number;
}

export interface BalanceWatch {
  /** something was charged or reserved just now (a create): read now */
  poke(): void;
  /** a recipient reached a final state: read once the poll round's other answers are in */
  charged(): void;
  stop(): void;
}

export const BALANCE_SETTLE_MS = 2_000;

export function createBalanceWatch(o: BalanceWatchOptions): BalanceWatch {
  const settle = o.settleMs ?? BALANCE_SETTLE_MS;
  let timer: unknown = null;
  let stopped = false;

  const cancel = () => {
    if (timer !== null) o.clock.clearTimeout(timer);
    timer = null;
  };

  return {
    poke() {
      if (stopped) return;
      // One read covers whatever was waiting to be read.
      cancel();
      void o.refresh();
    },
    charged() {
      if (stopped || timer !== null) return;
      timer = o.clock.setTimeout(() => {
        timer = null;
        if (!stopped) void o.refresh();
      }, settle);
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
