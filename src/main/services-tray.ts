/**
 * The tray's (and the dock badge's) counts, wired around the office: the office is made before the tasks
 * and the tray after them, so the office's events (another desk wrote to its tasks, it went online or
 * offline) come through here and read the tray's office count again once the tray exists.
 */
import { officeFailuresChangeAtMs } from '../shared/office/failures-window';
import type { Clock } from './clock';
import type { OfficeService } from './office/office-service';
import type { TasksService } from './tasks/tasks-service';
import { createTrayStatus, type TrayStatusSource } from './tasks/tray-status';

export interface TrayWiring {
  /** the office's events; `online` when the event says the office's state (its status pushes: no keychain read per count) */
  officeEvent(online?: boolean): void;
  /** the tray over this desk's tasks and the office's failed numbers, once both are made */
  start(tasks: Pick<TasksService, 'trayStatus' | 'onTrayStatus' | 'counts'>, office: Pick<OfficeService, 'failures'>): TrayStatusSource;
}

/** `clock`: the tray's age-out timer (tests pass a manual one) */
export function createTrayWiring(clock?: Clock): TrayWiring {
  let tray: TrayStatusSource | null = null;
  // as the window's badge knows it: from the office's own status pushes
  let officeOnline = false;
  return {
    officeEvent(online) {
      if (online !== undefined) officeOnline = online;
      tray?.refresh();
    },
    start(tasks, office) {
      tray = createTrayStatus({
        local: tasks,
        officeFailed: async () => {
          if (!officeOnline) return null;
          const days = tasks.counts().recentFailureDays;
          const view = await office.failures(days);
          return { failed: view.total, changeAtMs: officeFailuresChangeAtMs(view, days) };
        },
        ...(clock ? { clock } : {}),
      });
      return tray;
    },
  };
}
