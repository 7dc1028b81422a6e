import { describe, expect, it } from 'vitest';
import { call, createTask, sim, TIMESTAMP, uploadPdf, wallClock } from './helpers';
import { ManualClock } from '../helpers/manual-clock';

const FAXES = '/api/v2/faxes';

describe('create task: success', () => {
  it('answers Fax queued for sending with the task, status pending and one rcpt_ref per recipient', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    const phones = ['8613800000001', '8613800000002', '8613800000001'];
    const r = await createTask(s, [ref], phones, { name: '季度报告' });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Fax queued for sending');
    const d = r.body.data;
    expect(Object.keys(d).sort()).toEqual(['created_at', 'name', 'recipients', 'scheduled_at', 'status', 'task_ref']);
    expect(d).toMatchObject({ name: '季度报告', status: 'pending' });
    expect(d.task_ref).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(d.created_at).toMatch(TIMESTAMP);
    // scheduled_at omitted: the response reports the creation time (documented choice)
    expect(d.scheduled_at).toBe(d.created_at);
    expect(d.recipients).toHaveLength(3);
    expect(d.recipients.map((x: { rcpt_ref: string; phone_number: string }) => x.phone_number)).toEqual(phones);
    for (const x of d.recipients) {
      expect(Object.keys(x).sort()).toEqual(['phone_number', 'rcpt_ref']);
      expect(x.rcpt_ref).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(new Set(d.recipients.map((x: { rcpt_ref: string; phone_number: string }) => x.rcpt_ref)).size).toBe(3);
    expect(s.counters().tasksCreated).toBe(1);
  });

  it('accepts 3 files, 100 recipients, a 255-character name and 7- and 15-digit numbers', async () => {
    const s = await sim({ balance: 10_000 });
    const refs = [await uploadPdf(s), await uploadPdf(s), await uploadPdf(s)];
    const phones = Array.from({ length: 100 }, (_, i) => (i % 2 ? '1234567' : `86138${String(i).padStart(10, '0')}`));
    const r = await createTask(s, refs, phones, { name: 'n'.repeat(255) });
    expect(r.status).toBe(200);
    expect(r.body.data.recipients).toHaveLength(100);
  });
});

describe('create task: validation (400 Invalid parameters, errors keyed by field)', () => {
  async function invalid(body: unknown): Promise<Record<string, string[]>> {
    const s = await sim();
    const r = await call(s, 'POST', FAXES, { json: body });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('Invalid parameters');
    for (const msgs of Object.values(r.body.errors)) {
      expect(Array.isArray(msgs)).toBe(true);
      for (const m of msgs as unknown[]) expect(typeof m).toBe('string');
    }
    expect(s.taskCount()).toBe(0);
    return r.body.errors;
  }

  it('reports every missing required field at once', async () => {
    const e = await invalid({});
    expect(Object.keys(e).sort()).toEqual(['file_refs', 'name', 'phone_numbers']);
    expect(e.name).toEqual(['The name field is required.']);
    expect(e.file_refs).toEqual(['The file_refs field is required.']);
    expect(e.phone_numbers).toEqual(['The phone_numbers field is required.']);
  });

  it('treats a JSON body that is not an object as missing fields', async () => {
    expect(Object.keys(await invalid([1, 2])).sort()).toEqual(['file_refs', 'name', 'phone_numbers']);
  });

  it('checks name: string, non-empty, at most 255 characters', async () => {
    const base = { file_refs: ['f'], phone_numbers: ['8613800000000'] };
    expect((await invalid({ ...base, name: '' })).name).toEqual(['The name field is required.']);
    expect((await invalid({ ...base, name: 12 })).name).toEqual(['The name field must be a string.']);
    expect((await invalid({ ...base, name: 'x'.repeat(256) })).name).toEqual(['The name field must not be greater than 255 characters.']);
  });

  it('checks file_refs: an array of 1 to 3 non-empty strings of at most 64 characters', async () => {
    const base = { name: 'n', phone_numbers: ['8613800000000'] };
    expect((await invalid({ ...base, file_refs: 'abc' })).file_refs).toEqual(['The file_refs field must be an array.']);
    expect((await invalid({ ...base, file_refs: [] })).file_refs).toEqual(['The file_refs field is required.']);
    expect((await invalid({ ...base, file_refs: ['a', 'b', 'c', 'd'] })).file_refs).toEqual(['The file_refs field must not have more than 3 items.']);
    const e = await invalid({ ...base, file_refs: ['', 'x'.repeat(65), 7] });
    expect(e['file_refs.0']).toEqual(['The file_refs.0 field is required.']);
    expect(e['file_refs.1']).toEqual(['The file_refs.1 field must not be greater than 64 characters.']);
    expect(e['file_refs.2']).toEqual(['The file_refs.2 field must be a string.']);
  });

  it('checks phone_numbers: 1 to 100 numbers of 7 to 15 digits starting with 1-9, keyed by index', async () => {
    const base = { name: 'n', file_refs: ['f'] };
    expect((await invalid({ ...base, phone_numbers: [] })).phone_numbers).toEqual(['The phone_numbers field is required.']);
    expect((await invalid({ ...base, phone_numbers: '8613800000000' })).phone_numbers).toEqual(['The phone_numbers field must be an array.']);
    const many = Array.from({ length: 101 }, () => '8613800000000');
    expect((await invalid({ ...base, phone_numbers: many })).phone_numbers).toEqual(['The phone_numbers field must not have more than 100 items.']);
    const e = await invalid({
      ...base,
      phone_numbers: ['8613800000000', '123456', '1234567890123456', '+8613800000000', '0861380000000', '86 1380000000', 86138000000],
    });
    expect(Object.keys(e).sort()).toEqual(['phone_numbers.1', 'phone_numbers.2', 'phone_numbers.3', 'phone_numbers.4', 'phone_numbers.5', 'phone_numbers.6']);
    expect(e['phone_numbers.3']![0]).toMatch(/^The phone_numbers.3 field format is invalid/);
    expect(e['phone_numbers.6']).toEqual(['The phone_numbers.6 field must be a string.']);
  });

  it('checks scheduled_at: format Y-m-d H:i:s, a real date, later than now in the service time zone', async () => {
    const base = { name: 'n', file_refs: ['f'], phone_numbers: ['8613800000000'] };
    const fmt = 'The scheduled_at field must match the format Y-m-d H:i:s.';
    expect((await invalid({ ...base, scheduled_at: '2030-01-01T10:00:00' })).scheduled_at).toEqual([fmt]);
    expect((await invalid({ ...base, scheduled_at: '2030-02-30 10:00:00' })).scheduled_at).toEqual([fmt]);
    expect((await invalid({ ...base, scheduled_at: 20300101 })).scheduled_at).toEqual(['The scheduled_at field must be a string.']);
    const past = wallClock(Date.now() - 60_000);
    expect((await invalid({ ...base, scheduled_at: past })).scheduled_at).toEqual(['The scheduled_at field must be a date after now.']);
  });

  it('reads scheduled_at in the service time zone, not UTC', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    // 30 minutes ahead in UTC wall-clock terms is 7.5 hours in the past in Shanghai
    const utcWall = wallClock(Date.now() + 30 * 60_000, 'UTC');
    const r = await createTask(s, [ref], ['8613800000000'], { scheduled_at: utcWall });
    expect(r.status).toBe(400);
    expect(r.body.errors.scheduled_at).toEqual(['The scheduled_at field must be a date after now.']);
    const shanghai = wallClock(Date.now() + 30 * 60_000);
    const ok = await createTask(s, [ref], ['8613800000000'], { scheduled_at: shanghai });
    expect(ok.status).toBe(200);
    expect(ok.body.data.scheduled_at).toBe(shanghai);
  });
});

