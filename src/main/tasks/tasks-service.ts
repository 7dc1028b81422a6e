/**
 * Watch and fix: the tracker and its background poller, the views over the
 * history, resend (by hand and the auto-retry policy), CSV export and the
 * transmission report. services.ts composes it; src/main/ipc/handlers/tasks.ts
 * is its door.
 */
import type { TaskChanges } from '../history/types';
import type { Task } from '../../shared/api/schemas';
import type { SavedFile } from '../../shared/files/types';
import type { TasksChanged, TrackerHealth } from '../../shared/tasks/changes';
import type { TaskListQuery } from '../../shared/tasks/list-query';
import { serviceTimeToMs } from '../../shared/service-time';
import { pollStatusOf } from '../../shared/task-state';
import type { FailuresView, ListTasksResult, MonthCharges, RecipientView, RefreshResult, ResendResult, Spending, TaskCounts, TaskDetailView } from '../../shared/tasks/types';
import type { PlatformDeps } from '../app-context';
import type { Connection } from '../account/connection';
import type { History } from '../history';
import type { Notifier } from '../notify/notifier';
import { pickNotifyLanguage } from '../notify/text';
import { taskCsv } from '../report/csv';
import { savedFileName } from '../report/file-names';
import { buildTransmissionReport } from '../report/transmission-report';
import type { FileGrants } from '../files/grants';
import { saveWithDialog } from '../files/save-output';
import type { SettingsStore } from '../settings/settings';
import { createAutoRetry, type AutoRetry } from './auto-retry';
import { systemClock, type Clock } from '../clock';
import { createTaskCounts, type TasksTrayStatus } from './counts';
import { resendFailed, type ResendOffice, type ResendScope } from './resend';
import { createBalanceWatch } from '../account/balance-watch';
import { DEMO_PROFILE } from '../account/profile';
import { createTaskTracker, type TaskLease, type TaskTracker } from './tracker';
import { createTaskReads } from './task-reads';

export type { TasksTrayStatus } from './counts';

export type { TaskListQuery } from '../../shared/tasks/list-query';

export interface TasksService {
  readonly tracker: TaskTracker;
  readonly autoRetry: AutoRetry;
  health(): TrackerHealth;
  /** the rows asked for; unfinished rows on screen are polled first in the next round */
  list(query: TaskListQuery): ListTasksResult;
  /** one task by task_ref or `local:<id>`, refreshed first when it is due */
  detail(id: string): Promise<TaskDetailView>;
  /** asks the service now, within the refresh floor */
  refresh(taskRef: string): Promise<RefreshResult>;
  failuresSince(days: number, showDemo?: boolean): FailuresView;
  counts(): TaskCounts;
  spending(): Spending;
  monthCharges(limit: number): MonthCharges;
  resend(taskRef: string, only: ResendScope, confirmRepeat?: boolean): Promise<ResendResult>;
  /** adds a task created elsewhere, if the service knows it */
  track(taskRef: string): Promise<TaskDetailView>;
  /** one recipient as the service has it now */
  recipient(rcptRef: string): Promise<RecipientView & { taskRef: string | null }>;
  exportCsv(taskRef: string): Promise<SavedFile | null>;
  transmissionReport(taskRef: string): Promise<SavedFile | null>;
  /** the tray's numbers now, and a listener for when they may have changed */
  trayStatus(): TasksTrayStatus;
  onTrayStatus(listener: (s: TasksTrayStatus) => void): () => void;
  close(): void;
}

export interface TasksServiceOptions {
  deps: Pick<PlatformDeps, 'dataDir' | 'emit' | 'log' | 'systemLocale' | 'dialogs'> & { notifier?: Notifier | undefined };
  /** exports and reports are saved where main's save dialog says, and handed back as handles */
  grants: FileGrants;
  settings: Pick<SettingsStore, 'get'>;
  connection: Pick<Connection, 'client' | 'session' | 'profile'> & Partial<Pick<Connection, 'onChange' | 'refreshAccount' | 'onAccount' | 'onDemoTaskEnded'>>;
  history: History;
  clock?: Clock;
  /** start the background poller (default true) */
  poll?: boolean;
  /** days of failures behind the sidebar count and the tray (default 7) */
  failureWindowDays?: number;
  /** told once per task that reached done/failed (the hot folder files a failed fax's document under failed/) */
  onTaskEnded?: (changes: TaskChanges) => void;
  /** the office's poll leases while an office database is connected (one desk follows each task) */
  lease?: () => TaskLease | null;
  /** the office outbox: another desk's failed numbers are resent from here, and guarded office-wide */
  office?: ResendOffice;
}

