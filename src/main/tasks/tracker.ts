/**
 * The task tracker: every task query FaxDesk makes goes through here. Each
 * answer is written to the local history (so state is current for tasks that
 * are not on screen, or with the window closed to the tray), announced to the
 * renderer as `tasksChanged`, and turned into a desktop notification when a
 * task ends.
 *
 * Polling follows DESIGN.md: a pending task at most every 30 s, a sending one
 * about every 60 s, never a done/failed one, none for a task scheduled in the
 * future before its time. The tracker enforces the intervals itself, whoever
 * asks (background poller, detail pane, look-up), so the rate per task holds
 * even if the history's schedule or the renderer misbehave; only the user's
 * own refresh button may go faster, and not below a short floor.
 *
 * Writes are batched: the history commits with a disk sync (synchronous=FULL), ~5-15 ms of the main
 * process's event loop each on a busy disk. A poll round's workers do not wait for their answer's
 * write: answers are written WRITE_BATCH at a time in one transaction, and the rest when the round
 * ends; an answer someone waits for (the detail pane, the refresh button) is written in the next
 * event-loop turn, with any others that arrived in the same turn.
 */
import type { Task } from '../../shared/api/schemas';
import type { TaskTransition, TasksChanged, TrackerHealth } from '../../shared/tasks/changes';
import type { Settings } from '../../shared/settings';
import { isTerminalTask, nextPollAt, POLL_SENDING_MS, pollIntervalMs } from '../../shared/task-state';
import type { FaxApiClient } from '../api/client';
import { AuthError, FaxApiError, NotFoundError, RateLimitedError } from '../api/errors';
import type { TaskChanges } from '../history/types';
import type { Logger } from '../log';
import type { Notifier } from '../notify/notifier';
import { notificationText, type NotifyLanguage } from '../notify/text';
import { backoffMs } from './backoff';
import { systemClock, type Clock } from '../clock';

/** What the tracker needs from the history; kept narrow so either side can change. */
export interface TrackerHistory {
  applyTaskResponse(task: Task): TaskChanges;
  /** several answers in one transaction (one disk sync); without it, one transaction each */
  applyTaskResponses?(tasks: readonly Task[]): TaskChanges[];
  /** unfinished tasks with a task_ref, with when each is next due (ms) */
  tasksToPoll(nowMs: number): ReadonlyArray<{ taskRef: string; status: string; dueAtMs: number }>;
  /** what the polling rules need about one task; null when it is not in the history */
  pollState(taskRef: string): { status: string; scheduledAtMs: number | null; lastCheckedAtMs: number | null } | null;
}

export interface TrackerOptions {
  history: TrackerHistory;
  client: () => Promise<FaxApiClient>;
  settings: { get(): Settings };
  notifier: Notifier | null;
  language: () => NotifyLanguage;
  emit: (changes: TasksChanged) => void;
  log: Logger;
  /** the tasks polled are demo tasks (the built-in simulator): notifications say so */
  demo?: () => boolean;
  /** polling health changed (offline, retrying, recovered) */
  onHealth?: (health: TrackerHealth) => void;
  /** called once per task that reached done/failed (auto-retry listens here) */
  onEnded?: (changes: TaskChanges) => void;
  clock?: Clock;
  random?: () => number;
  /** parallel queries per poll round (default 3) */
  concurrency?: number;
  /** the manual refresh floor (default 10 s) */
  manualFloorMs?: number;
  /** longest sleep between rounds, so tasks recorded elsewhere are noticed (default 15 s) */
  maxIdleMs?: number;
  /**
   * The office's poll leases (src/main/office/poll-lease.ts) while an office database is connected:
   * this desk asks about a task only when it holds its lease, takes over other desks' tasks whose
   * lease expired, and takes in what other desks learned of its own. Null (no office, or the office
   * unreachable): every task of this desk is polled as without an office.
   */
  lease?: () => TaskLease | null;
}

/** The office side of polling (src/main/office/poll-lease.ts implements it). */
export interface TaskLease {
  claimOwn(due: ReadonlyArray<{ taskRef: string; status: string }>, nowMs: number): Promise<Set<string>>;
  claimForeign(nowMs: number, limit: number): Promise<string[]>;
  record(task: Task, nowMs: number): Promise<void>;
  news(): Promise<Task[]>;
}

