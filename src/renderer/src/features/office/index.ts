// The office outbox: Tasks → Everyone (this file) and its Settings card (./settings-entry, with the Settings screen).
export { useOffice } from './queries';
export { OfficeTasks, TaskScopeSwitch, useOfficeConfigured, type TaskScope } from './office-tasks';
export { OfficeSpendingPanel } from './office-spending';
export { OfficeResends } from './office-resends';
export { useOfficeFailures, useOfficeOnline } from './queries';
