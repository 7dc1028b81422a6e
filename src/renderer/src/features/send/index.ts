// What Settings uses of the send feature (the Send screen itself ships with the first paint).
export { hotFolderKeys, useHotFolderEvents, useHotFolderProblem, useHotFolderStatus } from './hot-folder-notice';
// The shell's note for documents that arrive while another screen is in use.
export { ArrivalNotice } from './arrival-notice';