export interface RefreshOutcome {
  refreshed: boolean;
  retryInMs: number;
}

export interface TaskTracker {
  /**
   * A task response obtained elsewhere (e.g. the send's follow-up query):
   * stored, announced and notified exactly like one the tracker fetched.
   */
  ingest(task: Task): TaskChanges;
  /** asks the service now (no interval check) and applies the answer; throws FaxApiError */
  fetch(taskRef: string): Promise<TaskChanges>;
  /** asks the service only if the polling rules allow it now; errors are logged, not thrown */
  refreshIfDue(taskRef: string): Promise<boolean>;
  /**
   * Something outside the task says it may have moved (the balance changed): asks a visible
   * sending task if a sending task's interval (60 s, DESIGN.md) has passed since it was last asked.
   */
  refreshOnEvidence(): Promise<number>;
  /** the user's refresh button: allowed once per floor; errors are thrown */
  refreshManual(taskRef: string): Promise<RefreshOutcome>;
  /** the renderer shows these rows: poll them first */
  markVisible(taskRefs: readonly string[]): void;
  start(): void;
  stop(): void;
  /** run one poll round now (tests, resume from sleep) */
  tick(): Promise<void>;
  /** resolves when the round in progress (if any) has finished */
  idle(): Promise<void>;
  /** the network went away / came back (Electron's online state) */
  setOnline(online: boolean): void;
  /** the system sleeps / woke up */
  suspend(): void;
  resume(): void;
  /**
   * Another request to the service (an account read, an upload) succeeded: if polls were backing
   * off, the service is back, so the waiting tasks are asked now (each still at its own rate).
   */
  serviceAnswered(): void;
  /** forget error backoff (e.g. the connection settings changed) */
  resetBackoff(): void;
  /** offline / retrying / ok, for the UI */
  health(): TrackerHealth;
}

export const MANUAL_FLOOR_MS = 10_000;
/**
 * Answers written per transaction. On a busy 2-core machine a commit's sync costs ~9 ms and applying
 * one answer ~0.3 ms, so 20 answers hold the event loop ~15 ms once instead of ~180 ms in 20 pieces.
 */
export const WRITE_BATCH = 20;
const VISIBLE_FOR_MS = 2 * 60_000;
const NOT_FOUND_PAUSE_MS = 60 * 60_000;

