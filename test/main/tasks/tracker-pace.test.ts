/**
 * The tracker's pace (src/main/tasks/tracker-pace.ts) on a clock the test moves: when the service is
 * asked about a task, when every question pauses, what the window shows of it. Each limit is taken from
 * its meaning — the spec's 30 s for a pending task and about a minute for one being sent, DESIGN.md's
 * hour for a task the service does not know, the first backoff of 15 s growing to the 2-minute cap
 * (issue #30), the two minutes a row counts as on screen — never from the code under test; each is
 * checked just before and at its end.
 */
import { describe, expect, it } from 'vitest';
import { AuthError, NotFoundError, RateLimitedError, ServerError } from '@main/api/errors';
import { TrackerPace } from '@main/tasks/tracker-pace';
import type { PollState } from '@main/tasks/tracker-types';
import { ManualClock } from '../../helpers/manual-clock';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** the spec: at least 30 s between queries of a pending task */
const PENDING = 30 * SECOND;
/** the spec: about a minute for a task being sent */
const SENDING = MINUTE;
/** DESIGN.md: a task the service does not know is left alone for an hour */
const NOT_FOUND = 60 * MINUTE;
/** the first wait after a failure with no jitter (random 0.5), then doubling up to 2 minutes */
const FIRST_BACKOFF = 15 * SECOND;
const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

function setup(states: Record<string, PollState> = {}, random = () => 0.5) {
  const clock = new ManualClock(T0);
  const pace = new TrackerPace({ clock, random, pollState: (ref) => states[ref] ?? null });
  const at = (ms: number) => {
    clock.current = T0 + ms;
  };
  return { clock, pace, at, states };
}
const pending = (lastCheckedAtMs: number | null = T0, scheduledAtMs: number | null = null): PollState => ({ status: 'pending', scheduledAtMs, lastCheckedAtMs });
const sending = (lastCheckedAtMs: number | null = T0): PollState => ({ status: 'sending', scheduledAtMs: null, lastCheckedAtMs });
const serverDown = () => new ServerError('task', 503);

describe('opening a task asks the service only at the spec’s pace', () => {
  it('a pending task: not before 30 s since the last answer, at 30 s', () => {
    const { pace, at } = setup({ a: pending() });
    at(PENDING - 1);
    expect(pace.dueNow('a')).toBe(false);
    expect(pace.dueAt('a')).toBe(T0 + PENDING);
    at(PENDING);
    expect(pace.dueNow('a')).toBe(true);
  });

  it('a task being sent: not before a minute, at a minute', () => {
    const { pace, at } = setup({ s: sending() });
    at(SENDING - 1);
    expect(pace.dueNow('s')).toBe(false);
    at(SENDING);
    expect(pace.dueNow('s')).toBe(true);
  });

  it('a task never answered about is asked at once; one scheduled later not before its time', () => {
    const { pace, at } = setup({ fresh: pending(null), later: pending(null, T0 + 10 * MINUTE) });
    expect(pace.dueNow('fresh')).toBe(true);
    at(10 * MINUTE - 1);
    expect(pace.dueNow('later')).toBe(false);
    at(10 * MINUTE);
    expect(pace.dueNow('later')).toBe(true);
  });

  it('an ended task, or one the history does not hold, is never asked about', () => {
    const { pace, at } = setup({ d: { status: 'done', scheduledAtMs: null, lastCheckedAtMs: T0 }, f: { status: 'failed', scheduledAtMs: null, lastCheckedAtMs: T0 } });
    at(24 * 60 * MINUTE);
    for (const ref of ['d', 'f', 'unknown']) {
      expect(pace.dueNow(ref)).toBe(false);
      expect(pace.dueAt(ref)).toBeNull();
    }
  });

  it('a question of this tracker counts even when its answer never reached the history (pending 30 s, sending 60 s)', () => {
    const { pace, at } = setup({ a: pending(T0 - 10 * MINUTE), s: sending(T0 - 10 * MINUTE) });
    expect(pace.dueNow('a')).toBe(true);
    pace.noteAsked('a');
    pace.noteAsked('s');
    at(PENDING - 1);
    expect(pace.dueNow('a')).toBe(false);
    expect(pace.dueAt('a')).toBe(T0 + PENDING);
    at(PENDING);
    expect(pace.dueNow('a')).toBe(true);
    at(SENDING - 1);
    expect(pace.dueNow('s')).toBe(false);
    at(SENDING);
    expect(pace.dueNow('s')).toBe(true);
  });

  it('nothing is asked while offline or asleep, and at once when back', () => {
    const { pace } = setup({ a: pending(null) });
    pace.setOnline(false);
    expect([pace.dueNow('a'), pace.canPoll(), pace.mayAsk()]).toEqual([false, false, false]);
    pace.setOnline(true);
    expect([pace.dueNow('a'), pace.canPoll(), pace.mayAsk()]).toEqual([true, true, true]);
    pace.suspend();
    expect([pace.dueNow('a'), pace.canPoll(), pace.mayAsk()]).toEqual([false, false, false]);
    pace.resume();
    expect([pace.dueNow('a'), pace.canPoll(), pace.mayAsk()]).toEqual([true, true, true]);
  });
});

