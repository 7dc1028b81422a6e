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
  {
    file: 'src/main/tasks/tracker-pace.ts',
    line: 171,
    code: 'this.visibleUntil.size > 5_000',
    reason: 'when the list of rows on screen is tidied only frees memory: visible() and visibleFirst() pass over expired rows anyway',
  },
  {
    file: 'src/main/tasks/tracker-notify.ts',
    line: 19,
    code: "'done'",
    reason: "the notification's text tells only 'failed' apart (endKind); any other status word reads the numbers, as 'done' does",
  },
  {
    file: 'src/main/intake/settle-check.ts',
    line: 52,
    code: 'state.ledger?.has',
    reason: 'the hot folder looks at files only after start(), which opens the ledger: it is never null during a look',
  },
  // phone numbers (src/shared/phone/normalize.ts): the guards around libphonenumber-js and a parse the code saves
  {
    file: 'src/shared/phone/normalize.ts',
    line: 57,
    code: "{\n    // The library is documented not to throw, but a user's paste must never crash the editor.\n    return undefined;\n  }",
    reason: 'the catch returns the undefined a function without a return gives as well',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 65,
    code: "p?.isPossible",
    reason: 'without ?. a missing reading throws inside the try and is caught as false: the same answer',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 65,
    code: "false",
    reason: 'a missing reading (undefined ?? true) is skipped as no candidate anyway, and isPossible() never returns null or undefined',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 66,
    code: "{\n    return false;\n  }",
    reason: 'libphonenumber-js does not throw here (documented; properties.test.ts feeds it any text): the catch only guards a paste against a future version',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 67,
    code: "false",
    reason: 'libphonenumber-js does not throw here (documented; properties.test.ts feeds it any text): the catch only guards a paste against a future version',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 73,
    code: "p?.isValid",
    reason: 'without ?. a missing reading throws inside the try and is caught as false: the same answer',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 73,
    code: "false",
    reason: 'a missing reading (undefined ?? true) is skipped as no candidate anyway, and isValid() never returns null or undefined',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 74,
    code: "{\n    return false;\n  }",
    reason: 'libphonenumber-js does not throw here (documented; properties.test.ts feeds it any text): the catch only guards a paste against a future version',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 75,
    code: "false",
    reason: 'libphonenumber-js does not throw here (documented; properties.test.ts feeds it any text): the catch only guards a paste against a future version',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 102,
    code: "!text.startsWith('+') && /^[1-9]/.test(digits)",
    reason: 'the condition only saves a parse: for a text with + the reading of +digits is the national reading again, and +0… is never a number',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 102,
    code: "text.startsWith('+')",
    reason: 'the condition only saves a parse: for a text with + the reading of +digits is the national reading again',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 102,
    code: "/^[1-9]/",
    reason: 'the condition only saves a parse: +0… is never a number, whichever digit the test looks for',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 112,
    code: "/^\\+/",
    reason: 'the library\'s E.164 number has exactly one +, at its start',
  },
  {
    file: 'src/shared/phone/normalize.ts',
    line: 132,
    code: "{\n    verdict = undefined;\n  }",
    reason: 'verdict is already undefined when validatePhoneNumberLength throws',
  },
  // recipients-cache.ts: what is read again only costs time; a line that reads the same keeps its rows by its text
  {
    file: 'src/shared/phone/recipients-cache.ts',
    line: 44,
    code: '[]',
    reason: 'the first call always reads the whole box (prev is null), which sets starts before it is used',
  },
  {
    file: 'src/shared/phone/recipients-cache.ts',
    line: 45,
    code: '[]',
    reason: 'the first call always reads the whole box (prev is null), which sets rows before it is used',
  },
  {
    file: 'src/shared/phone/recipients-cache.ts',
    line: 57,
    code: 'p < shortest',
    reason: 'the bound changed only finds the common start shorter (charCodeAt past the end is NaN, equal to nothing): more lines read again, each unchanged one keeping its rows by its text',
  },
  {
    file: 'src/shared/phone/recipients-cache.ts',
    line: 57,
    code: 'p += 1',
    reason: 'stepping back stops the common start at -1 (charCodeAt(-1) is NaN): the whole box is read again, each unchanged line keeping its rows by its text',
  },
  {
    file: 'src/shared/phone/recipients-cache.ts',
    line: 61,
    code: 'before.length - s',
    reason: 'an offset past the end makes the last line the box\'s last: more lines read again, each unchanged one keeping its rows by its text',
  },
  {
    file: 'src/shared/phone/recipients-cache.ts',
    line: 76,
    code: '[]',
    reason: 'rows[i] exists for every line from first to lastLine (rows has a row list per line), so the fallback is never used',
  },
  {
    file: 'src/main/tasks/resend-rules.ts',
    line: 50,
    code: "'en'",
    reason: "every language other than 'zh-CN' names the resend in English, so another default gives the same name",
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
  // hot folder (module hot-folder)
  {
    file: 'src/main/intake/hot-folder.ts',
    line: 117,
    code: '{ persistent: false }',
    reason: "persistent only says whether the watcher alone keeps Node's event loop alive: the app's life is Electron's, and stop() closes the watcher",
  },
  {
    file: 'src/main/intake/hot-folder.ts',
    line: 159,
    code: '!this.ledger',
    reason: 'a claim before start() reaches this.ledger.add inside the try below, whose catch ends it the same way',
  },
  {
    file: 'src/main/intake/hot-folder.ts',
    line: 185,
    code: 'this.stopped',
    reason: 'stop() clears the rescan timer, so its callback never runs on a stopped folder',
  },
  {
    file: 'src/main/intake/hot-folder.ts',
    line: 241,
    code: 'this.ledger?.keepOnly(names)',
    reason: 'a pass runs only after start(), which opened the ledger first: it is never null here',
  },
  // office-guards: the claims' transaction around what the tests can see
  {
    file: 'src/main/office/office-guard.ts',
    line: 42,
    code: "'RELEASE SAVEPOINT prune_claims'",
    reason: 'a savepoint not released is committed with its transaction a moment later: the same rows are deleted and claimed',
  },
  {
    file: 'src/main/office/office-guard.ts',
    line: 89,
    code: "db.query('ROLLBACK').catch(() => {})",
    reason: 'a claim that failed has its connection destroyed by withOfficeClient (checkout.ts), and the server rolls back a closed connection’s transaction',
  },
  {
    file: 'src/main/office/office-guard.ts',
    line: 162,
    code: "db.query('ROLLBACK').catch(() => {})",
    reason: 'a resend claim that failed has its connection destroyed by withOfficeClient (checkout.ts), and the server rolls back a closed connection’s transaction',
  },
  {
    file: 'src/main/office/office-guard.ts',
    line: 126,
    code: '`resend:${claim.taskRef}`',
    reason: 'one advisory lock for every fax’s resend still serialises two resends of the same fax (it only also serialises different faxes)',
  },
];
