/** The numbers behind the sidebar badge, the tray and the spending summary: the connected profile's only. */
import type { MonthCharges, Spending, TaskCounts } from '../../shared/tasks/types';
import { isDemoProfile } from '../account/profile';
import type { History } from '../history';
import type { Clock } from '../clock';
import { WAITING_VIEW_STATUSES } from '../../shared/task-state';

export const DAY_MS = 86_400_000;

/** What the tray shows (src/main/shell/tray-menu.ts TrayStatus). */
export interface TasksTrayStatus {
  sending: number;
  failed: number;
}

export interface TaskCountsReader {
  counts(): TaskCounts;
  trayStatus(): TasksTrayStatus;
  spending(): Spending;
  /** this month's charges per task (the first `limit`), newest first */
  monthCharges(limit: number): MonthCharges;
}

export function createTaskCounts(
  history: Pick<History, 'countTasks' | 'unreachedNumbersSince' | 'chargesSince' | 'chargedTasksSince'>,
  profile: () => string,
  clock: Clock,
  /** days of failures behind the sidebar count and the tray */
  windowDays: number,
): TaskCountsReader {
  function counts(): TaskCounts {
    const since = clock.now() - windowDays * DAY_MS;
    const profiles = [profile()];
    // numbers still not reached, not attempts: a failed resend of a number does not count it twice
    const unreached = history.unreachedNumbersSince(since, { profiles });
    // a failure counts while failedAtMs >= now - window: it drops out 1 ms after failedAtMs + window
    const oldest = unreached.reduce<number | null>((min, u) => (min === null || u.failedAtMs < min ? u.failedAtMs : min), null);
    return {
      pending: history.countTasks({ status: [...WAITING_VIEW_STATUSES], profiles }),
      sending: history.countTasks({ status: 'sending', profiles }),
      recentFailures: unreached.length,
      recentFailureDays: windowDays,
      recentFailuresChangeAtMs: oldest === null ? null : oldest + windowDays * DAY_MS + 1,
    };
  }
  /** The first instant of this month on this computer's calendar. */
  function monthStart(): number {
    const now = new Date(clock.now());
    return new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  }
  return {
    counts,
    trayStatus() {
      const c = counts();
      return { sending: c.pending + c.sending, failed: c.recentFailures };
    },
    spending() {
      const profiles = [profile()];
      return { last30Days: history.chargesSince(clock.now() - 30 * DAY_MS, profiles), thisMonth: history.chargesSince(monthStart(), profiles) };
    },
    monthCharges(limit) {
      // The same window and profile as "Spent this month", so the list adds up to it.
      const profiles = [profile()];
      const since = monthStart();
      const { rows, total } = history.chargedTasksSince(since, limit, profiles);
      return {
        rows: rows.map((r) => ({
          id: r.taskRef ?? `local:${r.taskId}`,
          name: r.name,
          chargedAtMs: r.chargedAtMs,
          pages: r.pages,
          recipients: r.recipients,
          amount: r.amount,
          demo: isDemoProfile(r.profile),
        })),
        total,
        amount: history.chargesSince(since, profiles),
      };
    },
  };
}
