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
];
