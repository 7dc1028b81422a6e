// The directory's part of the Settings screen (lazy, like that screen); see ./index for the rest.
export { DirectorySettings } from './directory-settings';
