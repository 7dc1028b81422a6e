/**
 * The tracker's pace: when a task may be asked about, pure and on an injected clock. Each task at its
 * own interval (DESIGN.md: a pending task at most every 30 s, a sending one about every 60 s, never a
 * done/failed one, none scheduled in the future before its time), counted both from the history's
 * schedule and from this tracker's own last question (which also covers a question that failed and so
 * never reached the history); a task the service does not know paused for an hour; every task paused
 * while the service fails (capped exponential backoff, at least what a 429 asks); nothing while offline
 * or asleep; the user's refresh button no faster than its floor; rows on screen first.
 */
import type { TrackerHealth } from '../../shared/tasks/changes';
import { nextPollAt, POLL_SENDING_MS, pollIntervalMs } from '../../shared/task-state';
import { FaxApiError, NotFoundError, RateLimitedError } from '../api/errors';
import type { Clock } from '../clock';
import { backoffMs } from './backoff';
import type { PollState } from './tracker-types';

const VISIBLE_FOR_MS = 2 * 60_000;
const NOT_FOUND_PAUSE_MS = 60 * 60_000;

export interface PaceOptions {
  clock: Clock;
  random: () => number;
  pollState: (taskRef: string) => PollState | null;
}

type Candidate = { taskRef: string; status: string; dueAtMs: number };

export class TrackerPace {
  /** when this tracker last asked about each task: the rate guard */
  private readonly lastAsked = new Map<string, number>();
  private readonly visibleUntil = new Map<string, number>();
  /** until when a task the service did not know is left alone */
  private readonly taskPausedUntil = new Map<string, number>();
  private service = { failures: 0, until: 0 };
  private online = true;
  private asleep = false;
  private lastError: string | null = null;

  constructor(private readonly o: PaceOptions) {}

  private now(): number {
    return this.o.clock.now();
  }

  /** the history's schedule (`base`) held back by this tracker's own last question and any backoff */
  private guard(taskRef: string, status: string, base: number): number {
    const asked = this.lastAsked.get(taskRef);
    const byUs = asked === undefined ? 0 : asked + (pollIntervalMs(status) ?? 0);
    return Math.max(base, byUs, this.taskPausedUntil.get(taskRef) ?? 0, this.service.until);
  }

  canPoll(): boolean {
    return this.online && !this.asleep;
  }

  /** polling allowed and the service not backed off */
  mayAsk(): boolean {
    return this.canPoll() && this.service.until <= this.now();
  }

  /** consecutive failures of the service (0: it answers) */
  failures(): number {
    return this.service.failures;
  }

  noteAsked(taskRef: string): void {
    this.lastAsked.set(taskRef, this.now());
  }

  /** the service answered about this task */
  answered(taskRef: string): void {
    this.serviceBack();
    this.taskPausedUntil.delete(taskRef);
  }

  serviceBack(): void {
    this.service = { failures: 0, until: 0 };
  }

  /** a question failed: how long every task now waits, and why (null: only this task pauses) */
  failed(taskRef: string, e: unknown): { waitMs: number; what: string } | null {
    const now = this.now();
    if (e instanceof NotFoundError) {
      // Deleted or from another account: stop asking for an hour rather than every interval.
      this.taskPausedUntil.set(taskRef, now + NOT_FOUND_PAUSE_MS);
      return null;
    }
    // Anything else (network, 5xx, 429, auth) is about the service, not this task: back off globally.
    const failures = this.service.failures + 1;
    let waitMs = backoffMs(failures, this.o.random);
    if (e instanceof RateLimitedError) waitMs = Math.max(waitMs, e.retryAfterMs ?? 0);
    this.service = { failures, until: now + waitMs };
    const what = e instanceof FaxApiError ? e.code : e instanceof Error ? e.name : 'error';
    this.lastError = what;
    return { waitMs, what };
  }

  forgetBackoff(): void {
    this.serviceBack();
    this.taskPausedUntil.clear();
  }

