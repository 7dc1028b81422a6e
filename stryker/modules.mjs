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
    mutate: ['src/main/tasks/tracker-pace.ts:45-50', 'src/main/tasks/tracker-pace.ts:120-133', 'src/main/tasks/tracker.ts:50-60'],
    // poll-lease (PostgreSQL): opening a task whose lease another desk holds does not ask
    tests: ['test/main/tasks/tracker-pace.test.ts', 'test/main/tasks/refresh-if-due.test.ts', 'test/main/tasks/tracker-rules.test.ts', 'test/main/office/poll-lease.test.ts'],
  },
  'hot-folder-settle': {
    what: "the hot folder's look at one file: settle time, empty files, writer, format and quiet checks",
    mutate: ['src/main/intake/settle-check.ts'],
    tests: ['test/main/intake/settle-check.test.ts', 'test/main/intake/hot-folder-settle.test.ts'],
    // one worker, no fresh module graph per file: a mutant's run takes half the time
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
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
  'phone-normalize': {
    what: 'one typed number: the spec format, the 7 and 15 digits, and the reason shown when it cannot be sent (normalize.ts)',
    mutate: ['src/shared/phone/normalize.ts'],
    tests: ['test/shared/phone/normalize-reasons.test.ts', 'test/shared/phone/parse.test.ts', 'test/shared/phone/spec-limits.test.ts'],
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
  phone: {
    what: 'phone numbers: parse, clean, display',
    mutate: ['src/shared/phone/*.ts'],
    // the example-based tests; properties.test.ts (fast-check, 17 s under load) stays in npm test only
    tests: ['test/shared/phone/normalize-reasons.test.ts', 'test/shared/phone/parse.test.ts', 'test/shared/phone/spec-limits.test.ts', 'test/shared/phone/recipients-cache.test.ts'],
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
  tracker: {
    what: "the tracker's pace (intervals, its own memory, backoff, the not-found pause, the refresh floor, rows on screen, health) and its notifications",
    // Left out: tracker.ts, -core, -round, -office, -writes (wiring, batched writes, log lines: guarded by the
    // simulator rigs of test/main/tasks and test/reliability at ~10 s a mutant), -types (types only).
    mutate: ['src/main/tasks/tracker-pace.ts', 'src/main/tasks/tracker-notify.ts'],
    tests: ['test/main/tasks/tracker-pace.test.ts', 'test/main/tasks/tracker-notify.test.ts'],
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
  'resend-rules': {
    what: 'who a resend goes to, what it is called, another profile refused, and what the user is told (resend-rules.ts)',
    mutate: ['src/main/tasks/resend-rules.ts'],
    tests: ['test/main/tasks/resend-rules.test.ts'],
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
  'resend-and-retry': {
    what: 'resending failed recipients (who, the documents, never twice without asking) and the automatic retry (who, when, the limit)',
    mutate: ['src/main/tasks/resend.ts', 'src/main/tasks/resend-rules.ts', 'src/main/tasks/auto-retry.ts', 'src/main/tasks/auto-retry-rules.ts'],
    // the pure rules first (milliseconds), then the handler on the simulator without polling rounds, then the
    // retry's timers with the tracker (~2 s). Left out: lifecycle.test.ts (the same resends inside the tracker's
    // rounds) and office-resend.test.ts (another desk's fax, PostgreSQL: ~9 s a mutant)
    tests: [
      'test/main/tasks/resend-rules.test.ts',
      'test/main/tasks/auto-retry-rules.test.ts',
      'test/main/tasks/resend-flow.test.ts',
      'test/main/tasks/auto-retry.test.ts',
    ],
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
  // resend.ts's office lines (another desk's fax, the office-wide claim and its withdrawal) with the PostgreSQL
  // test that reaches them, kept apart so resend-and-retry's own list stays fast
  'resend-office': {
    what: "resend-and-retry's office lines: another desk's fax, the office-wide claim and taking it back",
    mutate: ['src/main/tasks/resend.ts:76-90', 'src/main/tasks/resend.ts:111-118', 'src/main/tasks/resend.ts:125-127', 'src/main/tasks/resend.ts:188-190', 'src/main/tasks/resend.ts:197-198'],
    tests: ['test/main/tasks/resend-flow.test.ts', 'test/main/office/office-resend.test.ts'],
    // one worker keeping its module graph across the two files; office-resend's PostgreSQL still starts once for its file
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
  'hot-folder': {
    what: 'the hot folder around the look at one file: the passes and their timers, the writer check, the order offered, the backlog, the claim, a folder that cannot be read',
    // settle-check.ts is its own module (hot-folder-settle); filing.ts, complete-file.ts and the names are not mutated here
    mutate: ['src/main/intake/hot-folder.ts'],
    // ManualClock tests first (milliseconds each); hot-folder.test.ts for the names, the rescan and the moves.
    // Left out: hot-folder-slow-writers and -follows-fax (real writers and the simulator, ~3 s each a mutant)
    tests: ['test/main/intake/hot-folder-rules.test.ts', 'test/main/intake/hot-folder-settle.test.ts', 'test/main/intake/hot-folder.test.ts'],
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
  'office-guards': {
    what: "the office outbox's guards: the office-wide 'same fax again?' and 'already resent?' claims, the poll lease, the connection's protection and the password never sent over a weaker one, the wait that keeps a desk sending without the server",
    mutate: [
      'src/main/office/office-guard.ts',
      // the lease's claims and release (record/news below line 65 write answers back, guarded by poll-lease.test.ts's rig)
      'src/main/office/poll-lease.ts:20-65',
      'src/main/office/poll-lease.ts:91-104',
      'src/main/office/poll-lease.ts:142-144',
      'src/main/office/protection.ts',
      'src/main/office/guard-wait.ts',
      'src/main/office/office-passwords.ts',
      // a stored password only for a connection as strong as the one it was saved for (the store is shared with
      // the directories' bind passwords, whose keychain and slapd tests stay out of this module)
      'src/main/credentials/bound-passwords.ts:27-29',
      'src/main/credentials/bound-passwords.ts:100-108',
    ],
    // the pure rules (milliseconds), then one PostgreSQL 15 the test file starts itself (the claims' clean-up too)
    tests: ['test/main/office/office-guard-rules.test.ts', 'test/main/office/office-passwords.test.ts', 'test/main/office/office-guards.test.ts'],
    vitestArgs: '--pool=threads --no-isolate --maxWorkers=1',
  },
};
