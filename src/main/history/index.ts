export { openHistory, type History, type HistoryOptions } from './history';
export type { TaskResponse } from './apply-task';
export { LATEST_VERSION, MIGRATIONS, migrate, type Migration } from './migrations';
export type * from './types';
export type { RecentUse } from './recent-numbers';