export function createTaskTracker(o: TrackerOptions): TaskTracker {
  const clock = o.clock ?? systemClock;
  const random = o.random ?? Math.random;
  const concurrency = Math.max(1, o.concurrency ?? 3);
  const floor = o.manualFloorMs ?? MANUAL_FLOOR_MS;
  const maxIdle = o.maxIdleMs ?? 15_000;

  /** a query in flight: its answer arrived (or failed), and its answer written to the history */
  interface Fetching {
    answered: Promise<void>;
    changes: Promise<TaskChanges>;
  }
  const inFlight = new Map<string, Fetching>();
  /** when this tracker last asked about a task, and what it was then: the rate guard */
  const lastAsked = new Map<string, { at: number; status: string | null }>();
  const visibleUntil = new Map<string, number>();
  const taskBackoff = new Map<string, { failures: number; until: number }>();
  let global = { failures: 0, until: 0 };
  let running = false;
  let online = true;
  let asleep = false;
  let lastError: string | null = null;
  let reported = '';

  function health(): TrackerHealth {
    if (!online) return { state: 'offline', failures: global.failures, retryAtMs: null, lastError };
    if (asleep) return { state: 'paused', failures: global.failures, retryAtMs: null, lastError };
    if (global.failures > 0) return { state: 'retrying', failures: global.failures, retryAtMs: global.until, lastError };
    return { state: 'ok', failures: 0, retryAtMs: null, lastError: null };
  }

  /** tells the UI when the state (not every retry time) changes */
  function reportHealth(): void {
    const h = health();
    const key = `${h.state}:${h.failures > 0 ? 1 : 0}:${h.lastError ?? ''}`;
    if (key === reported) return;
    reported = key;
    try {
      o.onHealth?.(h);
    } catch (e) {
      o.log.warn('tasks: health listener failed', e);
    }
  }
  let timer: unknown = null;
  let round: Promise<void> | null = null;

  function notify(changes: TaskChanges): void {
    const from = changes.status?.from ?? null;
    // Only a task FaxDesk saw unfinished: not one looked up by ref that had long ended.
    if (!changes.becameTerminal || from === null || isTerminalTask(from) || changes.inserted) return;
    const to = changes.status?.to ?? '';
    const { counts } = changes;
    const clean = to === 'done' && counts.failed === 0 && counts.canceled === 0;
    const s = o.settings.get();
    if (clean ? !s.notifyOnDone : !s.notifyOnFailed) return;
    if (!o.notifier) return;
    const text = notificationText({ name: changes.name, status: to === 'failed' ? 'failed' : 'done', summary: counts, demo: o.demo?.() ?? false }, o.language());
    try {
      o.notifier.notify({ ...text, taskRef: changes.taskRef });
    } catch (e) {
      o.log.warn(`notification for ${changes.taskRef} failed`, e);
    }
  }

  function announce(all: TaskChanges[]): void {
    const changed = all.filter((c) => c.inserted || c.status !== null || c.recipientsChanged > 0);
    if (changed.length === 0) return;
    const transitions: TaskTransition[] = changed
      .filter((c) => c.status !== null)
      .map((c) => ({ taskRef: c.taskRef, from: c.status!.from, to: c.status!.to }));
    o.emit({ taskRefs: changed.map((c) => c.taskRef), transitions });
  }

  function noteFailure(taskRef: string, e: unknown): void {
    const now = clock.now();
    if (e instanceof NotFoundError) {
      // Deleted or from another account: stop asking for an hour rather than every interval.
      taskBackoff.set(taskRef, { failures: 1, until: now + NOT_FOUND_PAUSE_MS });
      return;
    }
    // Anything else (network, 5xx, 429, auth) is about the service, not this task: back off globally.
    const failures = global.failures + 1;
    let wait = backoffMs(failures, random);
    if (e instanceof RateLimitedError && e.retryAfterMs !== null) wait = Math.max(wait, e.retryAfterMs);
    global = { failures, until: now + wait };
    const what = e instanceof FaxApiError ? e.code : e instanceof Error ? e.name : 'error';
    lastError = what;
    reportHealth();
    o.log.warn(`tasks: polling ${taskRef} failed (${what}); pausing polls for ${Math.round(wait / 1000)} s`);
    if (e instanceof AuthError) o.log.warn('tasks: the service refused the credentials; polls resume after the backoff or when the connection changes');
  }

  type Answer = { taskRef: string; task: Task; before: string | null };

  /** answers written in one transaction, then remembered, notified and handed to onEnded in order */
  function applyAll(answers: readonly Answer[]): TaskChanges[] {
    if (answers.length === 0) return [];
    const tasks = answers.map((a) => a.task);
    const all = o.history.applyTaskResponses ? o.history.applyTaskResponses(tasks) : tasks.map((t) => o.history.applyTaskResponse(t));
    const at = clock.now();
    return answers.map((a, i) => {
      const changes = all[i]!;
      lastAsked.set(a.taskRef, { at, status: changes.status?.to ?? a.before });
      notify(changes);
      if (changes.becameTerminal) {
        try {
          o.onEnded?.(changes);
        } catch (e) {
          o.log.warn(`tasks: after-end handler for ${a.taskRef} failed`, e);
        }
      }
      return changes;
    });
  }

  const apply = (taskRef: string, task: Task, before: string | null): TaskChanges => applyAll([{ taskRef, task, before }])[0]!;

  /** answers waiting for their write; flushed WRITE_BATCH at a time, when a round ends, or next turn */
  let queued: Array<Answer & { resolve: (c: TaskChanges) => void; reject: (e: unknown) => void }> = [];
  let flushSoon: ReturnType<typeof setImmediate> | null = null;

  function flushWrites(): void {
    if (flushSoon !== null) clearImmediate(flushSoon);
    flushSoon = null;
    while (queued.length > 0) {
      const batch = queued.slice(0, WRITE_BATCH);
      queued = queued.slice(batch.length);
      let written: TaskChanges[];
      try {
        written = applyAll(batch);
      } catch (e) {
        for (const b of batch) b.reject(e);
        continue;
      }
      batch.forEach((b, i) => b.resolve(written[i]!));
    }
  }

  /** in the next event-loop turn, with whatever else arrived in this one */
  function hurryWrites(): void {
    if (flushSoon === null && queued.length > 0) flushSoon = setImmediate(flushWrites);
  }

  function queueWrite(answer: Answer, urgent: boolean): Promise<TaskChanges> {
    const p = new Promise<TaskChanges>((resolve, reject) => queued.push({ ...answer, resolve, reject }));
    if (queued.length >= WRITE_BATCH) flushWrites();
    else if (urgent) hurryWrites();
    return p;
  }

  /**
   * Asks the service; the answer is queued for the history. `urgent`: someone waits for it, so it
   * is written next turn; otherwise (a poll round) with the round's other answers.
   */
  function doFetch(taskRef: string, urgent: boolean): Fetching {
    let got: { task: Task; before: string | null } | null = null;
    const answered = (async () => {
      const client = await o.client();
      const before = o.history.pollState(taskRef)?.status ?? null;
      lastAsked.set(taskRef, { at: clock.now(), status: before });
      const task = await client.getTask(taskRef);
      global = { failures: 0, until: 0 };
      reportHealth();
      taskBackoff.delete(taskRef);
      got = { task, before };
    })();
    const changes = answered.then(async () => {
      const { task, before } = got!;
      const c = await queueWrite({ taskRef, task, before }, urgent);
      await recordForOffice(task);
      return c;
    });
    return { answered, changes };
  }

  /** the answer, for the other desks (their view, and the intervals between desks) */
  async function recordForOffice(task: Task): Promise<void> {
    const lease = o.lease?.();
    if (!lease) return;
    await lease.record(task, clock.now()).catch((e: unknown) => o.log.warn(`tasks: the office did not take the answer for ${String(task.task_ref)}`, e));
  }

  /**
   * Of the due tasks, those this desk may ask about now: all of them without an office (or while it
   * does not answer: a desk never stops following its own faxes for the server's sake), else those
   * whose lease it holds.
   */
  async function leased(lease: TaskLease | null, due: string[]): Promise<string[]> {
    if (!lease || due.length === 0) return due;
    try {
      const states = due.map((taskRef) => ({ taskRef, status: o.history.pollState(taskRef)?.status ?? 'pending' }));
      const held = await lease.claimOwn(states, clock.now());
      return due.filter((r) => held.has(r));
    } catch (e) {
      o.log.warn('tasks: the office poll leases did not answer; polling this desk’s own tasks', e);
      return due;
    }
  }

  /** other desks' tasks whose lease expired: asked once, the answer written to the office only */
  async function followForeign(lease: TaskLease): Promise<void> {
    let refs: string[];
    try {
      refs = await lease.claimForeign(clock.now(), concurrency * 4);
    } catch (e) {
      o.log.warn('tasks: the office poll leases did not answer', e);
      return;
    }
    for (const ref of refs) {
      if (!canPoll() || global.until > clock.now()) break;
      if (o.history.pollState(ref)) continue; // this desk's own after all (a re-installed desk): polled above
      try {
        const client = await o.client();
        lastAsked.set(ref, { at: clock.now(), status: null });
        const task = await client.getTask(ref);
        global = { failures: 0, until: 0 };
        reportHealth();
        await lease.record(task, clock.now());
      } catch (e) {
        noteFailure(ref, e);
      }
    }
  }

  /** what other desks learned of this desk's tasks while they held them */
  async function takeNews(lease: TaskLease): Promise<TaskChanges[]> {
    let tasks: Task[];
    try {
      tasks = await lease.news();
    } catch {
      return [];
    }
    const answers: Answer[] = [];
    for (const t of tasks) {
      const before = o.history.pollState(String(t.task_ref));
      if (before) answers.push({ taskRef: String(t.task_ref), task: t, before: before.status });
    }
    return applyAll(answers);
  }

  /** One query per task at a time; `urgent` (someone waits for the answer) also hurries a write already queued. */
  function fetchOnce(taskRef: string, urgent: boolean): Fetching {
    let f = inFlight.get(taskRef);
    if (!f) {
      const started = doFetch(taskRef, urgent);
      f = { answered: started.answered, changes: started.changes.finally(() => inFlight.delete(taskRef)) };
      // callers handle a failure through `answered` or `changes`; neither may go unhandled
      f.answered.catch(() => {});
      f.changes.catch(() => {});
      inFlight.set(taskRef, f);
    } else if (urgent) {
      void f.answered.then(hurryWrites, () => {});
    }
    return f;
  }

  /** an answer someone waits for: written next turn */
  const fetchNow = (taskRef: string): Promise<TaskChanges> => fetchOnce(taskRef, true).changes;

  /**
   * The polling rules for one task: the history's schedule (`base`), and this
   * tracker's own memory of when it last asked, which also covers a request
   * that failed and so never reached the history.
   */
  function guard(taskRef: string, status: string, base: number): number {
    const asked = lastAsked.get(taskRef);
    const byUs = asked ? asked.at + (pollIntervalMs(status) ?? 0) : 0;
    const backoff = taskBackoff.get(taskRef)?.until ?? 0;
    return Math.max(base, byUs, backoff, global.until);
  }

  function dueAtOf(taskRef: string): number | null {
    const state = o.history.pollState(taskRef);
    if (!state) return null;
    const base = nextPollAt(state);
    return base === null ? null : guard(taskRef, state.status, base);
  }

  /**
   * Due by the interval for a task being sent (DESIGN.md: every 60 s while sending; the spec: about a
   * minute), never the pending tasks' 30 s: news of a charge does not make the service's rate shorter.
   */
  function dueOnEvidence(taskRef: string): boolean {
    const state = o.history.pollState(taskRef);
    if (!state || state.status !== 'sending') return false;
    const last = Math.max(state.lastCheckedAtMs ?? 0, lastAsked.get(taskRef)?.at ?? 0);
    return guard(taskRef, state.status, last + POLL_SENDING_MS) <= clock.now();
  }

  const canPoll = () => online && !asleep;

  async function pollRound(): Promise<void> {
    if (!canPoll()) return;
    const now = clock.now();
    if (global.until > now) return;
    const lease = o.lease?.() ?? null;
    const results: TaskChanges[] = lease ? await takeNews(lease) : [];
    const candidates = o.history.tasksToPoll(now);
    let due: string[] = [];
    for (const c of candidates) {
      if (c.dueAtMs <= now && guard(c.taskRef, c.status, c.dueAtMs) <= now) due.push(c.taskRef);
    }
    due = await leased(lease, due);
    // Rows on screen first; then the order the history gave (most overdue first, typically).
    const shown = (ref: string) => (visibleUntil.get(ref) ?? 0) > now;
    due.sort((a, b) => Number(shown(b)) - Number(shown(a)));
    let next = 0;
    // A worker goes on to the next task once the answer is in; the answers are written in batches.
    const writes: Array<{ ref: string; changes: Promise<TaskChanges> }> = [];
    const ask = async (ref: string) => {
      const f = fetchOnce(ref, false);
      try {
        await f.answered;
        writes.push({ ref, changes: f.changes });
      } catch (e) {
        noteFailure(ref, e);
      }
    };
    const worker = async () => {
      while (next < due.length && canPoll() && global.until <= clock.now()) await ask(due[next++]!);
    };
    // After failures, one query goes first, alone: while the service stays away a round costs one request.
    if (global.failures > 0 && due.length > 0) await ask(due[next++]!);
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length - next) }, worker));
    flushWrites();
    for (const w of writes) {
      try {
        results.push(await w.changes);
      } catch (e) {
        noteFailure(w.ref, e);
      }
    }
    if (lease) await followForeign(lease);
    announce(results);
  }

  function schedule(): void {
    if (!running) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!canPoll()) return;
    const now = clock.now();
    let wake = now + maxIdle;
    for (const c of o.history.tasksToPoll(now)) wake = Math.min(wake, guard(c.taskRef, c.status, c.dueAtMs));
    if (global.until > now) wake = Math.max(wake, global.until);
    // At least a second between rounds: a task due "now" that keeps failing must not spin.
    timer = clock.setTimeout(() => {
      timer = null;
      void runRound();
    }, Math.max(1_000, wake - now));
  }

  function runRound(): Promise<void> {
    if (!round) {
      round = pollRound()
        .catch((e: unknown) => o.log.error('tasks: poll round failed', e))
        .finally(() => {
          round = null;
          schedule();
        });
    }
    return round;
  }

  return {
    ingest(task) {
      const taskRef = String(task.task_ref);
      const changes = apply(taskRef, task, o.history.pollState(taskRef)?.status ?? null);
      announce([changes]);
      return changes;
    },

    async fetch(taskRef) {
      const changes = await fetchNow(taskRef).catch((e: unknown) => {
        noteFailure(taskRef, e);
        throw e;
      });
      announce([changes]);
      return changes;
    },

    async refreshIfDue(taskRef) {
      if (!canPoll()) return false;
      const at = dueAtOf(taskRef);
      if (at === null || at > clock.now()) return false;
      if ((await leased(o.lease?.() ?? null, [taskRef])).length === 0) return false;
      try {
        announce([await fetchNow(taskRef)]);
        return true;
      } catch (e) {
        noteFailure(taskRef, e);
        return false;
      }
    },

    async refreshOnEvidence() {
      if (!canPoll()) return 0;
      const now = clock.now();
      const refs = [...visibleUntil].filter(([ref, until]) => until > now && dueOnEvidence(ref)).map(([ref]) => ref);
      const results: TaskChanges[] = [];
      for (const ref of refs) {
        try {
          results.push(await fetchNow(ref));
        } catch (e) {
          noteFailure(ref, e);
          break;
        }
      }
      announce(results);
      return results.length;
    },

    async refreshManual(taskRef) {
      const now = clock.now();
      const state = o.history.pollState(taskRef);
      const last = Math.max(state?.lastCheckedAtMs ?? 0, lastAsked.get(taskRef)?.at ?? 0);
      const wait = last + floor - now;
      if (wait > 0) return { refreshed: false, retryInMs: wait };
      try {
        announce([await fetchNow(taskRef)]);
      } catch (e) {
        noteFailure(taskRef, e);
        throw e;
      }
      return { refreshed: true, retryInMs: 0 };
    },

    markVisible(refs) {
      const until = clock.now() + VISIBLE_FOR_MS;
      for (const r of refs) visibleUntil.set(r, until);
      if (visibleUntil.size > 5_000) {
        const now = clock.now();
        for (const [r, t] of visibleUntil) if (t <= now) visibleUntil.delete(r);
      }
    },

    start() {
      if (running) return;
      running = true;
      schedule();
    },

    stop() {
      running = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      // answers already in are kept: the history closes after the tracker stops
      flushWrites();
    },

    tick: () => runRound(),

    async idle() {
      while (round || inFlight.size > 0) {
        await round;
        await Promise.allSettled([...inFlight.values()].map((f) => f.changes));
      }
    },

    setOnline(next) {
      const was = online;
      online = next;
      if (next && !was) {
        global = { failures: 0, until: 0 };
        if (running) void runRound();
      } else if (!next) schedule();
      reportHealth();
    },

    suspend() {
      asleep = true;
      schedule();
      reportHealth();
    },

    resume() {
      asleep = false;
      global = { failures: 0, until: 0 };
      reportHealth();
      if (running) void runRound();
    },

    serviceAnswered() {
      if (global.failures === 0) return;
      global = { failures: 0, until: 0 };
      reportHealth();
      if (running) void runRound();
    },

    resetBackoff() {
      global = { failures: 0, until: 0 };
      taskBackoff.clear();
      reportHealth();
      if (running) schedule();
    },

    health,
  };
}
