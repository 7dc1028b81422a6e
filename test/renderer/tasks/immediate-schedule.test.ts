import { describe, expect, it } from 'vitest';
import { isImmediate } from '@renderer/features/tasks/format';

// (How often a task is asked about is main's tracker's: test/shared/task-state.test.ts; the window follows
// main's tasksChanged event, test/renderer/tasks/list-events.test.tsx.)
describe('a task’s schedule as the screen shows it', () => {
  const now = 1_800_000_000_000;
  it('reads a scheduled_at equal to the creation time as "immediately"', () => {
    expect(isImmediate({ scheduledAtMs: now, createdAtMs: now })).toBe(true);
    expect(isImmediate({ scheduledAtMs: null, createdAtMs: now })).toBe(true);
    expect(isImmediate({ scheduledAtMs: now + 120_000, createdAtMs: now })).toBe(false);
  });
});
