import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../src/renderer/src/i18n';
import { CallError } from '../../src/renderer/src/lib/api';
import { describeError, formatSize } from '../../src/renderer/src/lib/describe-error';
import { API_ERROR_CODES, APP_ERROR_CODES } from '../../src/shared/errors/error-codes';

const ENGLISH_FROM_MAIN = 'An English sentence from main that must not be shown in Chinese.';
const err = (code: string, details?: Record<string, string | number | boolean | null>) =>
  new CallError({ code, message: ENGLISH_FROM_MAIN, ...(details ? { details } : {}) });

beforeAll(async () => {
  await initI18n('en');
});

describe('describeError', () => {
  it('gives every code a sentence of its own in Chinese: no code, no English, no empty placeholder', async () => {
    await changeLanguage('zh-CN');
    for (const code of [...API_ERROR_CODES, ...APP_ERROR_CODES]) {
      const text = describeError(err(code, { said: '余额不足', name: '报告.pdf', folder: '/home/a', place: '/home/a/out', server: 'db.office.example:5432', senderName: '李娜', computerName: 'RECEPTION-PC', variant: null }));
      expect(text, code).toMatch(/[\u4e00-\u9fff]/);
      expect(text, code).not.toContain(code);
      expect(text, code).not.toContain(ENGLISH_FROM_MAIN);
      expect(text, code).not.toMatch(/\{\{|\(\)|（）/);
    }
  });

  it('puts the service’s own words beside the advice, as main sends them', async () => {
    await changeLanguage('en');
    // as BusinessError.toErrorData words it (test/main/api/error-families.test.ts)
    const ipc = { code: 'business.insufficient_balance', message: ENGLISH_FROM_MAIN, details: { said: 'Insufficient balance' } };
    expect(describeError(new CallError(ipc))).toBe(
      'The balance is too low for this fax (Insufficient balance). Top up the account in the fax service console, or send to fewer recipients.',
    );
    await changeLanguage('zh-CN');
    expect(describeError(new CallError(ipc))).toContain('余额不足以发送这份传真（Insufficient balance）');
  });

  it('names the file from the details main sends, in the UI’s language', async () => {
    const ipc = { code: 'tasks.document_missing', message: ENGLISH_FROM_MAIN, details: { name: '合同.pdf' } };
    await changeLanguage('zh-CN');
    expect(describeError(new CallError(ipc))).toBe('文档“合同.pdf”没有可重新上传的本地副本。请在“发送”页面重新发送。');
    await changeLanguage('en');
    expect(describeError(err('document.too_large', { name: 'scan.pdf', size: 12 * 1024 * 1024 }))).toMatch(/^scan\.pdf is 12(\.0)? MB; the fax service accepts at most 10 MB/);
  });

  it('names the desk that already resent the numbers, and the colleague whose computer holds the documents', async () => {
    await changeLanguage('en');
    const resent = describeError(err('tasks.already_resent', { taskRef: 'task_9', taskName: 'Contract (resend)', resentAtMs: 1, senderName: 'Wang Wei', computerName: 'FRONT-PC', variant: 'office' }));
    expect(resent).toBe('Wang Wei already resent these recipients as “Contract (resend)” from FRONT-PC. Resend them again?');
    await changeLanguage('zh-CN');
    expect(describeError(err('office.documents_gone', { name: '合同.pdf', senderName: '李娜', computerName: 'RECEPTION-PC' }))).toContain('李娜 的电脑（RECEPTION-PC）');
  });

  it('words a variant of a code by the details (a demo task, a retry-only resend)', async () => {
    await changeLanguage('en');
    expect(describeError(err('tasks.demo_readonly', { name: 'Invoice', variant: 'demo' }))).toMatch(/^“Invoice” is a demo fax/);
    expect(describeError(err('tasks.demo_readonly', { name: 'Invoice' }))).toMatch(/^“Invoice” belongs to another account/);
    expect(describeError(err('tasks.nothing_to_resend', { variant: 'retryable' }))).toMatch(/busy or no answer/);
  });

  it('words a code for the screen it appears on, and reads an error sent inside a result', async () => {
    await changeLanguage('en');
    expect(describeError(err('network.unreachable'), 'send')).toMatch(/nothing was sent/);
    expect(describeError(err('network.unreachable'), 'account')).toMatch(/service address, then try again/);
    expect(describeError({ code: 'rate_limited', message: ENGLISH_FROM_MAIN }, 'send')).toMatch(/nothing was sent/);
  });

  it('an unknown code gives a plain sentence, never the code', async () => {
    await changeLanguage('zh-CN');
    const text = describeError(err('made.up_code'));
    expect(text).toBe('FaxDesk 未能完成此操作。请重试；如果问题反复出现，请重新启动 FaxDesk。');
  });
});

describe('formatSize', () => {
  it('names the unit in the UI’s language', () => {
    expect(formatSize(857, 'en')).toBe('857 bytes');
    expect(formatSize(857, 'zh-CN')).toBe('857字节');
    expect(formatSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatSize(20 * 1024, 'zh-CN')).toMatch(/^20\s?kB$/i);
  });
});
