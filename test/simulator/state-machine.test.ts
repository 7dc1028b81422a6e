import type { RecipientRecord } from '../../src/simulator/index';
import { describe, expect, it } from 'vitest';
import { call, createTask, getTask, sim, TIMESTAMP, uploadBytes, uploadPdf, waitFor, waitForTaskEnd, wallClock } from './helpers';
import { ManualClock } from '../helpers/manual-clock';

async function balance(s: Awaited<ReturnType<typeof sim>>): Promise<number> {
  return (await call(s, 'GET', '/api/v2/account/status')).body.data.balance as number;
}

describe('task lifecycle over simulated time (speed 200)', () => {
  it('moves pending -> sending -> done, with outcomes fixed by the number and exact charges', async () => {
    const s = await sim({ speed: 200, balance: 100, unitPrice: 0.3 });
    const refs = [await uploadPdf(s, 2), await uploadPdf(s, 1)];
    const phones = ['8613800000001', '8613800000666', '8613800000777', '8613800000888', '8613800000002'];
    const created = await createTask(s, refs, phones);
    const ref = created.body.data.task_ref;
    expect(created.body.data.status).toBe('pending');

    const sending = await waitFor(async () => {
      const t = (await getTask(s, ref)).body.data;
      return t.status === 'sending' && t.recipients.some((r: RecipientRecord) => r.status === 'sending') ? t : undefined;
    }, 5000, 'sending');
    expect(sending.status).toBe('sending');

    const t = await waitForTaskEnd(s, ref);
    expect(t.status).toBe('done');
    const byPhone = Object.fromEntries(t.recipients.map((r: RecipientRecord) => [r.phone_number, r]));
    for (const ok of ['8613800000001', '8613800000002']) {
      expect(byPhone[ok]).toMatchObject({ status: 'success', page_count: 3, charged_amount: 0.9, unit_price: 0.3, failed_code: null, failed_reason: null });
      expect(byPhone[ok]!.completed_at).toMatch(TIMESTAMP);
    }
    expect(byPhone['8613800000666']).toMatchObject({ status: 'failed', failed_code: 'BUSY', page_count: 0, charged_amount: 0 });
    expect(byPhone['8613800000777']).toMatchObject({ status: 'failed', failed_code: 'NO_ANSWER', page_count: 0, charged_amount: 0 });
    expect(byPhone['8613800000888']).toMatchObject({ status: 'failed', failed_code: 'NOT_A_FAX_MACHINE', page_count: 0, charged_amount: 0 });
    for (const p of ['8613800000666', '8613800000777', '8613800000888']) {
      expect(typeof byPhone[p]!.failed_reason).toBe('string');
      expect(byPhone[p]!.completed_at).toMatch(TIMESTAMP);
    }
    expect(await balance(s)).toBe(98.2);

    // the recipient query agrees with the task query
    const one = await call(s, 'GET', `/api/v2/fax/recipients/${byPhone['8613800000666']!.rcpt_ref}`);
    expect(one.body.data).toEqual(byPhone['8613800000666']);
  });

  it('rounds each charge to 0.01 yuan and takes exactly the charges from the balance', async () => {
    const s = await sim({ speed: 200, balance: 10, unitPrice: 0.333 });
    const created = await createTask(s, [await uploadPdf(s, 1)], ['8613800000001', '8613800000002', '8613800000003']);
    const t = await waitForTaskEnd(s, created.body.data.task_ref);
    for (const r of t.recipients) expect(r).toMatchObject({ page_count: 1, charged_amount: 0.33, unit_price: 0.333 });
    expect(await balance(s)).toBe(9.01);
  });

  it('keeps a scheduled task pending until its time, measured from now and divided by speed', async () => {
    const clock = new ManualClock(Date.parse('2026-11-25T10:00:00+08:00'));
    const s = await sim({ speed: 200, clock });
    const ref = await uploadPdf(s);
    const at = wallClock(clock.now() + 120_000); // 2 simulated minutes = 600 ms on the clock
    const created = await createTask(s, [ref], ['8613800000001'], { scheduled_at: at });
    expect(created.body.data.scheduled_at).toBe(at);
    const status = async () => (await getTask(s, created.body.data.task_ref)).body.data.status;
    await clock.advance(590);
    expect(await status()).toBe('pending');
    await clock.advance(20);
    expect(await status()).toBe('sending');
    await clock.advance(60_000);
    const done = (await getTask(s, created.body.data.task_ref)).body.data;
    expect(done.status).toBe('done');
    expect(done.scheduled_at).toBe(at);
  });

  it('fails the whole task with CONVERSION_FAILED when a PDF cannot be parsed, charging nothing', async () => {
    const s = await sim({ speed: 200, balance: 50 });
    const broken = await uploadBytes(s, 'broken.pdf', '%PDF-1.4\nthis is not really a pdf\n%%EOF');
    expect(broken.status).toBe(200);
    const good = await uploadPdf(s, 1);
    const created = await createTask(s, [good, broken.body.data.file_ref], ['8613800000001', '8613800000002']);
    expect(created.status).toBe(200);
    const t = await waitForTaskEnd(s, created.body.data.task_ref);
    expect(t.status).toBe('failed');
    for (const r of t.recipients) {
      expect(r).toMatchObject({ status: 'failed', failed_code: 'CONVERSION_FAILED', page_count: 0, charged_amount: 0 });
      expect(r.failed_reason).toMatch(/broken\.pdf/);
      expect(r.completed_at).toMatch(TIMESTAMP);
    }
    expect(await balance(s)).toBe(50);
  });

  it('cancels the recipients not yet dialled when the account is suspended mid-task', async () => {
    const s = await sim({ speed: 50 }); // 600 ms per recipient: time to suspend while the first five dial
    const phones = Array.from({ length: 12 }, (_, i) => `86138000000${String(i).padStart(2, '0')}`);
    const created = await createTask(s, [await uploadPdf(s)], phones);
    await waitFor(async () => ((await getTask(s, created.body.data.task_ref)).body.data.status === 'sending' ? true : undefined));
    s.setAccount({ status: 'suspended' });
    const t = await waitForTaskEnd(s, created.body.data.task_ref);
    expect(t.status).toBe('done');
    const canceled = t.recipients.filter((r: RecipientRecord) => r.status === 'canceled');
    const success = t.recipients.filter((r: RecipientRecord) => r.status === 'success');
    // five lines were already dialling; the rest are canceled, free of charge
    expect(success).toHaveLength(5);
    expect(canceled).toHaveLength(7);
    for (const r of canceled) expect(r).toMatchObject({ page_count: 0, charged_amount: 0, failed_code: null });
    expect((await call(s, 'GET', '/api/v2/account/status')).body.data.balance).toBe(500 - 5 * 0.3);
  });

  it('dials up to 5 recipients in parallel', async () => {
    const clock = new ManualClock();
    const s = await sim({ speed: 200, clock });
    const phones = Array.from({ length: 8 }, (_, i) => `861380000010${i}`);
    const created = await createTask(s, [await uploadPdf(s)], phones);
    let maxSending = 0;
    const ref = created.body.data.task_ref;
    // every 5 ms of the clock, as the loop did in real time: nothing is missed, nothing waits
    for (let step = 0; step < 10_000; step++) {
      const task = s.tasks().find((t) => t.task_ref === ref)!;
      maxSending = Math.max(maxSending, task.recipients.filter((r) => r.status === 'sending').length);
      if (task.status === 'done') break;
      await clock.advance(5);
    }
    expect(s.tasks().find((t) => t.task_ref === ref)!.status).toBe('done');
    expect(maxSending).toBe(5);
  });
});
