/**
 * The resend rules on their own (mutation modules `resend-rules` and `resend-and-retry`): who a resend goes to, what
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
    expect(resendName('Invoice (resend) draft')).toBe('Invoice (resend) draft (resend)');
    expect(resendName('发票（重发）草稿', 'zh-CN')).toBe('发票（重发）草稿（重发）');
  });

  it('counts on past nine, in both languages', () => {
    expect(resendName('Invoice (resend 10)')).toBe('Invoice (resend 11)');
    expect(resendName('发票（重发 12）', 'zh-CN')).toBe('发票（重发 13）');
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

describe('what the user is told when a resend cannot go (or asks first)', () => {
  // resend-rules.ts builds these; the flow (resend.ts) throws them
  const rules = () => import('@main/tasks/resend-rules');
  const AT = Date.UTC(2026, 10, 27, 9, 30);

  it('nobody to resend: the busy/no-answer button points to the other one; the all-failed button says nothing failed', async () => {
    const { nothingToResend } = await rules();
    const retryable = nothingToResend('retryable');
    expect(retryable).toMatchObject({ code: 'tasks.nothing_to_resend', details: { variant: 'retryable' } });
    expect(retryable.message).toMatch(/busy or no answer.*“Resend to all failed”/);
    const all = nothingToResend('all');
    expect(all).toMatchObject({ code: 'tasks.nothing_to_resend', details: undefined });
    expect(all.message).toMatch(/has failed, so there is nothing to resend/);
  });

  it('resent before from this desk: asks again, naming the earlier resend and its time', async () => {
    const { alreadyResentHere } = await rules();
    const e = alreadyResentHere({ taskRef: 'T-2', name: 'Invoice (resend)', createdAtMs: AT });
    expect(e).toMatchObject({ code: 'tasks.already_resent', details: { taskRef: 'T-2', taskName: 'Invoice (resend)', resentAtMs: AT } });
    expect(e.message).toMatch(/^These recipients were already resent as “Invoice \(resend\)” at .*27 Nov.*\. Resend them again\?$/);
  });

  it('resent before by a colleague: the question names who and from which computer; this desk’s own is “You”, without the office variant', async () => {
    const { alreadyResentInOffice } = await rules();
    const colleague = alreadyResentInOffice({ taskRef: 'T-3', name: 'Invoice (resend)', senderName: 'Wang Wei', computerName: 'FRONT-PC', mine: false, atMs: AT });
    expect(colleague.message).toMatch(/^Wang Wei already resent these recipients as “Invoice \(resend\)” at .*27 Nov.* from FRONT-PC\. Resend them again\?$/);
    expect(colleague).toMatchObject({
      code: 'tasks.already_resent',
      details: { taskRef: 'T-3', taskName: 'Invoice (resend)', resentAtMs: AT, senderName: 'Wang Wei', computerName: 'FRONT-PC', variant: 'office' },
    });
    const mine = alreadyResentInOffice({ taskRef: null, name: 'Invoice (resend)', senderName: 'Li Na', computerName: 'DESK-2', mine: true, atMs: AT });
    expect(mine.message).toMatch(/^You already resent/);
    expect(mine.details).not.toHaveProperty('variant');
  });

  it('another desk’s fax: its file_refs are the documents, its recipients keep their status (none yet: pending)', async () => {
    const { officeSource, resendTargets: targets } = await rules();
    const source = officeSource({
      taskRef: 'T-9',
      name: 'Quote',
      documents: [{ name: 'quote.pdf', pages: 2, size: 1234, fileRef: 'fr-1' }],
      recipients: [
        { phoneNumber: '8613800000001', status: 'failed', failedCode: 'BUSY' },
        { phoneNumber: '8613800000002', status: null, failedCode: null },
      ],
      sentBy: { name: 'Li Na', computerName: 'DESK-2', mine: false },
    });
    expect(source).toEqual({
      taskRef: 'T-9',
      name: 'Quote',
      recipients: [
        { phoneNumber: '8613800000001', status: 'failed', failedCode: 'BUSY' },
        { phoneNumber: '8613800000002', status: 'pending', failedCode: null },
      ],
      files: [{ path: '', name: 'quote.pdf', size: 1234, pages: 2, fileRef: 'fr-1' }],
      sentBy: { name: 'Li Na', computerName: 'DESK-2', mine: false },
    });
    expect(targets(source, 'retryable')).toEqual(['8613800000001']);
  });

  it('another desk’s document the service no longer keeps: says whose computer has it and what to do', async () => {
    const { documentsGone, officeSource } = await rules();
    const source = officeSource({ taskRef: 'T-9', name: 'Quote', documents: [], recipients: [], sentBy: { name: 'Li Na', computerName: 'DESK-2', mine: false } });
    const e = documentsGone(source, 'quote.pdf');
    expect(e).toMatchObject({ code: 'office.documents_gone', details: { name: 'quote.pdf', senderName: 'Li Na', computerName: 'DESK-2' } });
    expect(e.message).toMatch(/“quote\.pdf” of “Quote”.*on Li Na’s computer \(DESK-2\).*Ask Li Na to resend it.*Nothing was sent\./);
  });

  it('the resend keeps the names the task was created with, by number (numbers without a name have none)', async () => {
    const { namesOf } = await rules();
    const names = namesOf({
      recipients: [
        { phoneNumber: '8613800000001', contactName: 'Wang Wei' },
        { phoneNumber: '8613800000002', contactName: null },
        { phoneNumber: '8613800000003', contactName: '' },
      ],
    } as unknown as Parameters<typeof namesOf>[0]);
    expect([...names]).toEqual([['8613800000001', 'Wang Wei']]);
  });
});
