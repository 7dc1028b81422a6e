import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRetryableCode } from '@shared/api/failure-codes';
import { accountSchema, createdTaskSchema, recipientRecordSchema, taskSchema } from '@shared/api/schemas';

const recipient = {
  rcpt_ref: 'rcpt_1',
  phone_number: '8613800000001',
  unit_price: 0.3,
  page_count: 2,
  charged_amount: 0.6,
  status: 'success',
  failed_code: null,
  failed_reason: null,
  completed_at: '2024-05-01 10:00:00',
  created_at: '2024-05-01 09:59:00',
};

const task = {
  task_ref: 'task_1',
  name: 'Order',
  status: 'sending',
  scheduled_at: '2024-05-01 09:59:00',
  created_at: '2024-05-01 09:59:00',
  recipients: [recipient],
};

describe('the wire schemas read what the service may send, tolerantly', () => {
  it("reads the sample's task status 'completed' as 'done'", () => {
    expect(taskSchema.parse({ ...task, status: 'completed' }).status).toBe('done');
  });

  it('keeps unknown task and recipient states as raw strings', () => {
    const parsed = taskSchema.parse({ ...task, status: 'archived', recipients: [{ ...recipient, status: 'retrying' }] });
    expect(parsed.status).toBe('archived');
    expect(parsed.recipients[0]!.status).toBe('retrying');
  });

  it('accepts numbers sent as numeric strings', () => {
    const r = recipientRecordSchema.parse({ ...recipient, unit_price: '0.30', page_count: '2', charged_amount: '0.60' });
    expect(r).toMatchObject({ unit_price: 0.3, page_count: 2, charged_amount: 0.6 });
    expect(accountSchema.parse({ uid: 7, name: 'A', balance: '12.50', webhook_url: null, status: 'active', created_at: 'a', updated_at: 'b' }))
      .toMatchObject({ uid: '7', balance: 12.5 });
  });

  it('refuses text where a number must be', () => {
    expect(recipientRecordSchema.safeParse({ ...recipient, page_count: 'two' }).success).toBe(false);
    expect(recipientRecordSchema.safeParse({ ...recipient, page_count: '2.5' }).success).toBe(false);
  });

  it('keeps unknown fields and reads missing nullable fields as null', () => {
    const { failed_code: _a, completed_at: _b, ...partial } = recipient;
    const r = recipientRecordSchema.parse({ ...partial, carrier: 'x' });
    expect(r.failed_code).toBeNull();
    expect(r.completed_at).toBeNull();
    expect((r as Record<string, unknown>).carrier).toBe('x');
  });

  it('the create answer needs only refs and numbers per recipient, and tolerates a missing scheduled_at', () => {
    const { scheduled_at: _s, ...rest } = task;
    const created = createdTaskSchema.parse({ ...rest, status: 'pending', recipients: [{ rcpt_ref: 'r', phone_number: '1' }] });
    expect(created.scheduled_at).toBeNull();
  });

  it('never throws on any status text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (t, r) => {
        const parsed = taskSchema.safeParse({ ...task, status: t, recipients: [{ ...recipient, status: r }] });
        expect(parsed.success).toBe(true);
      }),
    );
  });
});

describe('retryable failure codes', () => {
  it('BUSY and NO_ANSWER are retryable, in any case; others are not', () => {
    expect(isRetryableCode('BUSY')).toBe(true);
    expect(isRetryableCode(' no_answer ')).toBe(true);
    expect(isRetryableCode('INVALID_NUMBER')).toBe(false);
    expect(isRetryableCode(null)).toBe(false);
  });
});
