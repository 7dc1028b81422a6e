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
import { isTerminalTask, pollStatusOf, viewStatusesForFilters } from '../../shared/task-state';
import type { FailuresView, ListTasksResult, MonthCharges, RecipientView, RefreshResult, ResendResult, Spending, TaskCounts, TaskDetailView } from '../../shared/tasks/types';
import type { PlatformDeps } from '../app-context';
import type { Connection } from '../account/connection';
import { UserError } from '../errors';
import type { History } from '../history';
import { toRecipient } from '../history/rows';
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
import { createTaskCounts, DAY_MS, type TasksTrayStatus } from './counts';
import { assertSameProfile, resendFailed, type ResendOffice, type ResendScope } from './resend';
import { createBalanceWatch } from '../account/balance-watch';
import { DEMO_PROFILE } from '../account/profile';
import { createTaskTracker, type TaskLease, type TaskTracker } from './tracker';
import { toDetailView, toFailuresView, toRecipientView, toRowView } from './views';

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
  connection: Pick<Connection, 'client' | 'session' | 'profile'> & Partial<Pick<Connection, 'onChange' | 'refreshAccount' | 'onAccount'>>;
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

export function createTasksService(o: TasksServiceOptions): TasksService {
  const { deps, settings, history } = o;
  const clock = o.clock ?? systemClock;
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

  /** A recipient finished, so it was charged: the balance moved. (Not a task just looked up: it ended long ago.) */
  function charged(all: TaskChanges[]): TaskChanges[] {
    if (all.some((c) => !c.inserted && c.newlyFailed.length + c.newlySucceeded.length > 0)) balance.charged();
    return all;
  }

  let autoRetry: AutoRetry | null = null;
  const tracker = createTaskTracker({
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
    notifier,
    language: () => pickNotifyLanguage(settings.get().language, deps.systemLocale),
    emit: changed,
    log: deps.log,
    clock,
    ...(o.lease ? { lease: o.lease } : {}),
    onEnded: (c) => {
      balance.charged();
      autoRetry?.onTaskEnded(c);
      o.onTaskEnded?.(c);
    },
    // Only the current profile's tasks are polled: in demo mode, demo tasks.
    demo: () => current() === DEMO_PROFILE,
    onHealth: (h) => deps.emit('trackerHealthChanged', h),
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

  // Another service or account: what was learnt about errors no longer applies.
  let lastBalance: { profile: string; balance: number } | null = null;
  const offConnection = o.connection.onChange?.(() => {
    lastBalance = null;
    tracker.resetBackoff();
  });
  // An account answer says the service is back (polls stop backing off); a balance that moved says a
  // recipient finished, so the task on screen is asked again rather than lagging behind the header.
  const offAccount = o.connection.onAccount?.((a) => {
    tracker.serviceAnswered();
    const profile = current();
    const moved = lastBalance !== null && lastBalance.profile === profile && lastBalance.balance !== a.balance;
    lastBalance = { profile, balance: a.balance };
    if (moved) void tracker.refreshOnEvidence();
  });
  if (o.poll !== false) tracker.start();

  return {
    tracker,
    autoRetry,
    health: () => tracker.health(),
    list({ filters, sort, limit, offset }) {
      const statuses = viewStatusesForFilters(filters.statuses);
      const filter = {
        ...(statuses ? { status: statuses } : {}),
        ...(filters.statuses?.includes('has_failures') ? { hasFailures: true } : {}),
        ...(filters.fromMs !== undefined ? { from: filters.fromMs } : {}),
        ...(filters.toMs !== undefined ? { to: filters.toMs } : {}),
        ...(filters.text?.trim() ? { text: filters.text.trim() } : {}),
        profiles: shown(filters.showDemo),
      };
      const profile = current();
      const rows = history.listTasks({ ...filter, sort, limit, offset }).map((t) => toRowView(t, profile));
      tracker.markVisible(rows.flatMap((r) => (r.taskRef && !r.readOnly && !isTerminalTask(r.status) ? [r.taskRef] : [])));
      const hidden = filters.showDemo || profile === DEMO_PROFILE ? 0 : history.countTasks({ ...filter, profiles: [DEMO_PROFILE] });
      return { rows, total: history.countTasks(filter), hiddenDemo: hidden };
    },
    async detail(id) {
      const d = detailOrThrow(id);
      if (d.taskRef && d.profile === current()) {
        tracker.markVisible([d.taskRef]);
        await tracker.refreshIfDue(d.taskRef);
      }
      return view(id);
    },
    async refresh(taskRef) {
      assertSameProfile(detailOrThrow(taskRef), current(), 'refreshed');
      const r = await tracker.refreshManual(taskRef);
      return { detail: view(taskRef), ...r };
    },
    failuresSince(days, showDemo) {
      const since = clock.now() - days * DAY_MS;
      const profiles = shown(showDemo);
      return toFailuresView(since, history.unreachedNumbersSince(since, { limit: 2_000, profiles }));
    },
    counts: numbers.counts,
    spending: numbers.spending,
    monthCharges: numbers.monthCharges,
    async resend(taskRef, only, confirmRepeat) {
      const out = await resend(taskRef, only, confirmRepeat === true);
      return { taskRef: out.taskRef, phoneNumbers: out.phoneNumbers, reuploaded: out.reuploaded };
    },
    async track(taskRef) {
      // A demo task is not looked up on the account (nor the other way round).
      const known = history.getTask(taskRef);
      if (known) assertSameProfile(known, current(), 'looked up');
      // Asked first, stored only if the service knows it: a mistyped ref leaves nothing behind.
      await tracker.fetch(taskRef);
      return view(taskRef);
    },
    async recipient(rcptRef) {
      const client = await o.connection.client();
      const r = await client.getRecipient(rcptRef);
      // The service's record has the shape of a history row: read as one, it is shown like one.
      const row = { ...r, id: 0, task_id: 0, position: 0, rcpt_ref: String(r.rcpt_ref), completed_at_ms: toMs(r.completed_at), finished_at_ms: null, contact_name: null };
      const recipient = toRecipientView(toRecipient(row), toMs);
      // The service's record does not name its task (nor the person); this desk's history does when it sent it (or added it).
      const mine = history
        .listTasks({ text: rcptRef, limit: 5, profiles: [current()] })
        .map((t) => ({ taskRef: t.taskRef, r: t.taskRef && history.getTask(t.taskRef)?.recipients.find((x) => x.rcptRef === rcptRef) }))
        .find((m) => m.r);
      return { ...recipient, contactName: (mine?.r && mine.r.contactName) ?? null, taskRef: mine?.taskRef ?? null };
    },
    async exportCsv(taskRef) {
      const d = view(taskRef);
      return saveWithDialog(deps.dialogs, o.grants, {
        defaultName: savedFileName('csv', d),
        filters: [{ name: 'CSV', extensions: ['csv'] }],
        content: () => taskCsv(d),
      });
    },
    async transmissionReport(taskRef) {
      const d = view(taskRef);
      return saveWithDialog(deps.dialogs, o.grants, {
        defaultName: savedFileName('report', d),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
        content: () => buildTransmissionReport(d),
      });
    },
    trayStatus: numbers.trayStatus,
    onTrayStatus(listener) {
      trayListeners.add(listener);
      return () => trayListeners.delete(listener);
    },
    close() {
      offConnection?.();
      offAccount?.();
      tracker.stop();
      balance.stop();
      autoRetry?.close();
      trayListeners.clear();
    },
  };
}
