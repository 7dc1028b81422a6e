/**
 * The rule that keeps a desk sending without the office server: an office-wide guard (the "same fax
 * again?" or "already resent?" claim, office-guard.ts) is waited for at most GUARD_WAIT_MS. A claim that
 * fails counts as `failed` (the failure is handed to `onFailure` for the log); one that has not answered by
 * then counts as 'late'. Either way the caller sends on: the office database never holds a send back.
 */

/** how long a send waits at most for the office-wide check */
export const GUARD_WAIT_MS = 1_500;

/** setTimeout/clearTimeout, Node's unless a test passes its own clock */
export interface GuardTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: GuardTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** the claim's answer, or 'late' when it did not come within GUARD_WAIT_MS; `failed` is what a failure counts as */
export async function withinGuardWait<T, F>(
  claim: Promise<T>,
  failed: F,
  onFailure: (e: unknown) => void,
  timers: GuardTimers = nodeTimers,
): Promise<T | F | 'late'> {
  let timer: unknown;
  const late = new Promise<'late'>((resolve) => {
    timer = timers.setTimeout(() => resolve('late'), GUARD_WAIT_MS);
  });
  return Promise.race([claim, late])
    .catch((e: unknown) => {
      onFailure(e);
      return failed;
    })
    .finally(() => timers.clearTimeout(timer));
}
