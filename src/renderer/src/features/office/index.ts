// The office outbox: its Settings card loads with the Settings screen through ./settings-entry.
export { useOffice } from './queries';
