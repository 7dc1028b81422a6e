import type { Handlers } from '../dispatch';
import type { TasksService } from '../../tasks/tasks-service';

export type TasksHandlers = Pick<
  Handlers,
  | 'trackerHealth'
  | 'listTasks'
  | 'getTaskDetail'
  | 'refreshTask'
  | 'failuresSince'
  | 'taskCounts'
  | 'spending'
  | 'monthCharges'
  | 'resendFailed'
  | 'trackTaskRef'
  | 'getRecipient'
  | 'exportTaskCsv'
  | 'transmissionReport'
>;

/** The Tasks, Failures and task detail screens' channels. */
export function tasksHandlers(tasks: TasksService): TasksHandlers {
  return {
    trackerHealth: () => tasks.health(),
    listTasks: (query) => tasks.list(query),
    getTaskDetail: ({ id }) => tasks.detail(id),
    refreshTask: ({ taskRef }) => tasks.refresh(taskRef),
    failuresSince: ({ days, showDemo }) => tasks.failuresSince(days, showDemo),
    taskCounts: () => tasks.counts(),
    spending: () => tasks.spending(),
    monthCharges: ({ limit }) => tasks.monthCharges(limit),
    resendFailed: ({ taskRef, only, confirmRepeat }) => tasks.resend(taskRef, only, confirmRepeat),
    trackTaskRef: ({ taskRef }) => tasks.track(taskRef),
    getRecipient: ({ rcptRef }) => tasks.recipient(rcptRef),
    exportTaskCsv: async ({ taskRef }) => ({ saved: await tasks.exportCsv(taskRef) }),
    transmissionReport: async ({ taskRef }) => ({ saved: await tasks.transmissionReport(taskRef) }),
  };
}
