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
import { resendTargets } from './resend-rules';
import { resendDepth, retryDecision, type RetryDecision } from './auto-retry-rules';

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

export function createAutoRetry(deps: AutoRetryDeps): AutoRetry {
  const timers = new Map<string, { handle: unknown; at: number }>();
  const done = new Set<string>();
  const inFlight = new Set<Promise<void>>();

  /** The policy's answer for a task now (handled: retried already, or a retry waiting for it). */
  function decide(taskRef: string, waiting: boolean): RetryDecision & { depth: number } {
    const detail = deps.history.getTask(taskRef);
    const depth = resendDepth((ref) => deps.history.getTask(ref)?.resendOf ?? null, taskRef);
    const c = { handled: done.has(taskRef) || waiting, retryable: detail ? resendTargets(detail, 'retryable').length : 0, depth };
    return { ...retryDecision(deps.settings.get().autoRetry, c, deps.clock.now()), depth };
  }

  async function fire(taskRef: string): Promise<void> {
    timers.delete(taskRef);
    // asked again when the time comes: turned off, resent by hand or resent already meanwhile
    if (!decide(taskRef, false).retry) return;
    done.add(taskRef);
    try {
      await deps.resend(taskRef);
    } catch (e) {
      deps.log.warn(`auto-retry of ${taskRef} failed; the failures stay listed for a manual resend`, e);
    }
  }

  return {
    onTaskEnded(changes) {
      const ref = changes.taskRef;
      const d = decide(ref, timers.has(ref));
      const { attempts, delayMinutes } = deps.settings.get().autoRetry;
      if (!d.retry) {
        if (d.why === 'limit') deps.log.info(`auto-retry: ${ref} is retry ${d.depth} of ${attempts}; not retrying again`);
        return;
      }
      const handle = deps.clock.setTimeout(() => {
        const p = fire(ref).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }, d.delayMs);
      timers.set(ref, { handle, at: d.at });
      deps.log.info(`auto-retry: resending the busy/no-answer recipients of ${ref} in ${delayMinutes} min`);
    },
    idle: async () => {
      while (inFlight.size) await Promise.all(inFlight);
    },
    scheduled: () => new Map([...timers].map(([k, v]) => [k, v.at])),
    forget(taskRef) {
      // no retry waiting: clearing an undefined handle does nothing
      deps.clock.clearTimeout(timers.get(taskRef)?.handle);
      timers.delete(taskRef);
      done.add(taskRef);
    },
    close() {
      for (const { handle } of timers.values()) deps.clock.clearTimeout(handle);
      timers.clear();
    },
  };
}
