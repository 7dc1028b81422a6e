/**
 * The resend rules on their own (mutation module `resend-and-retry`): who a resend goes to, what
 * it is called, and that a task of another account is never resent on this one. The whole flow
 * against the simulator is in lifecycle.test.ts and resend-and-reports.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { assertSameProfile, resendName, resendTargets } from '@main/tasks/resend';
import { UserError } from '@main/errors';

const recipient = (phoneNumber: string, status: string | null, failedCode: string | null = null) => ({ phoneNumber, status, failedCode });
const detail = (...recipients: ReturnType<typeof recipient>[]) => ({ recipients }) as unknown as Parameters<typeof resendTargets>[0];

describe('who a resend goes to', () => {
  const task = detail(
    recipient('8613800000001', 'failed', 'BUSY'),
    recipient('8613800000002', 'success'),
    recipient('8613800000003', 'failed', 'NOT_FAX'),
    recipient('8613800000004', 'failed', ' no_answer '),
    recipient('8613800000005', null),
    recipient('8613800000006', 'sending'),
    recipient('8613800000001', 'failed', 'BUSY'),
    recipient('8613800000007', 'failed', null),
  );

  it('all failed: every failed number once, in the original order; delivered and unfinished ones never', () => {
    expect(resendTargets(task, 'all')).toEqual(['8613800000001', '8613800000003', '8613800000004', '8613800000007']);
  });

  it('busy or no answer only (the spec’s codes, however the service spells them): the others are left out', () => {
    expect(resendTargets(task, 'retryable')).toEqual(['8613800000001', '8613800000004']);
  });

  it('nothing failed: nobody', () => {
    expect(resendTargets(detail(recipient('8613800000002', 'success')), 'all')).toEqual([]);
    expect(resendTargets(detail(recipient('8613800000003', 'failed', 'NOT_FAX')), 'retryable')).toEqual([]);
  });
});

describe('what a resend is called', () => {
  it('the first resend says so; later ones count on, in the desk’s language', () => {
    expect(resendName('Invoice')).toBe('Invoice (resend)');
    expect(resendName('Invoice (resend)')).toBe('Invoice (resend 2)');
    expect(resendName('Invoice (resend 2)')).toBe('Invoice (resend 3)');
    expect(resendName('Invoice (resend 9)')).toBe('Invoice (resend 10)');
    expect(resendName('发票', 'zh-CN')).toBe('发票（重发）');
    expect(resendName('发票（重发）', 'zh-CN')).toBe('发票（重发 2）');
    expect(resendName('发票（重发 2）', 'zh-CN')).toBe('发票（重发 3）');
    // a desk that changed language counts on from the other language's mark
    expect(resendName('Invoice (resend 2)', 'zh-CN')).toBe('Invoice（重发 3）');
    expect(resendName('发票（重发）', 'en')).toBe('发票 (resend 2)');
  });

  it('only a mark at the very end counts; a name that merely contains one is kept whole', () => {
    expect(resendName('(resend) list')).toBe('(resend) list (resend)');
    expect(resendName('Invoice(resend)')).toBe('Invoice(resend) (resend)');
    expect(resendName('Invoice (resend x)')).toBe('Invoice (resend x) (resend)');
  });

  it('stays within the service’s 255 characters, keeping the mark whole', () => {
    const long = 'a'.repeat(255);
    const first = resendName(long);
    expect(first).toHaveLength(255);
    expect(first.endsWith('a (resend)')).toBe(true);
    const second = resendName(first);
    expect(second).toHaveLength(255);
    expect(second.endsWith('a (resend 2)')).toBe(true);
    const zh = resendName('发'.repeat(255), 'zh-CN');
    expect(zh).toHaveLength(255);
    expect(zh.endsWith('发（重发）')).toBe(true);
    // short names are not cut
    expect(resendName('a'.repeat(246))).toHaveLength(255);
  });
});

describe('a task of another account', () => {
  const refused = (task: { profile: string; name: string }, current: string) => {
    try {
      assertSameProfile(task, current, 'resent');
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      const u = e as UserError;
      return { code: u.code, message: u.message, details: u.details };
    }
  };

  it('the connected account’s own task may be resent', () => {
    expect(refused({ profile: 'account:abc', name: 'Quote' }, 'account:abc')).toBeNull();
    expect(refused({ profile: 'demo', name: 'Quote' }, 'demo')).toBeNull();
  });

  it('a demo fax is never resent on a real account, and the user is told to send it from the Send screen', () => {
    expect(refused({ profile: 'demo', name: 'Quote' }, 'account:abc')).toEqual({
      code: 'tasks.demo_readonly',
      message: '“Quote” is a demo fax: it cannot be resent on your account, and nothing was uploaded or sent. Send the documents from the Send screen to fax them for real.',
      details: { name: 'Quote', variant: 'demo' },
    });
  });

  it('another account’s task is refused with its name', () => {
    expect(refused({ profile: 'account:other', name: 'Quote' }, 'account:abc')).toEqual({
      code: 'tasks.demo_readonly',
      message: '“Quote” belongs to another account than the one connected: it cannot be resent here, and nothing was uploaded or sent.',
      details: { name: 'Quote' },
    });
  });
});
