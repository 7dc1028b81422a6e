/**
 * The automatic retry's rules on their own (settings.autoRetry): whether a task that ended is resent
 * to its busy / no-answer numbers, when, and where a chain of retries stops. Pure, on a time given by
 * the caller; auto-retry.ts keeps the timers and calls the resend.
 */

export interface RetryPolicy {
  enabled: boolean;
  /** automatic resends along one chain, the original send not counted */
  attempts: number;
  /** minutes between the task's end and its retry */
  delayMinutes: number;
}

/** What one task is when the policy looks at it. */
export interface RetryCase {
  /** retried already, waiting for its retry, or resent by hand: never a second automatic resend */
  handled: boolean;
  /** busy / no-answer numbers of the task (resendTargets(…, 'retryable')) */
  retryable: number;
  /** resends between this task and the original send (resendDepth) */
  depth: number;
}

export type RetryDecision =
  | { retry: true; delayMs: number; at: number }
  | { retry: false; why: 'off' | 'handled' | 'nothing_retryable' | 'limit' };

/** Whether (and when, counted from `now`) a task is resent automatically. */
export function retryDecision(policy: RetryPolicy, c: RetryCase, now: number): RetryDecision {
  if (!policy.enabled) return { retry: false, why: 'off' };
  if (c.handled) return { retry: false, why: 'handled' };
  if (c.retryable === 0) return { retry: false, why: 'nothing_retryable' };
  if (c.depth >= policy.attempts) return { retry: false, why: 'limit' };
  const delayMs = policy.delayMinutes * 60_000;
  return { retry: true, delayMs, at: now + delayMs };
}

/**
 * How many resends separate this task from the original send (`resendOf` gives the task a task was resent
 * from). A loop in the links (a broken history) is followed once round, never for ever.
 */
export function resendDepth(resendOf: (taskRef: string) => string | null, taskRef: string): number {
  let depth = 0;
  const seen = new Set<string>([taskRef]);
  let cur = resendOf(taskRef);
  while (cur && !seen.has(cur)) {
    depth += 1;
    seen.add(cur);
    cur = resendOf(cur);
  }
  return depth;
}
