/**
 * The optional cover page: one A4 page drawn with pdf-lib, saved in the data
 * folder and then sent like any other document (it counts as one of the 3).
 * Text is drawn with a system CJK font when there is one (see ../pdf/fonts);
 * otherwise characters the standard fonts lack become '?' and the caller is
 * told, so the screen can say so instead of sending a page of gaps.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import type { CoverPageInput } from '../../shared/send/types';
import { embedTextFonts, SYSTEM_CJK_FONTS, type TextFont } from '../pdf/fonts';
import { writeFileAtomicAsync } from '../storage/atomic-write';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../storage/private-files';

function wrap(text: string, font: TextFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (font.widthOfTextAtSize(candidate, size) <= width || line === '') {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = word.trimStart();
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export interface CoverPageLabels {
  title: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  pages: string;
}

const LABELS: CoverPageLabels = { title: 'FAX', from: 'From', to: 'To', subject: 'Subject', date: 'Date', pages: 'Pages' };

/** Local wall time with its UTC offset, e.g. 2026-11-21 19:30 (UTC+08:00). */
function localStamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())} (UTC${sign}${p(Math.floor(abs / 60))}:${p(abs % 60)})`;
}

/** Builds the cover and returns its bytes and whether characters had to be replaced. */
export async function buildCoverPage(
  input: CoverPageInput,
  now: Date,
  fontFiles: readonly string[] = SYSTEM_CJK_FONTS,
): Promise<{ bytes: Uint8Array; replaced: boolean }> {
  const doc = await PDFDocument.create();
  doc.setTitle('Fax cover page');
  doc.setProducer('FaxDesk');
  const page = doc.addPage([595.28, 841.89]);
  const { regular, bold } = await embedTextFonts(doc, [input.from, input.to, input.subject, input.message], fontFiles);
  let replaced = false;
  const safe = (s: string) => {
    const r = regular.clean(s);
    replaced ||= r.replaced;
    return r.text;
  };
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin - 28;
  bold.draw(page, LABELS.title, { x: margin, y, size: 28 });
  y -= 18;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 1.5, color: rgb(0, 0, 0) });
  y -= 30;
  const total = input.documentPages === null ? null : input.documentPages + 1;
  const rows: Array<[string, string]> = [
    [LABELS.from, input.from],
    [LABELS.to, input.to],
    [LABELS.subject, input.subject],
    [LABELS.date, localStamp(now)],
    [LABELS.pages, total === null ? '-' : `${total} (including this page)`],
  ];
  for (const [label, value] of rows) {
    bold.draw(page, `${label}:`, { x: margin, y, size: 12 });
    const lines = wrap(safe(value.replace(/\n/g, ' ')), regular, 12, width - 90);
    for (const line of lines.slice(0, 3)) {
      regular.draw(page, line, { x: margin + 90, y, size: 12 });
      y -= 18;
    }
    y -= 6;
  }
  y -= 10;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.75, color: rgb(0.3, 0.3, 0.3) });
  y -= 26;
  for (const line of wrap(safe(input.message), regular, 12, width)) {
    if (y < margin) break;
    regular.draw(page, line, { x: margin, y, size: 12 });
    y -= 17;
  }
  return { bytes: await doc.save(), replaced };
}

/** Writes the cover to `<dataDir>/send/covers/` and returns its path. */
export async function writeCoverPage(dataDir: string, input: CoverPageInput, now = new Date()): Promise<{ path: string; replaced: boolean }> {
  const dir = path.join(dataDir, 'send', 'covers');
  makePrivateDir(dir);
  const { bytes, replaced } = await buildCoverPage(input, now);
  const file = path.join(dir, `cover-${now.toISOString().slice(0, 10)}-${crypto.randomBytes(4).toString('hex')}.pdf`);
  // atomic: a full disk must not leave a 0-byte cover that a later send would pick up
  await writeFileAtomicAsync(file, bytes, { what: 'the cover page', mode: PRIVATE_FILE_MODE });
  return { path: file, replaced };
}
