import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTask, sim, uploadBytes, uploadPdf, waitFor, waitForTaskEnd } from './helpers';
import { ManualClock } from '../helpers/manual-clock';

interface Delivery {
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
}

let receiver: Server | null = null;
afterEach(async () => {
  if (receiver) {
    receiver.closeAllConnections();
    await new Promise((r) => receiver!.close(r));
  }
  receiver = null;
});

/** A local webhook receiver; `answer` decides per attempt (1-based) what to do. */
async function startReceiver(answer: (n: number, res: ServerResponse) => void): Promise<{ url: string; got: Delivery[] }> {
  const got: Delivery[] = [];
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(got.length, res);
    });
  });
  await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, got };
}

const status = (code: number) => (_n: number, res: ServerResponse) => {
  res.statusCode = code;
  res.end();
};

/** Signed with the secret, stamped with the simulator's time (`nowMs`: the clock it was given). */
function expectSigned(d: Delivery, secret: string, nowMs = Date.now()): void {
  const ts = d.headers['x-fax-timestamp'] as string;
  expect(ts).toMatch(/^\d{10}$/);
  expect(Math.abs(Number(ts) - nowMs / 1000)).toBeLessThan(30);
  const expected = createHmac('sha256', secret).update(`${ts}.${d.body}`).digest('hex');
  expect(d.headers['x-fax-signature']).toBe(expected);
}

