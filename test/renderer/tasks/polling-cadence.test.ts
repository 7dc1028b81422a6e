import { describe, expect, it } from 'vitest';
import { refetchIntervalFor } from '@renderer/features/tasks/hooks';
import { isImmediate } from '@renderer/features/tasks/format';

describe('how often the screen asks again about a task', () => {
  const now = 1_800_000_000_000;
  it('follows the spec: pending 30 s, sending 60 s, never once ended or unknown', () => {
    expect(refetchIntervalFor('pending', null, now)).toBe(30_000);
    expect(refetchIntervalFor('unchecked', null, now)).toBe(30_000);
    expect(refetchIntervalFor('sending', null, now)).toBe(60_000);
    expect(refetchIntervalFor('some_new_state', null, now)).toBe(60_000);
    for (const s of ['done', 'failed', 'outcome_unknown', 'create_failed']) expect(refetchIntervalFor(s, null, now)).toBe(false);
  });
  it('waits for a future schedule before asking about a pending task', () => {
    expect(refetchIntervalFor('pending', now + 3_600_000, now)).toBe(3_600_000);
    expect(refetchIntervalFor('pending', now + 10_000, now)).toBe(30_000);
  });
  it('reads a scheduled_at equal to the creation time as "immediately"', () => {
    expect(isImmediate({ scheduledAtMs: now, createdAtMs: now })).toBe(true);
    expect(isImmediate({ scheduledAtMs: null, createdAtMs: now })).toBe(true);
    expect(isImmediate({ scheduledAtMs: now + 120_000, createdAtMs: now })).toBe(false);
  });
});
