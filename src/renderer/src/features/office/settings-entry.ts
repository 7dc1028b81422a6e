// The office outbox's part of the Settings screen (lazy, like that screen).
export { OfficeSettings } from './settings/office-settings';