describe('when the service fails, every question waits', () => {
  it('15 s after the first failure, 30 s after the second; asking again ends the wait', () => {
    const { pace, at } = setup({ a: pending(T0 - MINUTE) });
    expect(pace.failed('a', serverDown())).toEqual({ waitMs: FIRST_BACKOFF, what: 'server' });
    expect(pace.failures()).toBe(1);
    at(FIRST_BACKOFF - 1);
    expect([pace.mayAsk(), pace.dueNow('a')]).toEqual([false, false]);
    expect(pace.dueAt('a')).toBe(T0 + FIRST_BACKOFF);
    at(FIRST_BACKOFF);
    expect([pace.mayAsk(), pace.dueNow('a')]).toEqual([true, true]);
    expect(pace.failed('a', serverDown())).toEqual({ waitMs: 2 * FIRST_BACKOFF, what: 'server' });
    expect(pace.failures()).toBe(2);
    at(3 * FIRST_BACKOFF - 1);
    expect(pace.mayAsk()).toBe(false);
    at(3 * FIRST_BACKOFF);
    expect(pace.mayAsk()).toBe(true);
    pace.failed('a', serverDown());
    pace.answered('a');
    expect([pace.failures(), pace.mayAsk(), pace.dueNow('a')]).toEqual([0, true, true]);
  });

  it('a 429 waits as long as the service asks when that is longer than the backoff, never shorter', () => {
    const { pace, at } = setup({ a: pending(T0 - MINUTE) });
    expect(pace.failed('a', new RateLimitedError('task', 429, 90 * SECOND))?.waitMs).toBe(90 * SECOND);
    at(90 * SECOND - 1);
    expect(pace.mayAsk()).toBe(false);
    at(90 * SECOND);
    expect(pace.mayAsk()).toBe(true);
    pace.serviceBack();
    expect(pace.failed('a', new RateLimitedError('task', 429, 5 * SECOND))).toEqual({ waitMs: FIRST_BACKOFF, what: 'rate_limited' });
    pace.serviceBack();
    expect(pace.failed('a', new RateLimitedError('task', 429, null))?.waitMs).toBe(FIRST_BACKOFF);
  });

  it('the waits carry jitter within ±20 %', () => {
    expect(setup({}, () => 0).pace.failed('a', serverDown())?.waitMs).toBe(12 * SECOND);
    expect(setup({}, () => 1).pace.failed('a', serverDown())?.waitMs).toBe(18 * SECOND);
  });

  it('the window shows retrying with the next attempt and the reason, offline and paused keep the count', () => {
    const { pace, at } = setup();
    expect(pace.health()).toEqual({ state: 'ok', failures: 0, retryAtMs: null, lastError: null });
    pace.failed('a', new AuthError('task', 401, 'auth.failed'));
    expect(pace.health()).toEqual({ state: 'retrying', failures: 1, retryAtMs: T0 + FIRST_BACKOFF, lastError: 'auth.failed' });
    pace.failed('a', new TypeError('fetch failed'));
    expect(pace.health()).toMatchObject({ state: 'retrying', failures: 2, lastError: 'TypeError' });
    pace.failed('a', 'something odd');
    expect(pace.health()).toMatchObject({ failures: 3, lastError: 'error' });
    pace.suspend();
    expect(pace.health()).toEqual({ state: 'paused', failures: 3, retryAtMs: null, lastError: 'error' });
    pace.setOnline(false);
    expect(pace.health()).toEqual({ state: 'offline', failures: 3, retryAtMs: null, lastError: 'error' });
    pace.resume();
    expect(pace.health()).toMatchObject({ state: 'offline', failures: 0 });
    expect(pace.setOnline(true)).toBe(true);
    expect(pace.setOnline(true)).toBe(false);
    at(1);
    expect(pace.health()).toEqual({ state: 'ok', failures: 0, retryAtMs: null, lastError: null });
  });

  it('coming back online forgets the wait; going offline or staying online does not', () => {
    const { pace } = setup();
    pace.failed('a', serverDown());
    expect(pace.setOnline(true)).toBe(false);
    expect(pace.failures()).toBe(1);
    expect(pace.setOnline(false)).toBe(false);
    expect(pace.failures()).toBe(1);
    expect(pace.setOnline(true)).toBe(true);
    expect([pace.failures(), pace.mayAsk()]).toEqual([0, true]);
  });
});

