import { describe, expect, it } from 'vitest';
import {
  isRetryableFailure,
  isTerminalTask,
  nextPollDelayMs,
  normalizeTaskStatus,
  summarizeRecipients,
} from '../../src/shared/task-state';

const NOW = Date.UTC(2026, 4, 1, 8, 0, 0);
// The spec's own figures (not the implementation's constants): at least 30 s between queries of a
// pending task, about a minute for one being sent.
const SPEC_PENDING_MS = 30_000;
const SPEC_SENDING_MS = 60_000;

describe('task states', () => {
  it("reads the sample's 'completed' as done and keeps unknown states raw", () => {
    expect(normalizeTaskStatus('completed')).toBe('done');
    expect(normalizeTaskStatus(' Done ')).toBe('done');
    expect(normalizeTaskStatus('paused')).toBe('paused');
  });

  it('only done and failed tasks are terminal', () => {
    expect(['pending', 'sending', 'done', 'failed', 'completed', 'paused'].map(isTerminalTask)).toEqual([false, false, true, true, true, false]);
  });

  it('BUSY and NO_ANSWER are retryable, other codes are not', () => {
    expect([isRetryableFailure('BUSY'), isRetryableFailure('no_answer'), isRetryableFailure('INVALID_NUMBER'), isRetryableFailure(null)]).toEqual([true, true, false, false]);
  });
});

describe('when to poll a task', () => {
  it('never polls done or failed tasks', () => {
    expect(nextPollDelayMs({ status: 'done', lastCheckedAtMs: NOW - 3_600_000 }, NOW)).toBeNull();
    expect(nextPollDelayMs({ status: 'failed' }, NOW)).toBeNull();
    expect(nextPollDelayMs({ status: 'completed' }, NOW)).toBeNull();
  });

  it('polls a pending task at most every 30 s and a sending one about every 60 s', () => {
    expect(nextPollDelayMs({ status: 'pending', lastCheckedAtMs: NOW - 10_000 }, NOW)).toBe(SPEC_PENDING_MS - 10_000);
    expect(nextPollDelayMs({ status: 'sending', lastCheckedAtMs: NOW - 10_000 }, NOW)).toBe(SPEC_SENDING_MS - 10_000);
    expect(nextPollDelayMs({ status: 'sending', lastCheckedAtMs: NOW - 600_000 }, NOW)).toBe(0);
    expect(nextPollDelayMs({ status: 'pending' }, NOW)).toBe(0);
  });

  it('does not poll a task scheduled in the future before its time', () => {
    expect(nextPollDelayMs({ status: 'pending', scheduledAtMs: NOW + 3_600_000, lastCheckedAtMs: NOW - 60_000 }, NOW)).toBe(3_600_000);
    expect(nextPollDelayMs({ status: 'pending', scheduledAtMs: NOW - 1_000, lastCheckedAtMs: NOW - 5_000 }, NOW)).toBe(25_000);
  });

  it('asks about a task never checked at once, unless it is scheduled in the future: then at its time', () => {
    expect(nextPollDelayMs({ status: 'pending', lastCheckedAtMs: null }, NOW)).toBe(0);
    expect(nextPollDelayMs({ status: 'sending' }, NOW)).toBe(0);
    expect(nextPollDelayMs({ status: 'pending', scheduledAtMs: NOW + 3_600_000, lastCheckedAtMs: null }, NOW)).toBe(3_600_000);
    expect(nextPollDelayMs({ status: 'pending', scheduledAtMs: NOW + 3_600_000 }, NOW)).toBe(3_600_000);
  });

  it('watches a task being sent at its usual minute even when its scheduled time has not come by our clock', () => {
    // the service started it: its clock and ours differ, or it started early; what it is doing now counts
    expect(nextPollDelayMs({ status: 'sending', scheduledAtMs: NOW + 600_000, lastCheckedAtMs: NOW - SPEC_SENDING_MS }, NOW)).toBe(0);
    expect(nextPollDelayMs({ status: 'sending', scheduledAtMs: NOW + 600_000, lastCheckedAtMs: NOW - 20_000 }, NOW)).toBe(SPEC_SENDING_MS - 20_000);
  });

  it('keeps watching an unknown state at the slow rate', () => {
    expect(nextPollDelayMs({ status: 'paused', lastCheckedAtMs: NOW }, NOW)).toBe(SPEC_SENDING_MS);
  });
});

describe('recipient summary', () => {
  it('counts states, pages and charges without float drift', () => {
    const s = summarizeRecipients([
      { status: 'success', page_count: 3, charged_amount: 0.1 },
      { status: 'success', page_count: 3, charged_amount: 0.2 },
      { status: 'failed', page_count: 0, charged_amount: 0 },
      { status: 'sending', page_count: null, charged_amount: null },
      { status: 'pending' },
      { status: 'canceled' },
      { status: 'weird' },
    ]);
    expect(s).toEqual({ total: 7, success: 2, failed: 1, pending: 3, canceled: 1, pages: 6, charges: 0.3 });
  });
});
