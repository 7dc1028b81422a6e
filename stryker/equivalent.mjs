// Equivalent mutants: changes Stryker makes that no test can tell apart because the program behaves the
// same. Each entry: the file, the line, the exact code of the node whose mutants are left out, and why
// (one line). Keep this list short and every reason checkable; when the code changes the entry stops
// matching and the mutants come back to be looked at again.
export const equivalent = [
  {
    file: 'src/renderer/src/features/send/send-act.ts',
    line: 32,
    code: 'cost !== null',
    reason: 'null > costAbove is false for every costAbove Settings allows (>= 0), so the null check only says it out loud',
  },
  {
    file: 'src/shared/task-state.ts',
    line: 146,
    code: 'task.lastCheckedAtMs === null || task.lastCheckedAtMs === undefined',
    reason: 'a task never checked is due at once either way: null + interval is a moment in 1970, undefined + interval is NaN, which falls back to 0',
  },
  // service time: the per-hour offset cache only saves work (a conversion that skips it computes the same offset)
  {
    file: 'src/shared/service-time.ts',
    line: 145,
    code: 'target / HOUR_MS',
    reason: 'a cache key per second instead of per hour only remembers less: each time still gets the offset it would get uncached',
  },
  {
    file: 'src/shared/service-time.ts',
    line: 147,
    code: 'cached !== undefined',
    reason: 'not using the remembered offset recomputes the same one (the hour was remembered because no offset change is near it)',
  },
  {
    file: 'src/shared/service-time.ts',
    line: 153,
    code: '{\n    // No change anywhere near: every time in this wall-clock hour has this\n    // offset. Remembering it keeps bulk conversions (history) cheap.\n    if (quietHours.size >= QUIET_HOURS_MAX) quietHours.clear();\n    quietHours.set(hourKey, before);\n    return new Date(target - before);\n  }',
    reason: 'skipping the quiet-hour shortcut leaves the candidates loop, which finds the same single offset when no change is near',
  },
  {
    file: 'src/shared/service-time.ts',
    line: 156,
    code: 'if (quietHours.size >= QUIET_HOURS_MAX) quietHours.clear();',
    reason: 'clearing the cache sooner, later or never changes only its memory: a cleared hour is refilled with the same offset',
  },
  {
    file: 'src/shared/service-time.ts',
    line: 172,
    code: "''",
    reason: 'null or undefined becomes some text that is not a timestamp: any such text reads as no instant',
  },
  {
    file: 'src/shared/service-time.ts',
    line: 195,
    code: "'datetime'",
    reason: "any style other than 'date' and 'time' shows date and time; the name only goes into the formatter cache's key",
  },
  {
    file: 'src/shared/service-time.ts',
    line: 196,
    code: "''",
    reason: "the empty parts of the formatter cache's key: another filler keeps different options apart just as well",
  },
  {
    file: 'src/shared/service-time.ts',
    line: 198,
    code: '!f',
    reason: 'building the formatter again instead of reusing the cached one gives the same text',
  },
  {
    file: 'src/main/files/grants.ts',
    line: 151,
    code: 'false',
    reason: "isFile's first value is never read: the try assigns it, or the catch sets it to false",
  },
  {
    file: 'src/main/files/grants.ts',
    line: 154,
    code: '{\n    isFile = false;\n  }',
    reason: 'the catch sets isFile to the false it already holds',
  },
  // send and create-tasks (module send-and-create)
  {
    file: 'src/main/send/create-attempt.ts',
    line: 57,
    code: "''",
    reason: 'a document without a ref is sent some text that is no ref either way: the service refuses it as an invalid file_ref, which the one re-upload answers',
  },
  {
    file: 'src/main/send/create-tasks.ts',
    line: 117,
    code: '-1',
    reason: "recordSend returns one task id per part, so the fallback id is never used",
  },
  {
    file: 'src/main/send/send-flow.ts',
    line: 61,
    code: "''",
    reason: 'the door lets a document through only with a path or an address (never neither), so the filler is never recorded',
  },
  {
    file: 'src/main/send/send-flow.ts',
    line: 63,
    code: '() => null',
    reason: 'a file gone since its upload has no size either way: `?.size ?? 0` reads null and undefined alike',
  },
  {
    file: 'src/main/send/send-flow.ts',
    line: 86,
    code: 'true',
    reason: 'uploads.forget(refs) on the line before has just removed these refs, so a look at the registry finds none and uploads again all the same',
  },
];