describe('a task the service does not know', () => {
  it('is left alone for an hour; the others, and the window, carry on', () => {
    const { pace, at } = setup({ gone: pending(T0 - MINUTE), other: pending(T0 - MINUTE) });
    expect(pace.failed('gone', new NotFoundError('task', 404))).toBeNull();
    expect(pace.health().state).toBe('ok');
    expect([pace.mayAsk(), pace.dueNow('other'), pace.dueNow('gone')]).toEqual([true, true, false]);
    at(NOT_FOUND - 1);
    expect(pace.dueNow('gone')).toBe(false);
    at(NOT_FOUND);
    expect(pace.dueNow('gone')).toBe(true);
  });

  it('an answer about it, or new connection settings, end the pause', () => {
    const { pace } = setup({ gone: pending(T0 - MINUTE) });
    pace.failed('gone', new NotFoundError('task', 404));
    pace.answered('gone');
    expect(pace.dueNow('gone')).toBe(true);
    pace.failed('gone', new NotFoundError('task', 404));
    pace.failed('other', serverDown());
    pace.forgetBackoff();
    expect([pace.dueNow('gone'), pace.failures(), pace.mayAsk()]).toEqual([true, 0, true]);
  });
});

describe('the background round', () => {
  it('asks a task the history calls due only if this tracker did not ask it within its interval', () => {
    const { pace } = setup();
    const c = { taskRef: 'a', status: 'pending', dueAtMs: T0 };
    expect(pace.dueInRound(c, T0)).toBe(true);
    expect(pace.dueInRound({ ...c, dueAtMs: T0 + 1 }, T0)).toBe(false);
    pace.noteAsked('a');
    expect(pace.dueInRound(c, T0 + PENDING - 1)).toBe(false);
    expect(pace.dueInRound(c, T0 + PENDING)).toBe(true);
    pace.failed('a', serverDown());
    expect(pace.dueInRound(c, T0 + FIRST_BACKOFF - 1)).toBe(false);
  });

  it('sleeps until the first task is due, at least a second, at most the idle limit, and past a backoff', () => {
    const { pace } = setup();
    const idle = 15 * SECOND;
    expect(pace.nextRoundInMs([], idle)).toBe(idle);
    expect(pace.nextRoundInMs([{ taskRef: 'a', status: 'pending', dueAtMs: T0 + 5 * SECOND }, { taskRef: 'b', status: 'pending', dueAtMs: T0 + 8 * SECOND }], idle)).toBe(5 * SECOND);
    expect(pace.nextRoundInMs([{ taskRef: 'a', status: 'pending', dueAtMs: T0 + MINUTE }], idle)).toBe(idle);
    expect(pace.nextRoundInMs([{ taskRef: 'a', status: 'pending', dueAtMs: T0 - MINUTE }], idle)).toBe(SECOND);
    expect(pace.nextRoundInMs([{ taskRef: 'a', status: 'pending', dueAtMs: T0 + 1_500 }], idle)).toBe(1_500);
    pace.noteAsked('a');
    expect(pace.nextRoundInMs([{ taskRef: 'a', status: 'pending', dueAtMs: T0 }], MINUTE)).toBe(PENDING);
    pace.failed('b', serverDown());
    expect(pace.nextRoundInMs([], 5 * SECOND)).toBe(FIRST_BACKOFF);
  });
});

