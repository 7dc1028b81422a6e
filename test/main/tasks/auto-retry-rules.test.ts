/**
 * The automatic retry's rules on their own (mutation module `resend-and-retry`): who is retried, when, and
 * where a chain of retries stops. Limits from the setting's meaning: "2 attempts" is the original send
 * and two automatic resends; "5 minutes" is 300 000 ms after the task ended. The timers and the resend
 * itself: auto-retry.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { resendDepth, retryDecision } from '@main/tasks/auto-retry-rules';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const on = (attempts: number, delayMinutes: number) => ({ enabled: true, attempts, delayMinutes });
const ended = (c: { handled?: boolean; retryable?: number; depth?: number } = {}) => ({ handled: false, retryable: 1, depth: 0, ...c });

describe('whether a task that ended is resent automatically', () => {
  it('a busy number of the original send: resent, five minutes after it ended', () => {
    expect(retryDecision(on(2, 5), ended(), NOW)).toEqual({ retry: true, delayMs: 300_000, at: NOW + 300_000 });
  });

  it('waits the minutes the user set, not seconds or hours: one minute, a day', () => {
    expect(retryDecision(on(1, 1), ended(), NOW)).toMatchObject({ delayMs: 60_000, at: NOW + 60_000 });
    expect(retryDecision(on(1, 1440), ended(), NOW)).toMatchObject({ delayMs: 24 * 3_600_000, at: NOW + 24 * 3_600_000 });
  });

  it('turned off: never, whatever failed', () => {
    expect(retryDecision({ enabled: false, attempts: 5, delayMinutes: 5 }, ended({ retryable: 3 }), NOW)).toEqual({ retry: false, why: 'off' });
  });

  it('nothing busy or unanswered (all delivered, or only numbers that are no fax): nothing to retry', () => {
    expect(retryDecision(on(2, 5), ended({ retryable: 0 }), NOW)).toEqual({ retry: false, why: 'nothing_retryable' });
    // one busy number is enough
    expect(retryDecision(on(2, 5), ended({ retryable: 1 }), NOW).retry).toBe(true);
  });

  it('retried already, waiting for its retry, or resent by hand: never a second automatic resend', () => {
    expect(retryDecision(on(5, 5), ended({ handled: true }), NOW)).toEqual({ retry: false, why: 'handled' });
  });

  it('stops at its limit: with 2 attempts the second resend is retried no more (both sides of the limit)', () => {
    // the original (0 resends before it) and the first resend (1) are retried
    expect(retryDecision(on(2, 5), ended({ depth: 0 }), NOW).retry).toBe(true);
    expect(retryDecision(on(2, 5), ended({ depth: 1 }), NOW).retry).toBe(true);
    // the second resend is the last: 2 automatic resends in all
    expect(retryDecision(on(2, 5), ended({ depth: 2 }), NOW)).toEqual({ retry: false, why: 'limit' });
    expect(retryDecision(on(2, 5), ended({ depth: 3 }), NOW)).toEqual({ retry: false, why: 'limit' });
  });

  it('one attempt: the original is resent once, its resend never', () => {
    expect(retryDecision(on(1, 5), ended({ depth: 0 }), NOW).retry).toBe(true);
    expect(retryDecision(on(1, 5), ended({ depth: 1 }), NOW)).toEqual({ retry: false, why: 'limit' });
  });

  it('the most the setting allows (5): the fifth resend is the last', () => {
    expect(retryDecision(on(5, 5), ended({ depth: 4 }), NOW).retry).toBe(true);
    expect(retryDecision(on(5, 5), ended({ depth: 5 }), NOW).retry).toBe(false);
  });
});

describe('how many resends separate a task from the original send', () => {
  // task → the task it resent (null: an original send)
  const links = (pairs: Record<string, string | null>) => (ref: string) => pairs[ref] ?? null;

  it('an original send: none; its resend: one; a resend of that: two', () => {
    const history = links({ a: null, b: 'a', c: 'b' });
    expect(resendDepth(history, 'a')).toBe(0);
    expect(resendDepth(history, 'b')).toBe(1);
    expect(resendDepth(history, 'c')).toBe(2);
  });

  it('a task the history does not hold counts as an original', () => {
    expect(resendDepth(links({}), 'unknown')).toBe(0);
  });

  it('a chain longer than any policy is counted whole', () => {
    const pairs: Record<string, string | null> = { t0: null };
    for (let i = 1; i <= 8; i++) pairs[`t${i}`] = `t${i - 1}`;
    expect(resendDepth(links(pairs), 't8')).toBe(8);
  });

  it('a loop in a broken history is counted once round and ends', () => {
    expect(resendDepth(links({ a: 'b', b: 'c', c: 'a' }), 'a')).toBe(2);
    expect(resendDepth(links({ a: 'a' }), 'a')).toBe(0);
  });
});
