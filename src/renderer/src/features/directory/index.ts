export { DirectoryResults, type DirectoryPick } from './directory-results';
export { DirectorySettings } from './directory-settings';
export { useRecipientNames } from './queries';
