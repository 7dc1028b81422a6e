import type { StatusFilter } from '../task-state';
import type { TaskSortKey } from './types';

/**
 * A page of the Tasks list as the tasks service reads it: filters, sort and window, every default
 * applied (listTasksInputSchema in src/shared/ipc/channels/tasks.ts parses the window's input into it).
 */
export interface TaskListQuery {
  filters: {
    statuses?: StatusFilter[] | undefined;
    fromMs?: number | undefined;
    toMs?: number | undefined;
    /** name, number, or reference */
    text?: string | undefined;
    /** with a real account connected: also list the demo tasks (read-only, marked demo) */
    showDemo?: boolean | undefined;
  };
  sort: { by: TaskSortKey; dir: 'asc' | 'desc' };
  limit: number;
  offset: number;
}
