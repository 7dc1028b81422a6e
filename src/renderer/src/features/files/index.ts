export { SavedFileNotice } from './saved-file-notice';
