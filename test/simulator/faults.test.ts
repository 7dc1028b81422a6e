import { describe, expect, it } from 'vitest';
import { authHeaders, call, createTask, sim, uploadPdf, waitFor } from './helpers';
import type { RunningSimulator } from '../../src/simulator/index';

async function rawCreate(s: RunningSimulator, fileRef: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${s.baseUrl}/api/v2/faxes`, {
    method: 'POST',
    headers: { ...authHeaders(s), 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'n', file_refs: [fileRef], phone_numbers: ['8613800000001'] }),
    signal: signal ?? null,
  });
}

describe('fault injection: every request', () => {
  it('adds latency before answering', async () => {
    const s = await sim({ faults: { latencyMs: 300 } });
    const t0 = Date.now();
    expect((await call(s, 'GET', '/api/v2/account/status')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(295);
    s.setFaults({ latencyMs: 0 });
    const t1 = Date.now();
    await call(s, 'GET', '/api/v2/account/status');
    expect(Date.now() - t1).toBeLessThan(250);
  });

  it('answers the configured fraction of requests with a 500 envelope, before authentication', async () => {
    const s = await sim({ faults: { errorRate: 0.5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(s, 'GET', '/api/v2/account/status')).status);
    expect(statuses.filter((x) => x === 500)).toHaveLength(3);
    expect(statuses.filter((x) => x === 200)).toHaveLength(3);
    s.setFaults({ errorRate: 1 });
    const r = await call(s, 'POST', '/api/v2/faxes', { auth: false, json: {} });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ success: false, message: 'Failed to create fax job' });
    expect(typeof r.body.errors).toBe('string');
    const up = await call(s, 'POST', '/api/v2/files/upload', { body: 'x', headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'a.txt' } });
    expect(up.status).toBe(500);
    expect(up.body.success).toBe(false);
  });

  it('answers every Nth request 429 with Retry-After', async () => {
    const s = await sim();
    s.setFaults({ rateLimit: { every: 3, retryAfterSeconds: 7 } });
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await call(s, 'GET', '/api/v2/account/status'));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 429, 200, 200, 429]);
    expect(replies[2]!.headers.get('retry-after')).toBe('7');
    expect(replies[2]!.body).toMatchObject({ success: false, message: 'Too many requests' });
    s.setFaults({ rateLimit: null });
    for (let i = 0; i < 4; i++) expect((await call(s, 'GET', '/api/v2/account/status')).status).toBe(200);
  });

  it('logs every request with its status and counts them by route', async () => {
    const s = await sim();
    await call(s, 'GET', '/api/v2/account/status');
    await call(s, 'GET', '/api/v2/faxes/none');
    await call(s, 'GET', '/nowhere');
    const log = s.requestLog();
    expect(log.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', '/api/v2/account/status', 200],
      ['GET', '/api/v2/faxes/none', 404],
      ['GET', '/nowhere', 404],
    ]);
    expect(s.counters()).toMatchObject({
      requests: 3,
      tasksCreated: 0,
      byRoute: { 'GET /api/v2/account/status': 1, 'GET /api/v2/faxes/{task_ref}': 1, unknown: 1 },
    });
  });
});

describe('fault injection: create-task', () => {
  it('commit-then-drop: the task exists but the client gets no answer', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.setFaults({ create: 'commit-then-drop' });
    await expect(rawCreate(s, ref)).rejects.toThrow();
    expect(s.taskCount()).toBe(1);
    expect(s.counters().tasksCreated).toBe(1);
  });

  it('reset-mid-response: the task exists and the answer breaks off half way', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.setFaults({ create: 'reset-mid-response' });
    await expect(rawCreate(s, ref).then((r) => r.text())).rejects.toThrow();
    expect(s.taskCount()).toBe(1);
  });

  it('timeout: the task exists and no answer comes until the client gives up; stop() still closes', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.setFaults({ create: 'timeout' });
    await expect(rawCreate(s, ref, AbortSignal.timeout(300))).rejects.toThrow(/abort|timeout/i);
    expect(s.taskCount()).toBe(1);
    const before = s.counters().requests;
    const pending = rawCreate(s, ref).then(
      () => 'answered',
      () => 'closed',
    );
    await waitFor(() => s.counters().requests > before || undefined, 5000, 'the second create to arrive');
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await pending).toBe('closed');
  });

  it('500-after-commit: the task exists and the answer is a 500 envelope', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.setFaults({ create: '500-after-commit' });
    const r = await rawCreate(s, ref);
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ success: false, message: 'Failed to create fax job' });
    expect(s.taskCount()).toBe(1);
  });

  it('429-before-commit: nothing is created and Retry-After is sent', async () => {
    const s = await sim({ faults: { create: '429-before-commit' } });
    const ref = await uploadPdf(s);
    const r = await rawCreate(s, ref);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await r.json()) as { success: boolean }).success).toBe(false);
    expect(s.taskCount()).toBe(0);
  });

  it('applies a create fault only to the next createFaultCount creates that commit', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.setFaults({ create: '500-after-commit', createFaultCount: 1 });
    // a refused create does not use up the fault
    expect((await call(s, 'POST', '/api/v2/faxes', { json: {} })).status).toBe(400);
    expect((await rawCreate(s, ref)).status).toBe(500);
    expect((await rawCreate(s, ref)).status).toBe(200);
    expect(s.taskCount()).toBe(2);
    s.setFaults({ create: 'none' });
    expect((await createTask(s, [ref], ['8613800000001'])).status).toBe(200);
  });
});
