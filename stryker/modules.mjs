// The modules `npm run test:mutation` mutates (issue 31): the ones that spend money, send documents or
// guard secrets and files. Each is mutated on its own with only the tests that guard it, so a run is
// frugal on a shared machine and its score is that module's. `mutate` takes Stryker's globs and line
// ranges (`file.ts:29-33` mutates those lines only).
export const modules = {
  'review-decision': {
    what: 'whether the Send screen reviews a send first (needsReview)',
    mutate: ['src/renderer/src/features/send/send-act.ts:29-33'],
    tests: ['test/renderer/send/needs-review.test.ts'],
  },
  'repeat-window': {
    what: "the 'send it again?' window of the send service (checkRepeat)",
    mutate: ['src/main/send/repeat-window.ts'],
    tests: ['test/main/send/repeat-window.test.ts', 'test/main/send/send-once.test.ts'],
  },
  'polling-rules': {
    what: 'when a task may be asked about (the spec intervals, scheduled and ended tasks)',
    mutate: ['src/shared/task-state.ts:120-160'],
    tests: ['test/shared/task-state.test.ts', 'test/main/tasks/refresh-if-due.test.ts', 'test/main/tasks/polling-economy.test.ts', 'test/main/tasks/tracker-rules.test.ts'],
  },
  'tracker-due': {
    what: "the tracker's own rate guard and refreshIfDue (when opening a task asks the service)",
    mutate: ['src/main/tasks/tracker.ts:403-417', 'src/main/tasks/tracker.ts:520-532'],
    tests: ['test/main/tasks/refresh-if-due.test.ts', 'test/main/tasks/tracker-rules.test.ts'],
  },
  'hot-folder-settle': {
    what: "the hot folder's look at one file: settle time, empty files, writer, format and quiet checks",
    mutate: ['src/main/intake/hot-folder.ts:273-312'],
    tests: ['test/main/intake/hot-folder-settle.test.ts', 'test/main/intake/hot-folder.test.ts'],
  },
  'file-handles': {
    what: 'the IPC door: what a file handle is, input validation, granted paths',
    mutate: ['src/shared/file-handle.ts', 'src/main/ipc/dispatch.ts', 'src/main/files/grants.ts'],
    tests: ['test/main/files/grants.test.ts', 'test/main/ipc/dispatch.test.ts', 'test/main/ipc/preview-handlers.test.ts', 'test/reliability/file-capabilities.test.ts'],
  },
  redaction: {
    what: 'secrets kept out of log lines (redact)',
    mutate: ['src/main/log.ts'],
    tests: ['test/main/log.test.ts', 'test/main/log-lines.test.ts'],
  },
  'service-time': {
    what: "the spec's service time (YYYY-MM-DD HH:mm:ss in the service's zone)",
    mutate: ['src/shared/service-time.ts'],
    tests: ['test/shared/service-time.test.ts'],
  },
  phone: {
    what: 'phone numbers: parse, clean, display',
    mutate: ['src/shared/phone/*.ts'],
    tests: ['test/shared/phone/*.test.ts'],
  },
  tracker: {
    what: 'the task tracker (polling cadence, backoff, refreshIfDue)',
    mutate: ['src/main/tasks/tracker.ts'],
    tests: ['test/main/tasks/*.test.ts'],
  },
  // The send's money rules, in two modules so each mutant runs only the tests that can see it: the pure
  // rules run in about a second, the ones that need the simulator and the history in a few.
  'send-rules': {
    what: "the send's input checks (numbers, the schedule's minute and ten years), what parts add up to, the estimate, the same send twice at once",
    mutate: ['src/main/send/send-input.ts', 'src/main/send/send-outcome.ts', 'src/main/send/unit-price.ts:11-17', 'src/main/send/in-flight.ts'],
    tests: ['test/main/send/send-rules.test.ts'],
  },
  'send-and-create': {
    what: 'sending in order (the office claim, names, files, the price query) and creating tasks (intent, the one re-upload, outcome unknown)',
    mutate: [
      'src/main/send/send-flow.ts',
      'src/main/send/create-tasks.ts',
      'src/main/send/create-attempt.ts',
      'src/main/send/part-ending.ts',
      'src/main/send/unit-price.ts:23-32',
      // left out: send-service.ts and send-feature.ts only wire the files above (send-deps.ts is types);
      // repeat-window.ts is its own module; upload-step.ts and uploads.ts spend nothing (an upload creates no task)
    ],
    tests: ['test/main/send/create-tasks.test.ts', 'test/main/send/send-flow.test.ts'],
  },
  'resend-and-retry': {
    what: 'resending failed recipients and the automatic retry',
    mutate: ['src/main/tasks/resend.ts', 'src/main/tasks/auto-retry.ts'],
    tests: ['test/main/tasks/resend-rules.test.ts', 'test/main/tasks/resend-and-reports.test.ts', 'test/main/tasks/lifecycle.test.ts'],
  },
  'hot-folder': {
    what: 'the hot folder (settle, writer, format and ledger checks)',
    mutate: ['src/main/intake/hot-folder.ts'],
    tests: ['test/main/intake/hot-folder*.test.ts'],
  },
};
