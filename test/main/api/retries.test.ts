import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NetworkError, RateLimitedError, ServerError } from '@main/api/errors';
import { backoffDelayMs, parseRetryAfter } from '@main/api/retry';
import { client, closedPort, countingFetch, failure, instantSleep, sim } from './helpers';

const POLICY = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 300 };
const CREATE = 'POST /api/v2/faxes';
const ACCOUNT = 'GET /api/v2/account/status';

function textFile(): string {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-retry-')), 'memo.txt');
  fs.writeFileSync(p, 'hello\n');
  return p;
}

describe('queries retry transient failures with capped, jittered, exponential backoff', () => {
  it('full jitter: each wait is random() times the capped exponential ceiling', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, POLICY, () => 0.5))).toEqual([50, 100, 150, 150, 150]);
    expect(backoffDelayMs(3, POLICY, () => 0)).toBe(0);
    expect(backoffDelayMs(3, POLICY, () => 0.999)).toBe(299);
  });

  it('gives up on a persistent 500 after maxAttempts, with growing waits', async () => {
    const s = await sim({ faults: { errorRate: 1 } });
    const { waits, sleep } = instantSleep();
    const e = await failure(client(s.baseUrl, { retry: POLICY, sleep }).getAccount());
    expect(e).toBeInstanceOf(ServerError);
    expect(s.counters().byRoute[ACCOUNT]).toBe(4);
    expect(waits).toEqual([50, 100, 150]);
  });

  it('recovers when a 500 is followed by success', async () => {
    const s = await sim();
    const { waits, sleep } = instantSleep();
    const c = client(s.baseUrl, { retry: POLICY, sleep });
    s.setFaults({ errorRate: 0.5 }); // every second request fails
    await c.getAccount(); // the first passes; the next will fail
    const before = s.counters().requests;
    await expect(c.getAccount()).resolves.toMatchObject({ status: 'active' });
    expect(s.counters().requests - before).toBe(2);
    expect(s.requestLog().slice(-2).map((r) => r.status)).toEqual([500, 200]);
    expect(waits).toEqual([50]);
  });

  it('honours Retry-After on 429 when it is longer than the backoff', async () => {
    const s = await sim();
    const { waits, sleep } = instantSleep();
    const c = client(s.baseUrl, { retry: POLICY, sleep });
    s.setFaults({ rateLimit: { every: 2, retryAfterSeconds: 2 } });
    await c.getAccount(); // request 1 passes
    await expect(c.getTask('task_x').catch((e: Error) => e.name)).resolves.toBe('NotFoundError'); // 2 → 429, 3 → 404
    expect(s.requestLog().slice(-2).map((r) => r.status)).toEqual([429, 404]);
    expect(waits).toEqual([2000]);
  });

  it('does not sit out a Retry-After longer than maxRetryAfterMs: the caller gets it to schedule', async () => {
    const s = await sim({ faults: { rateLimit: { every: 1, retryAfterSeconds: 600 } } });
    const { waits, sleep } = instantSleep();
    const e = await failure(client(s.baseUrl, { retry: { ...POLICY, maxRetryAfterMs: 60_000 }, sleep }).getAccount());
    expect(e).toBeInstanceOf(RateLimitedError);
    expect((e as RateLimitedError).retryAfterMs).toBe(600_000);
    expect(waits).toEqual([]);
    expect(s.counters().requests).toBe(1);
  });

  it('retries a refused connection for a query', async () => {
    const counting = countingFetch();
    const { waits, sleep } = instantSleep();
    const e = await failure(client(await closedPort(), { retry: POLICY, sleep, fetch: counting.fetch }).getAccount());
    expect(e.code).toBe('network.unreachable');
    expect(counting.calls()).toBe(4);
    expect(waits).toHaveLength(3);
  });

  it('does not retry 400, 401 or 404', async () => {
    const s = await sim();
    const { waits, sleep } = instantSleep();
    const c = client(s.baseUrl, { retry: POLICY, sleep, getSecret: async () => 'not-the-secret' });
    await failure(c.getAccount());
    await failure(c.getTask('bad ref'));
    await failure(client(s.baseUrl, { retry: POLICY, sleep }).getTask('task_none'));
    expect(s.counters().requests).toBe(3);
    expect(waits).toEqual([]);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});

describe('a create is never repeated once it may have reached the service', () => {
  const faults = ['commit-then-drop', 'reset-mid-response', 'timeout', '500-after-commit'] as const;

  for (const fault of faults) {
    it(`'${fault}': exactly one task exists and the error says the outcome is unknown`, async () => {
      const s = await sim();
      const { waits, sleep } = instantSleep();
      const c = client(s.baseUrl, { retry: POLICY, sleep, timeoutMs: 400 });
      const file = await c.uploadFile(textFile());
      s.setFaults({ create: fault });
      const e = await failure(c.createTask({ name: 'Order', file_refs: [file.file_ref], phone_numbers: ['8613800000001'] }));
      expect(s.taskCount()).toBe(1);
      expect(s.counters().byRoute[CREATE]).toBe(1);
      expect(waits).toEqual([]);
      expect(e.outcomeUnknown).toBe(true);
      expect(e.code).toMatch(/\.outcome_unknown$/);
      expect(e.message).toMatch(/may have been created/);
      expect(e.toErrorData().message).toMatch(/not sent twice/);
    });
  }

  it("'429-before-commit': rate limited, not retried, no task", async () => {
    const s = await sim();
    const { waits, sleep } = instantSleep();
    const c = client(s.baseUrl, { retry: POLICY, sleep });
    const file = await c.uploadFile(textFile());
    s.setFaults({ create: '429-before-commit' });
    const e = await failure(c.createTask({ name: 'Order', file_refs: [file.file_ref], phone_numbers: ['8613800000001'] }));
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e.outcomeUnknown).toBe(false);
    expect(s.taskCount()).toBe(0);
    expect(s.counters().byRoute[CREATE]).toBe(1);
    expect(waits).toEqual([]);
  });

  it('a create refused before any byte was sent is tried once more, and succeeds once', async () => {
    const s = await sim();
    const file = await client(s.baseUrl).uploadFile(textFile());
    const counting = countingFetch(1);
    const { waits, sleep } = instantSleep();
    const c = client(s.baseUrl, { retry: POLICY, sleep, fetch: counting.fetch });
    const task = await c.createTask({ name: 'Order', file_refs: [file.file_ref], phone_numbers: ['8613800000001'] });
    expect(task.status).toBe('pending');
    expect(counting.calls()).toBe(2);
    expect(waits).toEqual([50]);
    expect(s.taskCount()).toBe(1);
  });

  it('a create whose connection stays refused is tried twice at most', async () => {
    const counting = countingFetch();
    const { sleep } = instantSleep();
    const c = client(await closedPort(), { retry: POLICY, sleep, fetch: counting.fetch });
    const e = await failure(c.createTask({ name: 'Order', file_refs: ['file_x'], phone_numbers: ['8613800000001'] }));
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).mayHaveReachedServer).toBe(false);
    expect(e.code).toBe('network.unreachable');
    expect(e.outcomeUnknown).toBe(false);
    expect(counting.calls()).toBe(2);
  });

  it('an upload under a 500 is not retried either', async () => {
    const s = await sim({ faults: { errorRate: 1 } });
    const { waits, sleep } = instantSleep();
    const e = await failure(client(s.baseUrl, { retry: POLICY, sleep }).uploadFile(textFile()));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.code).toBe('server'); // a stray upload costs nothing: no outcome-unknown warning
    expect(s.counters().requests).toBe(1);
    expect(waits).toEqual([]);
  });
});
