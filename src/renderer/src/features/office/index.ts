// The office outbox: Tasks → Everyone (this file) and its Settings card (./settings-entry, with the Settings screen).
export { useOffice } from './queries';
export { OfficeTasks, useOfficeConfigured } from './tasks/office-tasks';
export { TaskScopeSwitch, type TaskScope } from './tasks/task-scope-switch';
export { OfficeSpendingPanel } from './office-spending';
export { OfficeResends } from './office-resends';
export { useOfficeFailures, useOfficeOnline } from './queries';
