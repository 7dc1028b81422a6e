/**
 * Chinese on the PDFs FaxDesk draws: the CJK font is embedded as a subset of
 * the glyphs used, and those glyphs are really drawn (the subsetting of
 * pdf-lib's own fontkit fork left them blank, which is why the whole 4 MB
 * font used to be embedded: 2.2 MB for a one-page cover).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_CJK_FONTS } from '@main/pdf/fonts';
import { buildCoverPage } from '@main/send/cover-page';
import { buildTransmissionReport } from '@main/report/transmission-report';
import type { TaskDetailView } from '@shared/tasks/types';

const systemCjkFont = SYSTEM_CJK_FONTS.find((f) => fs.existsSync(f));
const poppler = spawnSync('pdftoppm', ['-v']).status === 0;
if (!systemCjkFont) console.log(`skipped the CJK subset tests: none of ${SYSTEM_CJK_FONTS.length} known CJK font files is on this machine`);
if (!poppler) console.log('skipped the CJK subset tests: pdftoppm (poppler-utils) is not installed, so the pages cannot be looked at');

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-cjk-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Dark pixels of page 1 rendered at 72 dpi in grey: how much was drawn. */
function ink(bytes: Uint8Array, name: string): number {
  const pdf = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(pdf, bytes);
  const r = spawnSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(dir, name)]);
  expect(r.status).toBe(0);
  const pgm = fs.readFileSync(path.join(dir, `${name}.pgm`));
  // P5 header: magic, width, height, maxval, each followed by whitespace; then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'))!;
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const p of pixels) if (p < 128) dark++;
  return dark;
}

const text = (bytes: Uint8Array, name: string) => {
  const pdf = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(pdf, bytes);
  return spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout;
};

const COVER = { from: '北京办公室', to: '上海分公司 张伟', subject: '第三季度报价单', message: '请查收附件中的报价。如有问题，请致电。', documentPages: 2 };
const CJK_CHARACTERS = [...Object.values(COVER).join('')].filter((c) => /\p{Script=Han}/u.test(c)).length;

describe.skipIf(!systemCjkFont || !poppler)('Chinese text on FaxDesk PDFs', () => {
  it('a one-page Chinese cover is under 200 KB and every Chinese character is drawn', async () => {
    const now = new Date('2026-11-25T09:00:00Z');
    const cover = await buildCoverPage(COVER, now);
    expect(cover.replaced).toBe(false);
    expect(cover.bytes.length).toBeLessThan(200_000);
    expect(text(cover.bytes, 'cover')).toMatch(/北京办公室[\s\S]*上海分公司 张伟[\s\S]*第三季度报价单[\s\S]*请查收附件中的报价/);
    // The same cover without the Chinese fields: the difference is what the Chinese glyphs drew.
    const empty = await buildCoverPage({ from: '', to: '', subject: '', message: '', documentPages: 2 }, now);
    const drawn = ink(cover.bytes, 'cover') - ink(empty.bytes, 'empty');
    // A 10-12 pt Han character at 72 dpi darkens 20-60 pixels; blank glyphs would add none.
    expect(drawn).toBeGreaterThan(CJK_CHARACTERS * 12);
  });

  it('a transmission report with a Chinese task name and failure reason is under 200 KB, drawn and searchable', async () => {
    const reason = '对方忙线，请稍后重试';
    const detail = (name: string, failedReason: string): TaskDetailView => ({
      task: {
        id: 't1', taskRef: 't1', name, status: 'failed', outcomeUnknown: false, createdAtMs: Date.UTC(2026, 10, 23, 1), scheduledAtMs: null,
        recipients: { total: 1, success: 0, failed: 1, pending: 0, canceled: 0 }, pages: 1, charges: 0, resendOf: null, checkedAtMs: null,
        error: null, source: 'sent', demo: false, readOnly: false,
      },
      recipients: [
        {
          rcptRef: 'r1', phoneNumber: '8613800138000', contactName: null, status: 'failed', pageCount: 1, unitPrice: 0.1, chargedAmount: 0, failedCode: 'BUSY',
          failedReason, completedAt: '2026-11-23 10:00:00', completedAtMs: Date.UTC(2026, 10, 23, 2), createdAt: '2026-11-23 09:59:00',
          createdAtMs: Date.UTC(2026, 10, 23, 1, 59), retryable: true,
        },
      ],
      resentAs: [], files: [], nextCheckAtMs: null, serviceTimeZone: 'Asia/Shanghai',
    });
    const report = await buildTransmissionReport(detail('第三季度报价单', reason));
    expect(report.length).toBeLessThan(200_000);
    expect(text(report, 'report')).toContain('第三季度报价单');
    expect(text(report, 'report')).toContain(reason);
    const latin = await buildTransmissionReport(detail('', ''));
    expect(ink(report, 'report') - ink(latin, 'latin')).toBeGreaterThan((7 + 9) * 12);
  });
});