interface TrackerWiring {
  clock: Clock;
  current: () => string;
  /** a recipient may have been charged: the balance watch looks again */
  charged: () => void;
  emit: (c: TasksChanged) => void;
  onEnded: (c: TaskChanges) => void;
}

/** The tracker over this desk's history: only the current profile's tasks are polled. */
function trackerFor(o: TasksServiceOptions, w: TrackerWiring): TaskTracker {
  const { deps, settings, history } = o;
  const { current } = w;
  /** A recipient finished, so it was charged: the balance moved. (Not a task just looked up: it ended long ago.) */
  function charged(all: TaskChanges[]): TaskChanges[] {
    if (all.some((c) => !c.inserted && c.newlyFailed.length + c.newlySucceeded.length > 0)) w.charged();
    return all;
  }
  return createTaskTracker({
    history: {
      applyTaskResponse: (task: Task) => charged([history.applyTaskResponse(task)])[0]!,
      // a poll round's answers: one transaction (one disk sync) for many
      applyTaskResponses: (tasks: readonly Task[]) => charged(history.applyTaskResponses(tasks)),
      // A task of another profile (demo while an account is connected) is never asked of this service.
      tasksToPoll: (now) => history.tasksToPoll(now, [current()]),
      pollState: (ref) => {
        const t = history.getTaskSummary(ref);
        if (!t || t.createState !== 'created' || t.profile !== current()) return null;
        return { status: pollStatusOf(t.status), scheduledAtMs: t.scheduledAtMs, lastCheckedAtMs: t.lastCheckedAtMs };
      },
    },
    client: () => o.connection.client(),
    settings,
    // Without a platform notifier (browser preview), notifications go to the log, where they can be seen and checked.
    notifier: deps.notifier ?? { notify: (n) => deps.log.info(`notification: ${n.title} | ${n.body} | task ${n.taskRef}`) },
    language: () => pickNotifyLanguage(settings.get().language, deps.systemLocale),
    emit: w.emit,
    log: deps.log,
    clock: w.clock,
    ...(o.lease ? { lease: o.lease } : {}),
    onEnded: w.onEnded,
    // Only the current profile's tasks are polled: in demo mode, demo tasks.
    demo: () => current() === DEMO_PROFILE,
    onHealth: (h) => deps.emit('trackerHealthChanged', h),
  });
}

/** Follows the connection; returns the unsubscribe. */
function followConnection(connection: TasksServiceOptions['connection'], tracker: TaskTracker, current: () => string): () => void {
  // Another service or account: what was learnt about errors no longer applies.
  let lastBalance: { profile: string; balance: number } | null = null;
  const offConnection = connection.onChange?.(() => {
    lastBalance = null;
    tracker.resetBackoff();
  });
  // An account answer says the service is back (polls stop backing off); a balance that moved says a
  // recipient finished, so the task on screen is asked again rather than lagging behind the header.
  const offAccount = connection.onAccount?.((a) => {
    tracker.serviceAnswered();
    const profile = current();
    const moved = lastBalance !== null && lastBalance.profile === profile && lastBalance.balance !== a.balance;
    lastBalance = { profile, balance: a.balance };
    if (moved) void tracker.refreshOnEvidence();
  });
  // Demo mode: the built-in simulator says when a task ended (as its webhook would), so the result shows
  // when it happens instead of at the next poll up to a minute later. Only while demo tasks are the ones
  // followed: with an account connected the demo's ends are not this service's news.
  const offDemoEnd = connection.onDemoTaskEnded?.((taskRef) => {
    if (current() === DEMO_PROFILE) void tracker.endedAtService(taskRef);
  });
  return () => {
    offConnection?.();
    offAccount?.();
    offDemoEnd?.();
  };
}

