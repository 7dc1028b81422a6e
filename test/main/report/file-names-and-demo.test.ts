import Papa from 'papaparse';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { fileNamePart, savedFileName } from '@main/report/file-names';
import { taskCsv } from '@main/report/csv';
import { buildTransmissionReport, DEMO_NOTE } from '@main/report/transmission-report';
import { notificationText } from '@main/notify/text';
import type { TaskDetailView } from '@shared/tasks/types';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function detail(name: string, demo: boolean, createdAtMs: number | null = Date.UTC(2026, 10, 27, 3)): TaskDetailView {
  return {
    task: {
      id: 'local:1', taskRef: 'task_5b45e0c1', name, status: 'done', outcomeUnknown: false, createdAtMs, scheduledAtMs: null,
      recipients: { total: 1, success: 1, failed: 0, pending: 0, canceled: 0 }, pages: 1, charges: 0.3, resendOf: null,
      checkedAtMs: null, error: null, source: 'sent', demo, readOnly: false,
    },
    recipients: [{
      rcptRef: 'rcpt_1', phoneNumber: '8613800138000', contactName: null, status: 'success', pageCount: 1, unitPrice: 0.3, chargedAmount: 0.3, failedCode: null,
      failedReason: null, completedAt: '2026-11-27 11:01:00', completedAtMs: Date.UTC(2026, 10, 27, 3, 1), createdAt: '2026-11-27 11:00:00',
      createdAtMs: Date.UTC(2026, 10, 27, 3), retryable: false,
    }],
    resentAs: [],
    files: [],
    nextCheckAtMs: null,
    serviceTimeZone: 'Asia/Shanghai',
  } as TaskDetailView;
}

describe('saved file names (issue #30, item 15)', () => {
  it.each([
    ['Price list', false, 'report', 'Price list 2026-11-27 transmission report.pdf'],
    ['Price list', false, 'csv', 'Price list 2026-11-27 recipients.csv'],
    ['季度发票', false, 'report', '季度发票 2026-11-27 transmission report.pdf'],
    ['Price list', true, 'report', 'Price list 2026-11-27 transmission report (demo).pdf'],
    ['Q3: invoices/refunds?', false, 'csv', 'Q3 invoices refunds 2026-11-27 recipients.csv'],
    ['  ...  ', false, 'report', 'Fax 2026-11-27 transmission report.pdf'],
    ['CON', false, 'csv', 'Fax 2026-11-27 recipients.csv'],
  ] as const)('%j (demo %s) as %s is saved as %j', (name, demo, kind, expected) => {
    expect(savedFileName(kind, detail(name, demo), { timeZone: 'Asia/Shanghai' })).toBe(expected);
    expect(expected).not.toContain('task_');
  });

  it('keeps a long name to 60 characters and never splits a character', () => {
    const part = fileNamePart('传'.repeat(100));
    expect([...part]).toHaveLength(60);
    expect(part).toBe('传'.repeat(60));
  });

  it('uses the date of the fax in the zone asked for', () => {
    // 2026-11-27 23:30 UTC is already the 28th in Shanghai
    const d = detail('Late', false, Date.UTC(2026, 10, 27, 23, 30));
    expect(savedFileName('csv', d, { timeZone: 'UTC' })).toBe('Late 2026-11-27 recipients.csv');
    expect(savedFileName('csv', d, { timeZone: 'Asia/Shanghai' })).toBe('Late 2026-11-28 recipients.csv');
  });
});

describe('everything made from a demo task says so (issue #30, item 3)', () => {
  it('the CSV has a demo column, filled on every row', () => {
    const read = (demo: boolean) => Papa.parse<Record<string, string>>(taskCsv(detail('Price list', demo)).replace(/^\uFEFF/, ''), { header: true }).data;
    expect(read(true).map((r) => r['demo'])).toEqual(['yes: demo mode, nothing was sent']);
    expect(read(false).map((r) => r['demo'])).toEqual(['no']);
  });

  it('the report says DEMO in its title, under it and on every page; a real one does not', async () => {
    const demoBytes = await buildTransmissionReport(detail('Price list', true));
    const realBytes = await buildTransmissionReport(detail('Price list', false));
    expect((await PDFDocument.load(demoBytes)).getTitle()).toBe('DEMO Fax transmission report - Price list (demo mode: nothing was sent)');
    expect((await PDFDocument.load(realBytes)).getTitle()).toBe('Fax transmission report - Price list');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-demo-report-'));
    dirs.push(dir);
    const textOf = (bytes: Uint8Array, name: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      return r.status === 0 ? r.stdout.replace(/\s+/g, ' ') : null;
    };
    const demoText = textOf(demoBytes, 'demo.pdf');
    const realText = textOf(realBytes, 'real.pdf');
    if (demoText === null || realText === null) {
      console.log('skipped reading the report text: no pdftotext on this machine');
      return;
    }
    expect(demoText).toContain('DEMO - Fax transmission report');
    expect(demoText).toContain(DEMO_NOTE.replace('\u2019', '’').split(':')[0]);
    expect(demoText).toContain('DEMO, nothing was sent - task_5b45e0c1 - page 1 of 1');
    expect(realText).not.toMatch(/demo/i);
  });

  it('a demo task’s notification says nothing was really sent, in both languages', () => {
    const ended = { name: 'Price list', status: 'done' as const, summary: { total: 1, success: 1, failed: 0, canceled: 0 } };
    expect(notificationText({ ...ended, demo: true }, 'en')).toEqual({ title: 'Demo: Fax sent', body: '“Price list”: 1 of 1 delivered. (Demo mode: no fax was really sent.)' });
    expect(notificationText({ ...ended, demo: true }, 'zh-CN').title).toBe('演示：传真已发送');
    expect(notificationText({ ...ended, demo: true }, 'zh-CN').body).toContain('演示模式：没有真正发送传真');
    expect(notificationText(ended, 'en').title).toBe('Fax sent');
  });
});
