import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTransmissionReport } from '@main/report/transmission-report';
import type { RecipientView, TaskDetailView } from '@shared/tasks/types';
import { settledWithin } from '../../helpers/until';

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-report-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function recipient(over: Partial<RecipientView> = {}): RecipientView {
  return {
    rcptRef: 'r1',
    phoneNumber: '8613800138000',
    contactName: null,
    status: 'success',
    pageCount: 1,
    unitPrice: 0.1,
    chargedAmount: 0.1,
    failedCode: null,
    failedReason: null,
    completedAt: '2026-11-23 10:00:00',
    completedAtMs: Date.UTC(2026, 10, 23, 2),
    createdAt: '2026-11-23 09:59:00',
    createdAtMs: Date.UTC(2026, 10, 23, 1, 59),
    retryable: false,
    ...over,
  };
}

function detail(recipients: RecipientView[], localPath: string | null = null): TaskDetailView {
  return {
    task: {
      id: 't1',
      taskRef: 't1',
      name: 'Invoices',
      status: 'failed',
      outcomeUnknown: false,
      createdAtMs: Date.UTC(2026, 10, 23, 1),
      scheduledAtMs: null,
      recipients: { total: recipients.length, success: 0, failed: recipients.length, pending: 0, canceled: 0 },
      pages: 1,
      charges: 0,
      resendOf: null,
      checkedAtMs: null,
      error: null,
      source: 'sent',
      demo: false,
      readOnly: false,
    },
    recipients,
    resentAs: [],
    files: localPath ? [{ name: path.basename(localPath), fileRef: 'f1', localPath }] : [],
    nextCheckAtMs: null,
    serviceTimeZone: 'Asia/Shanghai',
  };
}

function pdfText(bytes: Uint8Array): string | null {
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, bytes);
  const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

describe('transmission report', () => {
  it('prints a very long failure reason whole, wrapped over lines and pages', async () => {
    // words of varying length, a unique marker at the very end, and one word too long for any line
    const words = Array.from({ length: 4000 }, (_, i) => `w${i}x${'y'.repeat(i % 7)}`);
    const reason = `${'Z'.repeat(300)} ${words.join(' ')} END-OF-REASON`;
    expect(reason.length).toBeGreaterThan(32_000);
    const bytes = await buildTransmissionReport(detail([recipient({ status: 'failed', failedCode: 'LINE_ERROR', failedReason: reason })]));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);

    const text = pdfText(bytes);
    expect(text, 'pdftotext (poppler-utils) is needed to read the report back').not.toBeNull();
    // Every word is there in order, none cut off with "...", and each line stays inside the page.
    const flat = text!.replace(/\f/g, '\n');
    const reasonLines = flat.split('\n').filter((l) => /\bw\d+x|Z{10}|END-OF-REASON/.test(l));
    expect(reasonLines.length).toBeGreaterThan(100);
    const found = flat.match(/w\d+xy*/g) ?? [];
    expect(found).toEqual(words);
    expect(flat).toContain('END-OF-REASON');
    expect(flat.replace(/\s+/g, '')).toContain('Z'.repeat(300));
    expect(flat).not.toMatch(/w\d+xy*\.\.\./);
  });

  it('gets a report for a document whose first page is blank', async () => {
    const blank = await PDFDocument.create();
    blank.addPage([595, 842]);
    const file = path.join(dir, 'blank.pdf');
    fs.writeFileSync(file, await blank.save());

    const bytes = await buildTransmissionReport(detail([recipient()], file));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(bytes);
    expect(text).toContain('First page (blank)');
    // the number as the screens show it, not the service's bare digits
    expect(text).toContain('+86 138 0013 8000');
  });

  it('gets a report (without a thumbnail) for PDFs it cannot draw: no pages, broken content, not a PDF', async () => {
    const empty = await PDFDocument.create();
    const noPages = path.join(dir, 'no-pages.pdf');
    fs.writeFileSync(noPages, await empty.save());

    // a page whose content stream reference points at nothing
    const odd = await PDFDocument.create();
    const page = odd.addPage([595, 842]);
    page.node.set(PDFName.of('Contents'), odd.context.nextRef());
    const broken = path.join(dir, 'broken-contents.pdf');
    fs.writeFileSync(broken, await odd.save());

    const notPdf = path.join(dir, 'fake.pdf');
    fs.writeFileSync(notPdf, 'this is not a pdf');

    for (const file of [noPages, broken, notPdf]) {
      const bytes = await buildTransmissionReport(detail([recipient()], file));
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount(), path.basename(file)).toBe(1);
      expect(pdfText(bytes), path.basename(file)).toContain('Fax transmission report');
    }
  });

  it('shows the first page of the sent document only: a link, a named pipe or a file over 10 MB in its place gives no thumbnail, at once', async () => {
    const one = await PDFDocument.create();
    one.addPage([595, 842]).drawText('Salaries', { x: 50, y: 780, size: 24 });
    const other = path.join(dir, 'salaries.pdf');
    fs.writeFileSync(other, await one.save());
    // the control: the document itself, drawn
    expect(pdfText(await buildTransmissionReport(detail([recipient()], other)))).toMatch(/First page(?! \(blank\))/);

    const link = path.join(dir, 'offer.pdf');
    fs.symlinkSync(other, link);
    const pipe = path.join(dir, 'pipe.pdf');
    spawnSync('mkfifo', [pipe]);
    const grown = path.join(dir, 'grown.pdf');
    fs.copyFileSync(other, grown);
    fs.truncateSync(grown, 10 * 1024 * 1024 + 1);
    for (const file of [link, pipe, grown]) {
      const report = buildTransmissionReport(detail([recipient()], file));
      const settled = await settledWithin(report);
      expect(settled, path.basename(file)).not.toBe('hung');
      const text = pdfText(settled as Uint8Array);
      expect(text, path.basename(file)).toContain('Fax transmission report');
      expect(text, path.basename(file)).not.toContain('First page');
    }
  });
});