/** A task's CSV and its transmission report, saved where main's save dialog says. */
function taskOutputs(o: TasksServiceOptions, view: (taskRef: string) => TaskDetailView): Pick<TasksService, 'exportCsv' | 'transmissionReport'> {
  const save = (taskRef: string, kind: 'csv' | 'report', filter: { name: string; extensions: string[] }, content: (d: TaskDetailView) => string | Promise<Uint8Array>) => {
    const d = view(taskRef);
    return saveWithDialog(o.deps.dialogs, o.grants, { defaultName: savedFileName(kind, d), filters: [filter], content: () => content(d) });
  };
  return {
    exportCsv: async (taskRef) => save(taskRef, 'csv', { name: 'CSV', extensions: ['csv'] }, taskCsv),
    transmissionReport: async (taskRef) => save(taskRef, 'report', { name: 'PDF', extensions: ['pdf'] }, (d) => buildTransmissionReport(d)),
  };
}

export function createTasksService(o: TasksServiceOptions): TasksService {
  const { deps, settings, history } = o;
  const clock = o.clock ?? systemClock;
  const tz = () => settings.get().serviceTimeZone;
  const toMs = (s: string | null) => serviceTimeToMs(s, tz());
  const trayListeners = new Set<(s: TasksTrayStatus) => void>();

  const current = () => o.connection.profile();
  const numbers = createTaskCounts(history, current, clock, o.failureWindowDays ?? 7);

  function changed(c: TasksChanged): void {
    deps.emit('tasksChanged', c);
    if (trayListeners.size) {
      const s = numbers.trayStatus();
      for (const l of trayListeners) l(s);
    }
  }

  const balance = createBalanceWatch({
    refresh: () => o.connection.refreshAccount?.() ?? Promise.resolve(null),
    clock,
  });

  let autoRetry: AutoRetry | null = null;
  const tracker = trackerFor(o, {
    clock,
    current,
    charged: () => balance.charged(),
    emit: changed,
    onEnded: (c) => {
      balance.charged();
      autoRetry?.onTaskEnded(c);
      o.onTaskEnded?.(c);
    },
  });

  async function resend(taskRef: string, only: ResendScope, confirmRepeat = false) {
    // One resend per failure: a retry waiting for this task must not send the same fax again.
    autoRetry?.forget(taskRef);
    const language = pickNotifyLanguage(settings.get().language, deps.systemLocale);
    const out = await resendFailed(
      { history, session: () => o.connection.session(), log: deps.log, onCreated: () => balance.poke(), ...(o.office ? { office: o.office } : {}) },
      taskRef,
      only,
      { language, confirmRepeat },
    );
    changed({ taskRefs: [out.taskRef, taskRef], transitions: [{ taskRef: out.taskRef, from: null, to: 'pending' }] });
    return out;
  }

  autoRetry = createAutoRetry({ history, settings, clock, log: deps.log, resend: (ref) => resend(ref, 'retryable') });
  const reads = createTaskReads({ history, tracker, connection: o.connection, clock, tz, toMs, current });
  const unfollow = followConnection(o.connection, tracker, current);
  if (o.poll !== false) tracker.start();

  return {
    tracker,
    autoRetry,
    health: () => tracker.health(),
    list: reads.list,
    detail: reads.detail,
    refresh: reads.refresh,
    failuresSince: reads.failuresSince,
    counts: numbers.counts,
    spending: numbers.spending,
    monthCharges: numbers.monthCharges,
    async resend(taskRef, only, confirmRepeat) {
      const out = await resend(taskRef, only, confirmRepeat === true);
      return { taskRef: out.taskRef, phoneNumbers: out.phoneNumbers, reuploaded: out.reuploaded };
    },
    track: reads.track,
    recipient: reads.recipient,
    ...taskOutputs(o, reads.view),
    trayStatus: numbers.trayStatus,
    onTrayStatus(listener) {
      trayListeners.add(listener);
      return () => trayListeners.delete(listener);
    },
    close() {
      unfollow();
      tracker.stop();
      balance.stop();
      autoRetry?.close();
      trayListeners.clear();
    },
  };
}