describe('webhooks', () => {
  it('posts task.completed with the final recipients, signed with the API secret', async () => {
    const { url, got } = await startReceiver(status(200));
    const s = await sim({ speed: 500, webhookUrl: url, apiSecret: 'hook-secret' });
    const created = await createTask(s, [await uploadPdf(s)], ['8613800000001', '8613800000666']);
    const task = await waitForTaskEnd(s, created.body.data.task_ref);
    await waitFor(() => got.length === 1 || undefined, 5000, 'delivery');
    const d = got[0]!;
    expect(d.headers['content-type']).toMatch(/^application\/json/);
    expect(d.headers['x-fax-event']).toBe('task.completed');
    expect(d.headers['x-fax-attempt']).toBe('1');
    expectSigned(d, 'hook-secret');
    const payload = JSON.parse(d.body);
    expect(Object.keys(payload).sort()).toEqual(['event', 'recipients', 'sent_at', 'status', 'task_ref']);
    expect(payload).toMatchObject({ event: 'task.completed', task_ref: task.task_ref, status: 'done' });
    expect(payload.recipients).toEqual(task.recipients);
    expect(payload.sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a wrong secret would not verify
    expect(createHmac('sha256', 'demo-secret').update(`${d.headers['x-fax-timestamp']}.${d.body}`).digest('hex')).not.toBe(d.headers['x-fax-signature']);
  });

  it('posts task.failed when the task fails as a whole', async () => {
    const { url, got } = await startReceiver(status(204));
    const s = await sim({ speed: 500 });
    s.setAccount({ webhookUrl: url });
    const broken = await uploadBytes(s, 'x.pdf', 'not a pdf');
    const created = await createTask(s, [broken.body.data.file_ref], ['8613800000001']);
    await waitFor(() => got.length === 1 || undefined, 5000, 'delivery');
    const payload = JSON.parse(got[0]!.body);
    expect(payload).toMatchObject({ event: 'task.failed', task_ref: created.body.data.task_ref, status: 'failed' });
    expect(payload.recipients[0].failed_code).toBe('CONVERSION_FAILED');
    expectSigned(got[0]!, 'demo-secret');
  });

  it('retries a non-2xx answer at increasing intervals with the same body and delivery id', async () => {
    const { url, got } = await startReceiver((n, res) => status(n <= 3 ? 500 : 200)(n, res));
    const clock = new ManualClock();
    const s = await sim({ speed: 1000, webhookUrl: url, clock });
    await createTask(s, [await uploadPdf(s)], ['8613800000001']);
    const started = clock.now();
    await clock.advance(1_000); // the task ends (30 ms at speed 1000)
    const gaps: number[] = [];
    for (let n = 1; n <= 3; n++) {
      await waitFor(() => got.length === n || undefined, 5000, `attempt ${n}`);
      const due = await waitFor(() => clock.nextAt() ?? undefined, 5000, `retry ${n} armed`);
      gaps.push(due - clock.now());
      await clock.advance(due - clock.now());
    }
    await waitFor(() => got.length === 4 || undefined, 5000, 'attempt 4');
    // Delivered on the 4th attempt: nothing is armed after a 2xx.
    await waitFor(() => s.webhookDeliveries()[0]?.state === 'delivered' || undefined, 5000, 'delivered');
    expect(s.webhookDeliveries()[0]!.attempts).toBe(4);
    expect(clock.pending).toBe(0);
    expect(got).toHaveLength(4);
    expect(got.map((d) => d.headers['x-fax-attempt'])).toEqual(['1', '2', '3', '4']);
    expect(new Set(got.map((d) => d.headers['x-fax-delivery'])).size).toBe(1);
    expect(new Set(got.map((d) => d.body)).size).toBe(1);
    for (const d of got) expectSigned(d, 'demo-secret', started);
    // 5, 10, 20 simulated seconds at speed 1000
    expect(gaps).toEqual([5, 10, 20]);
  });

  it('gives up after the first attempt and 5 retries', async () => {
    const { url, got } = await startReceiver(status(503));
    const clock = new ManualClock();
    const s = await sim({ speed: 1000, webhookUrl: url, clock });
    await createTask(s, [await uploadPdf(s)], ['8613800000001']);
    // each attempt is real I/O; the time between them is the clock's
    await clock.advance(60_000); // the task ends
    for (let n = 1; n <= 5; n++) {
      await waitFor(() => got.length === n || undefined, 5000, `attempt ${n}`);
      await waitFor(() => clock.pending > 0 || undefined, 5000, `retry ${n} armed`);
      await clock.advance(1_000_000);
    }
    await waitFor(() => got.length === 6 || undefined, 5000, 'attempt 6');
    // Given up after the 6th: no seventh attempt is armed.
    await waitFor(() => s.webhookDeliveries()[0]?.state === 'gave_up' || undefined, 5000, 'given up');
    expect(s.webhookDeliveries()[0]!.attempts).toBe(6);
    expect(clock.pending).toBe(0);
    expect(s.tasks()[0]!.status).toBe('done');
    expect(got).toHaveLength(6);
  });

  it('treats no answer within the timeout as a failed attempt: aborts it and retries', async () => {
    let firstAbandoned = false;
    const { url, got } = await startReceiver((n, res) => {
      if (n === 1) res.on('close', () => (firstAbandoned = !res.writableEnded)); // never answered
      else status(200)(n, res);
    });
    const s = await sim({ speed: 1000, webhookUrl: url });
    const t0 = Date.now();
    await createTask(s, [await uploadPdf(s)], ['8613800000001']);
    await waitFor(() => got.length === 2 || undefined, 5000, 'retry after timeout');
    expect(firstAbandoned).toBe(true);
    // attempt timeout is at least 2 s real, whatever the speed
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
    expect(got[1]!.headers['x-fax-attempt']).toBe('2');
    expect(got[1]!.body).toBe(got[0]!.body);
  });

  it('at --speed 1000 a healthy endpoint gets exactly one delivery per task end, even when the machine stalls', async () => {
    // The receiver answers 200 at once, then the process stalls past the attempt timeout
    // (as page counting of a large upload or a loaded machine does): the answer is already in.
    const { url, got } = await startReceiver((n, res) => {
      res.statusCode = 200;
      res.end();
      if (n !== 1) return;
      const until = Date.now() + 2_300;
      while (Date.now() < until) {
        // busy: the event loop is blocked past the attempt timeout
      }
    });
    const s = await sim({ speed: 1000, webhookUrl: url });
    const file = await uploadPdf(s);
    const tasks = [];
    for (const i of [1, 2, 3]) {
      const t = await createTask(s, [file], [`861380000000${i}`]);
      tasks.push(t);
      await waitForTaskEnd(s, t.body.data.task_ref);
      await waitFor(() => got.length >= i || undefined, 10_000, `delivery ${i}`);
    }
    // Each delivery is over ('delivered' or 'gave_up': no attempt follows either), so nothing more can arrive.
    await waitFor(() => s.webhookDeliveries().every((d) => d.state === 'delivered' || d.state === 'gave_up') || undefined, 10_000, 'deliveries over');
    expect(s.webhookDeliveries().map((d) => [d.taskRef, d.state, d.attempts])).toEqual(tasks.map((t) => [t.body.data.task_ref, 'delivered', 1]));
    const byTask = new Map<string, string[]>();
    for (const d of got) {
      const ref = JSON.parse(d.body).task_ref as string;
      byTask.set(ref, [...(byTask.get(ref) ?? []), d.headers['x-fax-attempt'] as string]);
    }
    expect([...byTask.keys()].sort()).toEqual(tasks.map((t) => t.body.data.task_ref as string).sort());
    for (const attempts of byTask.values()) expect(attempts).toEqual(['1']);
  }, 40_000);

  it('sends nothing when no webhook_url is configured', async () => {
    const { got } = await startReceiver(status(200));
    const s = await sim({ speed: 1000 });
    const created = await createTask(s, [await uploadPdf(s)], ['8613800000001']);
    await waitForTaskEnd(s, created.body.data.task_ref);
    // A delivery is recorded the moment its task ends, before any attempt: none was.
    expect(s.webhookDeliveries()).toEqual([]);
    expect(got).toHaveLength(0);
  });
});
