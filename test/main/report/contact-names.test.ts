/**
 * The phonebook's name of each number, as it was when the fax was sent, is part of the proof of
 * sending: the transmission report prints it under the number and the CSV has a column for it
 * (issue #30 leftover). Read back with pdfjs-dist, as a reader's PDF viewer would.
 */
import fs from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { taskCsv } from '@main/report/csv';
import { buildTransmissionReport } from '@main/report/transmission-report';
import { SYSTEM_CJK_FONTS } from '@main/pdf/fonts';
import type { RecipientView, TaskDetailView } from '@shared/tasks/types';
import { pdfText } from '../../helpers/pdf-text';

function recipient(phoneNumber: string, contactName: string | null, over: Partial<RecipientView> = {}): RecipientView {
  return {
    rcptRef: `rcpt_${phoneNumber.slice(-4)}`, phoneNumber, contactName, status: 'success', pageCount: 1, unitPrice: 0.3, chargedAmount: 0.3,
    failedCode: null, failedReason: null, completedAt: '2026-11-27 11:01:00', completedAtMs: Date.UTC(2026, 10, 27, 3, 1),
    createdAt: '2026-11-27 11:00:00', createdAtMs: Date.UTC(2026, 10, 27, 3), retryable: false, ...over,
  };
}

function detail(recipients: RecipientView[]): TaskDetailView {
  return {
    task: {
      id: 'task_1', taskRef: 'task_1', name: 'Price list', status: 'done', outcomeUnknown: false, createdAtMs: Date.UTC(2026, 10, 27, 3),
      scheduledAtMs: null, recipients: { total: recipients.length, success: 1, failed: recipients.length - 1, pending: 0, canceled: 0 },
      pages: 1, charges: 0.3, resendOf: null, checkedAtMs: null, error: null, source: 'sent', demo: false, readOnly: false,
    },
    recipients, resentAs: [], files: [], nextCheckAtMs: null, serviceTimeZone: 'Asia/Shanghai',
  };
}

const hasCjkFont = SYSTEM_CJK_FONTS.some((f) => fs.existsSync(f));

describe('the phonebook names in the report and the CSV', () => {
  const d = detail([
    recipient('8613800138000', 'Anna Schmidt'),
    recipient('8613800138666', '王芳', { status: 'failed', failedCode: 'BUSY', failedReason: 'The line was busy', chargedAmount: 0, retryable: true }),
    recipient('8613800138001', null),
  ]);

  it('the report prints each name under its number, beside the failure reason, and nothing for a number without one', async () => {
    const [page] = await pdfText(await buildTransmissionReport(d, { timeZone: 'Asia/Shanghai' }));
    expect(page).toMatch(/\+86 138 0013 8000 .*Anna Schmidt/);
    // the name comes right after its row, before the next number
    expect(page!.indexOf('Anna Schmidt')).toBeLessThan(page!.indexOf('+86 138 0013 8666'));
    expect(page).toContain('Reason: The line was busy');
    if (hasCjkFont) expect(page).toMatch(/\+86 138 0013 8666 .*王芳/);
    else console.log('skipped the Chinese name: no CJK font on this machine');
  });

  it('a long name is wrapped to two lines under its number, the rest cut with "..."', async () => {
    const long = 'Guangzhou Pearl River Import and Export Trading Company Limited, Accounts Department';
    const [page] = await pdfText(await buildTransmissionReport(detail([recipient('8613800138000', long)])));
    expect(page).toContain('Guangzhou Pearl');
    expect(page).toContain('...');
    expect(page).not.toContain('Accounts Department');
  });

  it('the CSV has a contact_name column after the number, empty where the number had no name', () => {
    const parsed = Papa.parse<Record<string, string>>(taskCsv(d).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields?.slice(4, 7)).toEqual(['phone_number', 'contact_name', 'status']);
    expect(parsed.data.map((r) => [r['phone_number'], r['contact_name']])).toEqual([
      ['8613800138000', 'Anna Schmidt'],
      ['8613800138666', '王芳'],
      ['8613800138001', ''],
    ]);
  });

  it('a name that would start a spreadsheet formula is escaped', () => {
    const parsed = Papa.parse<Record<string, string>>(taskCsv(detail([recipient('8613800138000', '=HYPERLINK("x")')])).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.data[0]!['contact_name']).not.toMatch(/^=/);
    expect(parsed.data[0]!['contact_name']).toContain('HYPERLINK');
  });
});
