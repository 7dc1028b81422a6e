import { z } from 'zod';
import { channel, event } from '../define';
import { REF_PATTERN } from '../../tasks/order';
import type { SavedFile } from '../../files/types';
import type { TasksChanged, TrackerHealth } from '../../tasks/changes';
import type { TaskListQuery } from '../../tasks/list-query';

export type { TaskTransition, TasksChanged, TrackerHealth } from '../../tasks/changes';
import {
  STATUS_FILTERS,
  TASK_SORT_KEYS,
  type FailuresView,
  type ListTasksResult,
  type RecipientView,
  type RefreshResult,
  type ResendResult,
  type MonthCharges,
  type Spending,
  type TaskCounts,
  type TaskDetailView,
} from '../../tasks/types';

const refSchema = z.string().trim().regex(REF_PATTERN, 'A reference is 1 to 255 letters, digits, _ or -');
const idSchema = z.string().min(1).max(255);

export { SEARCH_CONTROL_CHARACTERS } from '../../tasks/types';
import { CHARGES_MAX_ROWS, SEARCH_CONTROL_CHARACTERS, TASK_PAGE_SIZE } from '../../tasks/types';

export const listTasksInputSchema = z
  .object({
    filters: z
      .object({
        statuses: z.array(z.enum(STATUS_FILTERS)).max(STATUS_FILTERS.length).optional(),
        fromMs: z.number().int().nonnegative().optional(),
        toMs: z.number().int().nonnegative().optional(),
        /** name, number, or reference */
        text: z
          .string()
          .max(200)
          .refine((t) => !SEARCH_CONTROL_CHARACTERS.test(t), 'The search text contains a control character (such as NUL or a tab). Remove it and search again.')
          .optional(),
        /** with a real account connected: also list the demo tasks (read-only, marked demo) */
        showDemo: z.boolean().optional(),
      })
      .strict()
      .default({}),
    sort: z
      .object({ by: z.enum(TASK_SORT_KEYS), dir: z.enum(['asc', 'desc']) })
      .strict()
      .default({ by: 'created', dir: 'desc' }),
    limit: z.number().int().min(1).max(1000).default(TASK_PAGE_SIZE),
    offset: z.number().int().min(0).default(0),
  })
  .strict() satisfies z.ZodType<TaskListQuery, unknown>;
export type ListTasksInput = z.input<typeof listTasksInputSchema>;

export { ALREADY_RESENT_CODE, alreadyResentDetails, OTHER_PROFILE_CODE, type AlreadyResentDetails } from '../../errors/error-details';

export const tasksChannels = {
  trackerHealth: channel<TrackerHealth>()(z.undefined()),
  listTasks: channel<ListTasksResult>()(listTasksInputSchema),
  /** from the history; asks the service first when the task is due by the polling rules */
  getTaskDetail: channel<TaskDetailView>()(z.object({ id: idSchema }).strict()),
  /** the user's refresh button: asks the service unless it was asked in the last few seconds */
  refreshTask: channel<RefreshResult>()(z.object({ taskRef: refSchema }).strict()),
  failuresSince: channel<FailuresView>()(
    z.object({ days: z.number().int().min(1).max(365), showDemo: z.boolean().optional() }).strict(),
  ),
  taskCounts: channel<TaskCounts>()(z.undefined()),
  spending: channel<Spending>()(z.undefined()),
  /** this month's charges per task, newest first, the first `limit` rows (the Account screen) */
  monthCharges: channel<MonthCharges>()(z.object({ limit: z.number().int().min(1).max(CHARGES_MAX_ROWS) }).strict()),
  /**
   * Refused with 'tasks.demo_readonly' for a task of another profile (a demo
   * task while a real account is connected), and with ALREADY_RESENT_CODE when
   * these recipients of this task were resent before and confirmRepeat is not set.
   */
  resendFailed: channel<ResendResult>()(
    z.object({ taskRef: refSchema, only: z.enum(['all', 'retryable']), confirmRepeat: z.boolean().optional() }).strict(),
  ),
  /** adds a task sent from elsewhere to the history and starts watching it */
  trackTaskRef: channel<TaskDetailView>()(z.object({ taskRef: refSchema }).strict()),
  getRecipient: channel<RecipientView & { taskRef: string | null }>()(z.object({ rcptRef: refSchema }).strict()),
  /** saves the task's CSV where the user says in main's save dialog; saved: null when they cancelled */
  exportTaskCsv: channel<{ saved: SavedFile | null }>()(z.object({ taskRef: refSchema }).strict()),
  /** saves the PDF transmission report where the user says in main's save dialog; saved: null when they cancelled */
  transmissionReport: channel<{ saved: SavedFile | null }>()(z.object({ taskRef: refSchema }).strict()),
};

export const tasksEvents = {
  /** the history changed: tasks polled, sent, resent or added */
  tasksChanged: event<TasksChanged>(),
  /** polling went offline, started retrying, or recovered */
  trackerHealthChanged: event<TrackerHealth>(),
};
