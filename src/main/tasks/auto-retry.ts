/**
 * The optional auto-retry policy (settings.autoRetry, off by default): when a
 * task ends with BUSY / NO_ANSWER recipients, resend to those after the
 * configured delay, at most `attempts` times along one chain of resends. It
 * acts only while FaxDesk runs; a retry waiting when FaxDesk quits is dropped
 * (the user still sees the failures and can resend by hand).
 */
import type { Settings } from '../../shared/settings';
import type { History, TaskChanges } from '../history';
import type { Logger } from '../log';
import type { Clock } from '../clock';
import { resendTargets } from './resend';

export interface AutoRetryDeps {
  history: Pick<History, 'getTask'>;
  settings: { get(): Settings };
  clock: Clock;
  log: Logger;
  resend(taskRef: string): Promise<unknown>;
}

export interface AutoRetry {
  onTaskEnded(changes: TaskChanges): void;
  /** task refs with a retry waiting, and when it fires */
  scheduled(): ReadonlyMap<string, number>;
  /** the task was resent another way (by hand): never retry it automatically as well */
  forget(taskRef: string): void;
  /** resolves when no automatic resend is in flight (tests settle on it between clock steps) */
  idle(): Promise<void>;
  close(): void;
}

/** How many resends separate this task from the original send. */
export function resendDepth(history: Pick<History, 'getTask'>, taskRef: string): number {
  let depth = 0;
  const seen = new Set<string>([taskRef]);
  let cur = history.getTask(taskRef)?.resendOf ?? null;
  while (cur && !seen.has(cur) && depth < 100) {
    depth += 1;
    seen.add(cur);
    cur = history.getTask(cur)?.resendOf ?? null;
  }
  return depth;
}

export function createAutoRetry(deps: AutoRetryDeps): AutoRetry {
  const timers = new Map<string, { handle: unknown; at: number }>();
  const done = new Set<string>();
  const inFlight = new Set<Promise<void>>();

  async function fire(taskRef: string): Promise<void> {
    timers.delete(taskRef);
    const policy = deps.settings.get().autoRetry;
    if (!policy.enabled || done.has(taskRef)) return;
    const detail = deps.history.getTask(taskRef);
    if (!detail || resendTargets(detail, 'retryable').length === 0) return;
    if (resendDepth(deps.history, taskRef) >= policy.attempts) return;
    done.add(taskRef);
    try {
      await deps.resend(taskRef);
    } catch (e) {
      deps.log.warn(`auto-retry of ${taskRef} failed; the failures stay listed for a manual resend`, e);
    }
  }

  return {
    onTaskEnded(changes) {
      const policy = deps.settings.get().autoRetry;
      if (!policy.enabled || done.has(changes.taskRef) || timers.has(changes.taskRef)) return;
      const detail = deps.history.getTask(changes.taskRef);
      if (!detail || resendTargets(detail, 'retryable').length === 0) return;
      const depth = resendDepth(deps.history, changes.taskRef);
      if (depth >= policy.attempts) {
        deps.log.info(`auto-retry: ${changes.taskRef} is retry ${depth} of ${policy.attempts}; not retrying again`);
        return;
      }
      const delay = policy.delayMinutes * 60_000;
      const at = deps.clock.now() + delay;
      const handle = deps.clock.setTimeout(() => {
        const p = fire(changes.taskRef).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }, delay);
      timers.set(changes.taskRef, { handle, at });
      deps.log.info(`auto-retry: resending the busy/no-answer recipients of ${changes.taskRef} in ${policy.delayMinutes} min`);
    },
    idle: async () => {
      while (inFlight.size) await Promise.all(inFlight);
    },
    scheduled: () => new Map([...timers].map(([k, v]) => [k, v.at])),
    forget(taskRef) {
      const t = timers.get(taskRef);
      if (t) deps.clock.clearTimeout(t.handle);
      timers.delete(taskRef);
      done.add(taskRef);
    },
    close() {
      for (const { handle } of timers.values()) deps.clock.clearTimeout(handle);
      timers.clear();
    },
  };
}
