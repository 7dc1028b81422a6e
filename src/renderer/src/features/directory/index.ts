// What the Send screen uses (it ships with the first screen). The Settings part has its own
// entry, ./settings-entry, so the directory form and its schemas load only with the Settings screen.
export { DirectoryResults, type DirectoryPick } from './directory-results';
export { useRecipientNames } from './queries';
