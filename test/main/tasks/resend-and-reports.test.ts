import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { spawnSync } from 'node:child_process';
import { SYSTEM_CJK_FONTS } from '@main/pdf/fonts';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRig, pollMinutes as poll, samplePdf, type Rig } from './helpers';

const OK = '8613800138000';
const BUSY = '8613800138666';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

describe('exports', () => {
  it('exports every recipient field as CSV and writes a PDF transmission report with a thumbnail', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 2);
    const ref = await rig.send('Report =cmd|', [OK, BUSY], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && rig.history.getTask(ref)!.status !== 'done'; i++) await poll(rig, 1);
    expect(rig.history.getTask(ref)!.status).toBe('done');

    // Cancelling main's save dialog writes nothing.
    expect(await rig.handlers.exportTaskCsv({ taskRef: ref })).toEqual({ saved: null });
    const csvTarget = path.join(rig.dir, 'chosen', 'task.csv');
    fs.mkdirSync(path.dirname(csvTarget));
    rig.dialogs.answers.save.push(csvTarget);
    const { saved } = await rig.handlers.exportTaskCsv({ taskRef: ref });
    // Named by the fax's name and date, as a person files it (it was fax-task-<ref>.csv); the name's | is not a file name character.
    const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date((await rig.feature.detail(ref)).task.createdAtMs!));
    expect(rig.dialogs.calls.at(-1)).toMatchObject({ kind: 'save', detail: { defaultName: `Report =cmd ${day} recipients.csv` } });
    expect(saved).toMatchObject({ name: 'task.csv', folder: path.dirname(csvTarget) });
    expect(rig.grants.pathOf(saved!.handle, 'output')).toBe(csvTarget);
    const csv = fs.readFileSync(csvTarget, 'utf8');
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data.map((r) => [r['phone_number'], r['status'], r['failed_code'], r['page_count']])).toEqual([
      [OK, 'success', '', '2'],
      [BUSY, 'failed', 'BUSY', '0'],
    ]);
    // A name that starts a formula is escaped for spreadsheets.
    expect(parsed.data[0]!['task_name']).toBe('Report =cmd|');
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['rcpt_ref', 'unit_price', 'charged_amount', 'failed_reason', 'completed_at_service_time', 'created_at_service_time', 'completed_at_utc']));
    expect(parsed.data.map((r) => r['demo'])).toEqual(['no', 'no']);

    const pdfPath = path.join(rig.dir, 'chosen', 'report.pdf');
    rig.dialogs.answers.save.push(pdfPath);
    const report = await rig.handlers.transmissionReport({ taskRef: ref });
    expect(rig.dialogs.calls.at(-1)).toMatchObject({ kind: 'save', detail: { defaultName: `Report =cmd ${day} transmission report.pdf` } });
    expect(report.saved?.name).toBe('report.pdf');
    const bytes = fs.readFileSync(pdfPath);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Fax transmission report - Report =cmd|');
    expect(doc.getPageCount()).toBe(1);
    // The first page of the document is embedded as a form XObject (the thumbnail).
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Form/);
  });

  it('keeps a report readable when the name is Chinese and the document is gone', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('季度发票', [OK], file);
    fs.rmSync(file);
    const pdfPath = path.join(rig.dir, 'report.pdf');
    rig.dialogs.answers.save.push(pdfPath);
    await rig.handlers.transmissionReport({ taskRef: ref });
    const doc = await PDFDocument.load(fs.readFileSync(pdfPath));
    expect(doc.getTitle()).toBe('Fax transmission report - 季度发票');
    // With a system CJK font the name prints as written; the text layer says what a reader sees.
    const hasFont = SYSTEM_CJK_FONTS.some((f) => fs.existsSync(f));
    const pdftotext = spawnSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
    if (hasFont && pdftotext.status === 0) {
      expect(pdftotext.stdout).toContain('季度发票');
      expect(pdftotext.stdout).toContain('Fax transmission report');
    } else {
      console.log('skipped reading the report text: no CJK font or no pdftotext on this machine');
    }
  });
});

describe('resend names', () => {
  it('marks a resend in the desk language and counts repeated resends', async () => {
    const { resendName } = await import('@main/tasks/resend');
    expect(resendName('Invoice')).toBe('Invoice (resend)');
    expect(resendName('Invoice (resend)')).toBe('Invoice (resend 2)');
    expect(resendName('Invoice (resend 2)')).toBe('Invoice (resend 3)');
    expect(resendName('发票', 'zh-CN')).toBe('发票（重发）');
    expect(resendName('发票（重发）', 'zh-CN')).toBe('发票（重发 2）');
    expect(resendName('x'.repeat(255))).toHaveLength(255);
  });
});