  /** true when the network came back (the service's backoff is forgotten then) */
  setOnline(next: boolean): boolean {
    const back = next && !this.online;
    this.online = next;
    if (back) this.serviceBack();
    return back;
  }

  suspend(): void {
    this.asleep = true;
  }

  resume(): void {
    this.asleep = false;
    this.serviceBack();
  }

  /** when the task may next be asked about; null: never (ended, or not in the history) */
  dueAt(taskRef: string): number | null {
    const state = this.o.pollState(taskRef);
    if (!state) return null;
    const base = nextPollAt(state);
    return base === null ? null : this.guard(taskRef, state.status, base);
  }

  /** opening a task's detail may ask about it now */
  dueNow(taskRef: string): boolean {
    if (!this.canPoll()) return false;
    const at = this.dueAt(taskRef);
    return at !== null && at <= this.now();
  }

  /** a task the history's schedule calls due at `now`, if this tracker's own memory agrees (the guard is never before `dueAtMs`) */
  dueInRound(c: Candidate, now: number): boolean {
    return this.guard(c.taskRef, c.status, c.dueAtMs) <= now;
  }

  /**
   * Due by the interval for a task being sent (DESIGN.md: every 60 s while sending; the spec: about a
   * minute), never the pending tasks' 30 s: news of a charge does not make the service's rate shorter.
   */
  dueOnEvidence(taskRef: string): boolean {
    const state = this.o.pollState(taskRef);
    if (!state || state.status !== 'sending') return false;
    const last = Math.max(state.lastCheckedAtMs ?? 0, this.lastAsked.get(taskRef) ?? 0);
    return this.guard(taskRef, state.status, last + POLL_SENDING_MS) <= this.now();
  }

  /** how long the user's refresh button must still wait (0 or less: it may ask now) */
  manualWaitMs(taskRef: string, floorMs: number): number {
    const last = Math.max(this.o.pollState(taskRef)?.lastCheckedAtMs ?? 0, this.lastAsked.get(taskRef) ?? 0);
    return last + floorMs - this.now();
  }

  /** until the next poll round: the first task due, the end of a backoff, at most `maxIdleMs`, at least a second */
  nextRoundInMs(candidates: readonly Candidate[], maxIdleMs: number): number {
    const now = this.now();
    let wake = now + maxIdleMs;
    for (const c of candidates) wake = Math.min(wake, this.guard(c.taskRef, c.status, c.dueAtMs));
    wake = Math.max(wake, this.service.until);
    // At least a second between rounds: a task due "now" that keeps failing must not spin.
    return Math.max(1_000, wake - now);
  }

  markVisible(refs: readonly string[]): void {
    const now = this.now();
    for (const r of refs) this.visibleUntil.set(r, now + VISIBLE_FOR_MS);
    // only memory: visible() and visibleFirst() already pass over rows whose two minutes are over
    if (this.visibleUntil.size > 5_000) for (const [r, t] of this.visibleUntil) if (t <= now) this.visibleUntil.delete(r);
  }

  /** rows on screen first; otherwise the order given (the history's: most overdue first, typically) */
  visibleFirst(refs: string[], now: number): string[] {
    const shown = (ref: string) => (this.visibleUntil.get(ref) ?? 0) > now;
    return refs.sort((a, b) => Number(shown(b)) - Number(shown(a)));
  }

  /** the rows on screen now */
  visible(): string[] {
    const now = this.now();
    return [...this.visibleUntil].filter(([, until]) => until > now).map(([ref]) => ref);
  }

  health(): TrackerHealth {
    const { failures, until } = this.service;
    if (!this.online) return { state: 'offline', failures, retryAtMs: null, lastError: this.lastError };
    if (this.asleep) return { state: 'paused', failures, retryAtMs: null, lastError: this.lastError };
    if (failures > 0) return { state: 'retrying', failures, retryAtMs: until, lastError: this.lastError };
    return { state: 'ok', failures: 0, retryAtMs: null, lastError: null };
  }
}
