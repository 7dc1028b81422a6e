/**
 * Watch and fix, wired: the tracker and its background poller, the views
 * over the history, resend (by hand and the auto-retry policy), CSV export
 * and the transmission report, as IPC handlers. services.ts composes it.
 */
import type { TaskChanges } from '../history/types';
import type { Task } from '../../shared/api/schemas';
import type { TasksChanged } from '../../shared/ipc/channels/tasks';
import { serviceTimeToMs } from '../../shared/service-time';
import { isTerminalTask } from '../../shared/task-state';
import type { TaskCounts } from '../../shared/tasks/types';
import type { PlatformDeps } from '../app-context';
import type { Connection } from '../account/connection';
import { UserError } from '../errors';
import type { History } from '../history';
import type { Handlers } from '../ipc/dispatch';
import type { Notifier } from '../notify/notifier';
import { pickNotifyLanguage } from '../notify/text';
import { csvFileName, taskCsv } from '../report/csv';
import { buildTransmissionReport } from '../report/transmission-report';
import type { FileGrants } from '../files/grants';
import { saveWithDialog } from '../files/save-output';
import type { SettingsStore } from '../settings/settings';
import { createAutoRetry, type AutoRetry } from './auto-retry';
import { systemClock, type Clock } from './clock';
import { assertSameProfile, resendFailed } from './resend';
import { createBalanceWatch } from '../account/balance-watch';
import { DEMO_PROFILE } from '../account/profile';
import { createTaskTracker, type TaskTracker } from './tracker';
import { historyStatuses, toDetailView, toFailuresView, toRecipientView, toRowView } from './views';

export type TasksHandlers = Pick<
  Handlers,
  | 'trackerHealth'
  | 'listTasks'
  | 'getTaskDetail'
  | 'refreshTask'
  | 'failuresSince'
  | 'taskCounts'
  | 'spending'
  | 'resendFailed'
  | 'trackTaskRef'
  | 'getRecipient'
  | 'exportTaskCsv'
  | 'transmissionReport'
>;

/** What the tray shows (src/main/electron/tray-menu.ts TrayStatus). */
export interface TasksTrayStatus {
  sending: number;
  failed: number;
}

export interface TasksFeature {
  tracker: TaskTracker;
  autoRetry: AutoRetry;
  handlers: TasksHandlers;
  counts(): TaskCounts;
  /** the tray's numbers now, and a listener for when they may have changed */
  trayStatus(): TasksTrayStatus;
  onTrayStatus(listener: (s: TasksTrayStatus) => void): () => void;
  close(): void;
}

export interface TasksFeatureOptions {
  deps: Pick<PlatformDeps, 'dataDir' | 'emit' | 'log' | 'systemLocale' | 'dialogs'> & { notifier?: Notifier | undefined };
  /** exports and reports are saved where main's save dialog says, and handed back as handles */
  grants: FileGrants;
  settings: Pick<SettingsStore, 'get'>;
  connection: Pick<Connection, 'client' | 'session' | 'profile'> & Partial<Pick<Connection, 'onChange' | 'refreshAccount'>>;
  history: History;
  clock?: Clock;
  /** start the background poller (default true) */
  poll?: boolean;
  /** days of failures behind the sidebar count and the tray (default 7) */
  failureWindowDays?: number;
  /** told once per task that reached done/failed (the hot folder files a failed fax's document under failed/) */
  onTaskEnded?: (changes: TaskChanges) => void;
}

const DAY_MS = 86_400_000;

