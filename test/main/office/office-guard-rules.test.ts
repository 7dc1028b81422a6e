/**
 * The office guards' rules that need no server: which protection a connection to the office database
 * gets (TLS by default; unencrypted only to this computer or where the user said the network is trusted,
 * refused before any byte is sent otherwise), and how long a send waits for an office-wide check before it
 * goes on without it (a desk never waits on the office server to send). Time is a test clock.
 */
import { describe, expect, it } from 'vitest';
import { withinGuardWait } from '@main/office/guard-wait';
import { protectionOf } from '@main/office/protection';
import { UserError } from '@main/errors';
import { ManualClock } from '../../helpers/manual-clock';

/** a send waits at most a second and a half for the office-wide check (the user barely notices) */
const WAIT_MS = 1_500;

function refusal(fields: { host: string; tls: boolean; allowPlain: boolean }): UserError {
  try {
    protectionOf(fields);
  } catch (e) {
    return e as UserError;
  }
  throw new Error(`expected ${fields.host} without TLS to be refused`);
}

describe('protection of the office connection', () => {
  it('TLS asked: verified TLS, to this computer or another, allowed plain or not', () => {
    expect(protectionOf({ host: 'db.office.example', tls: true, allowPlain: false })).toBe('tls-verified');
    expect(protectionOf({ host: 'db.office.example', tls: true, allowPlain: true })).toBe('tls-verified');
    expect(protectionOf({ host: '127.0.0.1', tls: true, allowPlain: false })).toBe('tls-verified');
  });

  it('without TLS: unencrypted to this computer, or to another once the user allowed it', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(protectionOf({ host, tls: false, allowPlain: false })).toBe('plain');
    expect(protectionOf({ host: 'db.office.example', tls: false, allowPlain: true })).toBe('plain');
  });

  it('without TLS to another computer, not allowed: refused in words that say what to do, on the TLS field', () => {
    for (const host of ['db.office.example', '192.168.1.20', 'db.localhost']) {
      const e = refusal({ host, tls: false, allowPlain: false });
      expect(e).toBeInstanceOf(UserError);
      expect(e.code).toBe('office.plain_refused');
      expect(e.message).toMatch(/unencrypted/);
      expect(e.message).toMatch(/Turn on TLS/);
      expect(e.fields).toEqual({ tls: [e.message] });
    }
  });
});

describe('a send waits a moment for the office-wide check, never longer', () => {
  const watch = <T>(p: Promise<T>) => {
    const seen: { value?: T; done: boolean } = { done: false };
    void p.then((value) => Object.assign(seen, { value, done: true }));
    return seen;
  };
  const tick = () => new Promise((r) => setImmediate(r));

  it('an answer just before the wait is up is the answer', async () => {
    const clock = new ManualClock(0);
    let answer!: (v: string) => void;
    const seen = watch(withinGuardWait(new Promise<string>((r) => (answer = r)), 'failed', () => {}, clock));
    await clock.advance(WAIT_MS - 1);
    await tick();
    expect(seen.done).toBe(false);
    answer('Li Na sent it at 11:06');
    await tick();
    expect(seen).toEqual({ value: 'Li Na sent it at 11:06', done: true });
    // and the wait leaves no timer behind
    expect(clock.pending).toBe(0);
  });

  it('a check that has not answered when the wait is up is late: the send goes on; a later answer changes nothing', async () => {
    const clock = new ManualClock(0);
    let answer!: (v: string) => void;
    const seen = watch(withinGuardWait(new Promise<string>((r) => (answer = r)), 'failed', () => {}, clock));
    await clock.advance(WAIT_MS - 1);
    await tick();
    expect(seen.done).toBe(false);
    await clock.advance(1);
    await tick();
    expect(seen).toEqual({ value: 'late', done: true });
    answer('too late');
    await tick();
    expect(seen.value).toBe('late');
  });

  it('a check that fails counts as what the caller says and is reported once; no timer is left', async () => {
    const clock = new ManualClock(0);
    const reported: unknown[] = [];
    const failure = new Error('connection terminated');
    const result = await withinGuardWait(Promise.reject(failure), 'no check', (e) => reported.push(e), clock);
    expect(result).toBe('no check');
    expect(reported).toEqual([failure]);
    expect(clock.pending).toBe(0);
  });

  it('without a test clock it waits on Node’s own timers', async () => {
    expect(await withinGuardWait(Promise.resolve('answered'), 'failed', () => {})).toBe('answered');
    const started = Date.now();
    expect(await withinGuardWait(new Promise<string>(() => {}), 'failed', () => {})).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
  });
});
