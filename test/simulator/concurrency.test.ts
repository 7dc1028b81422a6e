import type { RecipientRecord } from '../../src/simulator/index';
import { describe, expect, it } from 'vitest';
import { call, createTask, getTask, sim, uploadPdf, waitFor } from './helpers';

const phonesFor = (task: number): string[] =>
  Array.from({ length: 100 }, (_, i) => {
    // every 10th number is busy, every 25th does not answer
    const tail = i % 10 === 3 ? '666' : i % 25 === 7 ? '777' : String(100 + i);
    return `86${String(task).padStart(3, '0')}${String(i).padStart(4, '0')}${tail}`;
  });

describe('concurrency', () => {
  it('100 concurrent creates of 100-recipient tasks all complete with consistent charges', async () => {
    const s = await sim({ speed: 2000, balance: 10_000, unitPrice: 0.3 });
    const fileRef = await uploadPdf(s, 1);
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => createTask(s, [fileRef], phonesFor(i), { name: `bulk ${i}` })));
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
    const refs = replies.map((r) => r.body.data.task_ref as string);
    expect(new Set(refs).size).toBe(100);
    const rcpts = replies.flatMap((r) => r.body.data.recipients.map((x: { rcpt_ref: string; phone_number: string }) => x.rcpt_ref as string));
    expect(new Set(rcpts).size).toBe(10_000);

    await waitFor(() => s.tasks().every((t) => t.status === 'done') || undefined, 30_000, 'all tasks done');
    const tasks = await Promise.all(refs.map(async (ref) => (await getTask(s, ref)).body.data));
    let charged = 0;
    for (const [i, t] of tasks.entries()) {
      expect(t.status).toBe('done');
      expect(t.name).toBe(`bulk ${i}`);
      expect(t.recipients.map((r: RecipientRecord) => r.phone_number)).toEqual(phonesFor(i));
      for (const r of t.recipients) {
        const expectFail = r.phone_number.endsWith('666') || r.phone_number.endsWith('777');
        expect(r.status).toBe(expectFail ? 'failed' : 'success');
        expect(r.page_count).toBe(expectFail ? 0 : 1);
        expect(r.charged_amount).toBe(expectFail ? 0 : 0.3);
        charged += Math.round(r.charged_amount * 100);
      }
    }
    // 10 busy + 4 no-answer per task (i = 3,13,...,93 and 7,32,57,82 — none overlap)
    expect(charged).toBe(100 * 86 * 30);
    const balance = (await call(s, 'GET', '/api/v2/account/status')).body.data.balance;
    expect(Math.round(balance * 100)).toBe(10_000 * 100 - charged);
    expect(s.counters().tasksCreated).toBe(100);
  });

  it('never lets concurrent creates reserve more than the balance', async () => {
    // each task may cost up to 100 x 0.3 = 30 yuan: exactly 66 of them fit in 2,000 yuan
    const s = await sim({ speed: 1, balance: 2000, unitPrice: 0.3 });
    const fileRef = await uploadPdf(s, 1);
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => createTask(s, [fileRef], phonesFor(i))));
    const accepted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 422);
    expect(accepted).toHaveLength(66);
    expect(refused).toHaveLength(34);
    for (const r of refused) expect(r.body).toMatchObject({ message: 'Failed to create fax job', errors: expect.stringMatching(/Insufficient balance/) });
    expect(s.taskCount()).toBe(66);
    // nothing charged yet: reservations only
    expect((await call(s, 'GET', '/api/v2/account/status')).body.data.balance).toBe(2000);
  });
});
