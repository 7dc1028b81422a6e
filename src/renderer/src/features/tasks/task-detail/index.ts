// The task detail pane: one component per file; the tasks screen uses only the pane.
export { TaskDetailPane } from './task-detail-pane';
