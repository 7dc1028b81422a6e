import type { RecipientRecord } from '../../src/simulator/index';
import { describe, expect, it } from 'vitest';
import { call, createTask, getTask, sim, TIMESTAMP, uploadPdf } from './helpers';

const RECIPIENT_KEYS = [
  'charged_amount', 'completed_at', 'created_at', 'failed_code', 'failed_reason', 'page_count', 'phone_number', 'rcpt_ref', 'status', 'unit_price',
];

describe('task query', () => {
  it('returns Task details retrieved with full recipient records', async () => {
    const s = await sim({ unitPrice: 0.25 });
    const created = await createTask(s, [await uploadPdf(s)], ['8613800000001', '8613800000002']);
    const r = await getTask(s, created.body.data.task_ref);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Task details retrieved');
    const t = r.body.data;
    expect(Object.keys(t).sort()).toEqual(['created_at', 'name', 'recipients', 'scheduled_at', 'status', 'task_ref']);
    expect(t.task_ref).toBe(created.body.data.task_ref);
    expect(t.status).toBe('pending');
    for (const [i, rc] of (t.recipients as RecipientRecord[]).entries()) {
      expect(Object.keys(rc).sort()).toEqual(RECIPIENT_KEYS);
      expect(rc).toMatchObject({
        rcpt_ref: created.body.data.recipients[i].rcpt_ref,
        unit_price: 0.25,
        page_count: 0,
        charged_amount: 0,
        status: 'pending',
        failed_code: null,
        failed_reason: null,
        completed_at: null,
      });
      expect(rc.created_at).toMatch(TIMESTAMP);
    }
  });

  it('answers Invalid task_ref format with errors keyed uid for a bad identifier', async () => {
    const s = await sim();
    for (const ref of ['bad.ref', 'a%20b', 'x'.repeat(256), '%E4%BD%A0', 'a%2Fb', '%ZZ', '']) {
      const r = await getTask(s, ref);
      expect(r.status, ref).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toBe('Invalid task_ref format');
      expect(Object.keys(r.body.errors)).toEqual(['uid']);
      expect(r.body.errors.uid.length).toBeGreaterThan(0);
    }
  });

  it('answers Fax job not found (404, errors "") for a well-formed unknown ref', async () => {
    const s = await sim();
    const r = await getTask(s, 'task_0000-unknown');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'Fax job not found', errors: '' });
  });

  it('answers Failed to fetch task (500, errors a string) on a server failure', async () => {
    const s = await sim();
    s.setFaults({ errorRate: 1 });
    const r = await getTask(s, 'task_abc');
    expect(r.status).toBe(500);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('Failed to fetch task');
    expect(typeof r.body.errors).toBe('string');
    expect(r.body.errors.length).toBeGreaterThan(0);
  });
});

describe('recipient query', () => {
  it('returns Recipient details retrieved with the full record', async () => {
    const s = await sim();
    const created = await createTask(s, [await uploadPdf(s)], ['8613800000001']);
    const rcpt = created.body.data.recipients[0].rcpt_ref;
    const r = await call(s, 'GET', `/api/v2/fax/recipients/${rcpt}`);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Recipient details retrieved');
    expect(Object.keys(r.body.data).sort()).toEqual(RECIPIENT_KEYS);
    expect(r.body.data).toMatchObject({ rcpt_ref: rcpt, phone_number: '8613800000001', status: 'pending' });
  });

  it('answers Invalid rcpt_ref format with errors keyed uid', async () => {
    const s = await sim();
    for (const ref of ['has space', 'semi;colon', 'y'.repeat(300), '']) {
      const r = await call(s, 'GET', `/api/v2/fax/recipients/${encodeURIComponent(ref)}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Invalid rcpt_ref format');
      expect(Object.keys(r.body.errors)).toEqual(['uid']);
    }
  });

  it('answers Recipient not found (404, errors "")', async () => {
    const s = await sim();
    const r = await call(s, 'GET', '/api/v2/fax/recipients/rcpt_nothing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'Recipient not found', errors: '' });
  });

  it('answers Failed to fetch recipient (500, errors a string) on a server failure', async () => {
    const s = await sim();
    s.setFaults({ errorRate: 1 });
    const r = await call(s, 'GET', '/api/v2/fax/recipients/rcpt_abc');
    expect(r.status).toBe(500);
    expect(r.body.message).toBe('Failed to fetch recipient');
    expect(typeof r.body.errors).toBe('string');
  });
});