describe('create task: business failures (422 Failed to create fax job, errors a string)', () => {
  async function refused(s: Awaited<ReturnType<typeof sim>>, body: Record<string, unknown>): Promise<string> {
    const r = await call(s, 'POST', FAXES, { json: { name: 'n', phone_numbers: ['8613800000000'], ...body } });
    expect(r.status).toBe(422);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('Failed to create fax job');
    expect(typeof r.body.errors).toBe('string');
    return r.body.errors as string;
  }

  it('names an unknown file_ref', async () => {
    const s = await sim();
    const good = await uploadPdf(s);
    const e = await refused(s, { file_refs: [good, 'file_doesnotexist'] });
    expect(e).toContain('file_doesnotexist');
    expect(e).not.toContain(good);
    expect(s.taskCount()).toBe(0);
  });

  it('names an expired file_ref', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.expireFileRefs();
    const e = await refused(s, { file_refs: [ref] });
    expect(e).toContain(ref);
    expect(e).toMatch(/expired/);
  });

  it('expires file_refs after the configured lifetime divided by speed', async () => {
    const clock = new ManualClock();
    const s = await sim({ fileRefLifetimeMs: 60_000, speed: 100, clock }); // 600 ms on the clock
    const ref = await uploadPdf(s);
    await clock.advance(590);
    expect((await createTask(s, [ref], ['8613800000000'])).status).toBe(200);
    await clock.advance(20);
    expect(await refused(s, { file_refs: [ref] })).toMatch(/expired/);
  });

  it('refuses a task whose worst-case cost exceeds the balance, and accepts one that fits exactly', async () => {
    const s = await sim({ balance: 0.9, unitPrice: 0.3 });
    const ref = await uploadPdf(s, 1);
    const e = await refused(s, { file_refs: [ref], phone_numbers: ['8613800000001', '8613800000002', '8613800000003', '8613800000004'] });
    expect(e).toMatch(/Insufficient balance/);
    expect(e).toContain('1.20');
    const ok = await createTask(s, [ref], ['8613800000001', '8613800000002', '8613800000003']);
    expect(ok.status).toBe(200);
    // the whole balance is now reserved for that task
    expect(await refused(s, { file_refs: [ref] })).toMatch(/Insufficient balance/);
  });

  it('refuses tasks from a suspended or inactive account', async () => {
    const s = await sim();
    const ref = await uploadPdf(s);
    s.setAccount({ status: 'suspended' });
    expect(await refused(s, { file_refs: [ref] })).toMatch(/suspended/);
    s.setAccount({ status: 'inactive' });
    expect(await refused(s, { file_refs: [ref] })).toMatch(/not activated/);
    s.setAccount({ status: 'active' });
    expect((await createTask(s, [ref], ['8613800000000'])).status).toBe(200);
  });
});
