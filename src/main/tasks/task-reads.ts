/**
 * The tasks as the window reads them: the list, one task (refreshed when due), a task or recipient
 * looked up on the service, and the failures of the last days. tasks-service.ts composes it.
 */
import { isTerminalTask, viewStatusesForFilters } from '../../shared/task-state';
import type { TaskListQuery } from '../../shared/tasks/list-query';
import type { FailuresView, ListTasksResult, RecipientView, RefreshResult, TaskDetailView } from '../../shared/tasks/types';
import type { Connection } from '../account/connection';
import { DEMO_PROFILE } from '../account/profile';
import type { Clock } from '../clock';
import { UserError } from '../errors';
import type { History } from '../history';
import { toRecipient } from '../history/rows';
import { DAY_MS } from './counts';
import { assertSameProfile } from './resend';
import type { TaskTracker } from './tracker';
import { toDetailView, toFailuresView, toRecipientView, toRowView } from './views';

export interface TaskReadsOptions {
  history: History;
  tracker: TaskTracker;
  connection: Pick<Connection, 'client'>;
  clock: Clock;
  /** the service's time zone now */
  tz: () => string;
  toMs: (s: string | null) => number | null;
  /** the profile connected now */
  current: () => string;
}

export function createTaskReads(o: TaskReadsOptions) {
  const { history, tracker, current } = o;
  /** the profiles listed: the current one, plus demo (read-only) when asked while an account is connected */
  const shown = (showDemo: boolean | undefined): string[] =>
    showDemo && current() !== DEMO_PROFILE ? [current(), DEMO_PROFILE] : [current()];

  function detailOrThrow(idOrRef: string) {
    const local = /^local:(\d+)$/.exec(idOrRef);
    const d = local ? history.getTaskById(Number(local[1])) : history.getTask(idOrRef);
    if (!d) throw new UserError('tasks.not_found', 'This task is not in FaxDesk’s history. Add it with “Look up by reference”.');
    return d;
  }
  const view = (idOrRef: string): TaskDetailView => {
    const d = detailOrThrow(idOrRef);
    return toDetailView(d, o.tz(), o.toMs, current(), d.taskRef ? history.resendsOf(d.taskRef) : []);
  };

  return {
    view,
    list({ filters, sort, limit, offset }: TaskListQuery): ListTasksResult {
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
    async detail(id: string): Promise<TaskDetailView> {
      const d = detailOrThrow(id);
      if (d.taskRef && d.profile === current()) {
        tracker.markVisible([d.taskRef]);
        await tracker.refreshIfDue(d.taskRef);
      }
      return view(id);
    },
    async refresh(taskRef: string): Promise<RefreshResult> {
      assertSameProfile(detailOrThrow(taskRef), current(), 'refreshed');
      const r = await tracker.refreshManual(taskRef);
      return { detail: view(taskRef), ...r };
    },
    failuresSince(days: number, showDemo?: boolean): FailuresView {
      const since = o.clock.now() - days * DAY_MS;
      const profiles = shown(showDemo);
      return toFailuresView(since, history.unreachedNumbersSince(since, { limit: 2_000, profiles }));
    },
    async track(taskRef: string): Promise<TaskDetailView> {
      // A demo task is not looked up on the account (nor the other way round).
      const known = history.getTask(taskRef);
      if (known) assertSameProfile(known, current(), 'looked up');
      // Asked first, stored only if the service knows it: a mistyped ref leaves nothing behind.
      await tracker.fetch(taskRef);
      return view(taskRef);
    },
    async recipient(rcptRef: string): Promise<RecipientView & { taskRef: string | null }> {
      const client = await o.connection.client();
      const r = await client.getRecipient(rcptRef);
      // The service's record has the shape of a history row: read as one, it is shown like one.
      const row = { ...r, id: 0, task_id: 0, position: 0, rcpt_ref: String(r.rcpt_ref), completed_at_ms: o.toMs(r.completed_at), finished_at_ms: null, contact_name: null };
      const recipient = toRecipientView(toRecipient(row), o.toMs);
      // The service's record does not name its task (nor the person); this desk's history does when it sent it (or added it).
      const mine = history
        .listTasks({ text: rcptRef, limit: 5, profiles: [current()] })
        .map((t) => ({ taskRef: t.taskRef, r: t.taskRef && history.getTask(t.taskRef)?.recipients.find((x) => x.rcptRef === rcptRef) }))
        .find((m) => m.r);
      return { ...recipient, contactName: (mine?.r && mine.r.contactName) ?? null, taskRef: mine?.taskRef ?? null };
    },
  };
}