describe('news of a charge (a visible task being sent may have moved)', () => {
  it('asks a task being sent a minute after it was last heard of or asked, never a pending one', () => {
    const { pace, at, states } = setup({ s: sending(), p: pending(T0 - 10 * MINUTE) });
    at(SENDING - 1);
    expect(pace.dueOnEvidence('s')).toBe(false);
    at(SENDING);
    expect(pace.dueOnEvidence('s')).toBe(true);
    expect(pace.dueOnEvidence('p')).toBe(false);
    expect(pace.dueOnEvidence('unknown')).toBe(false);
    pace.noteAsked('s');
    at(2 * SENDING - 1);
    expect(pace.dueOnEvidence('s')).toBe(false);
    at(2 * SENDING);
    expect(pace.dueOnEvidence('s')).toBe(true);
    states.s = sending(T0 + 2 * SENDING);
    expect(pace.dueOnEvidence('s')).toBe(false);
    pace.failed('x', serverDown());
    at(3 * SENDING);
    expect(pace.dueOnEvidence('s')).toBe(true);
  });

  it('a backoff holds it back too', () => {
    const { pace, at } = setup({ s: sending(T0 - 10 * MINUTE) });
    pace.failed('x', serverDown());
    expect(pace.dueOnEvidence('s')).toBe(false);
    at(FIRST_BACKOFF);
    expect(pace.dueOnEvidence('s')).toBe(true);
  });
});

describe('the refresh button', () => {
  it('waits out the floor since the last answer or question, then may ask', () => {
    const floor = 10 * SECOND;
    const { pace, at } = setup({ a: pending(T0), fresh: pending(null) });
    at(4 * SECOND);
    expect(pace.manualWaitMs('a', floor)).toBe(6 * SECOND);
    at(floor - 1);
    expect(pace.manualWaitMs('a', floor)).toBe(1);
    at(floor);
    expect(pace.manualWaitMs('a', floor)).toBeLessThanOrEqual(0);
    pace.noteAsked('a');
    expect(pace.manualWaitMs('a', floor)).toBe(floor);
    expect(pace.manualWaitMs('fresh', floor)).toBeLessThanOrEqual(0);
    expect(pace.manualWaitMs('unknown', floor)).toBeLessThanOrEqual(0);
  });
});

describe('rows on screen', () => {
  it('are asked first, the rest in the order given, for two minutes after they were shown', () => {
    const { pace, at } = setup();
    pace.markVisible(['c', 'e']);
    expect(pace.visibleFirst(['a', 'b', 'c', 'd', 'e'], T0)).toEqual(['c', 'e', 'a', 'b', 'd']);
    expect(pace.visible()).toEqual(['c', 'e']);
    at(2 * MINUTE - 1);
    expect(pace.visible()).toEqual(['c', 'e']);
    expect(pace.visibleFirst(['a', 'e'], T0 + 2 * MINUTE - 1)).toEqual(['e', 'a']);
    at(2 * MINUTE);
    expect(pace.visible()).toEqual([]);
    expect(pace.visibleFirst(['a', 'e'], T0 + 2 * MINUTE)).toEqual(['a', 'e']);
  });

  it('a table of thousands of rows on screen keeps them all first', () => {
    const { pace, at } = setup();
    pace.markVisible(['old']);
    at(2 * MINUTE);
    const rows = Array.from({ length: 5_001 }, (_, i) => `t${i}`);
    pace.markVisible(rows);
    expect(pace.visible()).toHaveLength(5_001);
    expect(pace.visibleFirst(['old', 't5000'], T0 + 2 * MINUTE)).toEqual(['t5000', 'old']);
  });
});