export function createTasksFeature(o: TasksFeatureOptions): TasksFeature {
  const { deps, settings, history } = o;
  const clock = o.clock ?? systemClock;
  const windowDays = o.failureWindowDays ?? 7;
  const tz = () => settings.get().serviceTimeZone;
  const toMs = (s: string | null) => serviceTimeToMs(s, tz());
  const trayListeners = new Set<(s: TasksTrayStatus) => void>();

  // Without a platform notifier (browser preview), notifications go to the log, where they can be seen and checked.
  const notifier: Notifier = deps.notifier ?? {
    notify: (n) => deps.log.info(`notification: ${n.title} | ${n.body} | task ${n.taskRef}`),
  };

  const current = () => o.connection.profile();
  /** the profiles listed: the current one, plus demo (read-only) when asked while an account is connected */
  const shown = (showDemo: boolean | undefined): string[] =>
    showDemo && current() !== DEMO_PROFILE ? [current(), DEMO_PROFILE] : [current()];

  // The badge, the tray and the counts are the connected profile's only.
  function counts(): TaskCounts {
    const since = clock.now() - windowDays * DAY_MS;
    const profiles = [current()];
    return {
      pending: history.countTasks({ status: ['pending', 'unchecked', 'creating'], profiles }),
      sending: history.countTasks({ status: 'sending', profiles }),
      recentFailures: history.failuresSince(since, profiles).reduce((n, g) => n + g.recipients, 0),
      recentFailureDays: windowDays,
    };
  }
  const trayStatus = (): TasksTrayStatus => {
    const c = counts();
    return { sending: c.pending + c.sending, failed: c.recentFailures };
  };

  function changed(c: TasksChanged): void {
    deps.emit('tasksChanged', c);
    if (trayListeners.size) {
      const s = trayStatus();
      for (const l of trayListeners) l(s);
    }
  }

  const balance = createBalanceWatch({
    active: () => history.countTasks({ status: ['pending', 'sending', 'unchecked', 'creating'], profiles: [current()] }) > 0,
    refresh: () => o.connection.refreshAccount?.() ?? Promise.resolve(null),
    clock,
  });

  let autoRetry: AutoRetry | null = null;
  const tracker = createTaskTracker({
    history: {
      applyTaskResponse: (task: Task) => history.applyTaskResponse(task),
      // A task of another profile (demo while an account is connected) is never asked of this service.
      tasksToPoll: (now) => history.tasksToPoll(now, [current()]),
      pollState: (ref) => {
        const t = history.getTask(ref);
        if (!t || t.createState !== 'created' || t.profile !== current()) return null;
        return { status: t.status === 'unchecked' ? 'pending' : t.status, scheduledAtMs: t.scheduledAtMs, lastCheckedAtMs: t.lastCheckedAtMs };
      },
    },
    client: () => o.connection.client(),
    settings,
    notifier,
    language: () => pickNotifyLanguage(settings.get().language, deps.systemLocale),
    emit: changed,
    log: deps.log,
    clock,
    onEnded: (c) => {
      balance.poke();
      autoRetry?.onTaskEnded(c);
      o.onTaskEnded?.(c);
    },
    onHealth: (h) => deps.emit('trackerHealthChanged', h),
  });

  async function resend(taskRef: string, only: 'all' | 'retryable', confirmRepeat = false) {
    // One resend per failure: a retry waiting for this task must not send the same fax again.
    autoRetry?.forget(taskRef);
    const language = pickNotifyLanguage(settings.get().language, deps.systemLocale);
    const out = await resendFailed(
      { history, session: () => o.connection.session(), log: deps.log, onCreated: () => balance.poke() },
      taskRef,
      only,
      { language, confirmRepeat },
    );
    changed({ taskRefs: [out.taskRef, taskRef], transitions: [{ taskRef: out.taskRef, from: null, to: 'pending' }] });
    return out;
  }

  autoRetry = createAutoRetry({ history, settings, clock, log: deps.log, resend: (ref) => resend(ref, 'retryable') });

  function detailOrThrow(idOrRef: string) {
    const local = /^local:(\d+)$/.exec(idOrRef);
    const d = local ? history.getTaskById(Number(local[1])) : history.getTask(idOrRef);
    if (!d) throw new UserError('tasks.not_found', 'This task is not in FaxDesk’s history. Add it with “Look up by reference”.');
    return d;
  }
  const view = (idOrRef: string) => {
    const d = detailOrThrow(idOrRef);
    return toDetailView(d, tz(), toMs, current(), d.taskRef ? history.resendsOf(d.taskRef) : []);
  };

  const handlers: TasksHandlers = {
    trackerHealth: () => tracker.health(),
    listTasks: ({ filters, sort, limit, offset }) => {
      const filter = {
        ...(historyStatuses(filters.statuses) ? { status: historyStatuses(filters.statuses)! } : {}),
        ...(filters.statuses?.includes('has_failures') ? { hasFailures: true } : {}),
        ...(filters.fromMs !== undefined ? { from: filters.fromMs } : {}),
        ...(filters.toMs !== undefined ? { to: filters.toMs } : {}),
        ...(filters.text?.trim() ? { text: filters.text.trim() } : {}),
        profiles: shown(filters.showDemo),
      };
      const profile = current();
      const rows = history.listTasks({ ...filter, sort, limit, offset }).map((t) => toRowView(t, profile));
      // Unfinished rows on screen are polled first in the next round.
      tracker.markVisible(rows.flatMap((r) => (r.taskRef && !r.readOnly && !isTerminalTask(r.status) ? [r.taskRef] : [])));
      return { rows, total: history.countTasks(filter) };
    },
    getTaskDetail: async ({ id }) => {
      const d = detailOrThrow(id);
      if (d.taskRef && d.profile === current()) {
        tracker.markVisible([d.taskRef]);
        await tracker.refreshIfDue(d.taskRef);
      }
      return view(id);
    },
    refreshTask: async ({ taskRef }) => {
      assertSameProfile(detailOrThrow(taskRef), current(), 'refreshed');
      const r = await tracker.refreshManual(taskRef);
      return { detail: view(taskRef), ...r };
    },
    failuresSince: ({ days, showDemo }) => {
      const since = clock.now() - days * DAY_MS;
      const profiles = shown(showDemo);
      return toFailuresView(since, history.failuresSince(since, profiles), history.failedRecipientsSince(since, { limit: 2_000, profiles }));
    },
    taskCounts: () => counts(),
    spending: () => {
      const now = new Date(clock.now());
      const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
      const profiles = [current()];
      return { last30Days: history.chargesSince(clock.now() - 30 * DAY_MS, profiles), thisMonth: history.chargesSince(monthStart, profiles) };
    },
    resendFailed: async ({ taskRef, only, confirmRepeat }) => {
      const out = await resend(taskRef, only, confirmRepeat === true);
      return { taskRef: out.taskRef, phoneNumbers: out.phoneNumbers, reuploaded: out.reuploaded };
    },
    trackTaskRef: async ({ taskRef }) => {
      // A demo task is not looked up on the account (nor the other way round).
      const known = history.getTask(taskRef);
      if (known) assertSameProfile(known, current(), 'looked up');
      // Asked first, stored only if the service knows it: a mistyped ref leaves nothing behind.
      await tracker.fetch(taskRef);
      return view(taskRef);
    },
    getRecipient: async ({ rcptRef }) => {
      const client = await o.connection.client();
      const r = await client.getRecipient(rcptRef);
      const view = toRecipientView(
        {
          id: 0,
          position: 0,
          rcptRef: String(r.rcpt_ref),
          phoneNumber: r.phone_number,
          status: r.status,
          unitPrice: r.unit_price,
          pageCount: r.page_count,
          chargedAmount: r.charged_amount,
          failedCode: r.failed_code,
          failedReason: r.failed_reason,
          completedAt: r.completed_at,
          completedAtMs: toMs(r.completed_at),
          createdAt: r.created_at,
        },
        toMs,
      );
      return { ...view, taskRef: null };
    },
    exportTaskCsv: async ({ taskRef }) => {
      const d = view(taskRef);
      const saved = await saveWithDialog(deps.dialogs, o.grants, {
        defaultName: csvFileName(d),
        filters: [{ name: 'CSV', extensions: ['csv'] }],
        content: () => taskCsv(d),
      });
      return { saved };
    },
    transmissionReport: async ({ taskRef }) => {
      const d = view(taskRef);
      const ref = (d.task.taskRef ?? d.task.id).replace(/[^A-Za-z0-9_-]/g, '_');
      const saved = await saveWithDialog(deps.dialogs, o.grants, {
        defaultName: `transmission-report-${ref}.pdf`,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
        content: () => buildTransmissionReport(d),
      });
      return { saved };
    },
  };

  // Another service or account: what was learnt about errors no longer applies.
  const offConnection = o.connection.onChange?.(() => tracker.resetBackoff());
  if (o.poll !== false) {
    tracker.start();
    balance.start();
  }

  return {
    tracker,
    autoRetry,
    handlers,
    counts,
    trayStatus,
    onTrayStatus(listener) {
      trayListeners.add(listener);
      return () => trayListeners.delete(listener);
    },
    close() {
      offConnection?.();
      tracker.stop();
      balance.stop();
      autoRetry?.close();
      trayListeners.clear();
    },
  };
}
