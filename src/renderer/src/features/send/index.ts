// What Settings uses of the send feature (the Send screen itself ships with the first paint).
export { hotFolderKeys, useHotFolderProblem, useHotFolderStatus } from './hot-folder-notice';
