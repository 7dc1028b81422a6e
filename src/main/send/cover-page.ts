/**
 * The optional cover page: one A4 page drawn with pdf-lib, saved in the data
 * folder and then sent like any other document (it counts as one of the 3).
 *
 * pdf-lib can only embed its standard fonts without @pdf-lib/fontkit, which
 * FaxDesk does not ship; those fonts cover Latin (WinAnsi) only. Characters
 * outside it (Chinese included) are replaced by '?' and the caller is told,
 * so the screen can say so instead of sending a page of gaps.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { CoverPageInput } from '../../shared/send/types';

// WinAnsi = Latin-1 printable range plus the Windows-1252 extras pdf-lib maps.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function toWinAnsi(text: string): { text: string; replaced: boolean } {
  let replaced = false;
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t') out += ' ';
    else if (ch === '\r') continue;
    else {
      replaced = true;
      out += '?';
    }
  }
  return { text: out, replaced };
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
export async function buildCoverPage(input: CoverPageInput, now: Date): Promise<{ bytes: Uint8Array; replaced: boolean }> {
  const doc = await PDFDocument.create();
  doc.setTitle('Fax cover page');
  doc.setProducer('FaxDesk');
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let replaced = false;
  const safe = (s: string) => {
    const r = toWinAnsi(s);
    replaced ||= r.replaced;
    return r.text;
  };
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin - 28;
  page.drawText(LABELS.title, { x: margin, y, size: 28, font: bold });
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
    page.drawText(`${label}:`, { x: margin, y, size: 12, font: bold });
    const lines = wrap(safe(value.replace(/\n/g, ' ')), regular, 12, width - 90);
    for (const line of lines.slice(0, 3)) {
      page.drawText(line, { x: margin + 90, y, size: 12, font: regular });
      y -= 18;
    }
    y -= 6;
  }
  y -= 10;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.75, color: rgb(0.3, 0.3, 0.3) });
  y -= 26;
  for (const line of wrap(safe(input.message), regular, 12, width)) {
    if (y < margin) break;
    page.drawText(line, { x: margin, y, size: 12, font: regular });
    y -= 17;
  }
  return { bytes: await doc.save(), replaced };
}

/** Writes the cover to `<dataDir>/send/covers/` and returns its path. */
export async function writeCoverPage(dataDir: string, input: CoverPageInput, now = new Date()): Promise<{ path: string; replaced: boolean }> {
  const dir = path.join(dataDir, 'send', 'covers');
  await fs.promises.mkdir(dir, { recursive: true });
  const { bytes, replaced } = await buildCoverPage(input, now);
  const file = path.join(dir, `cover-${now.toISOString().slice(0, 10)}-${crypto.randomBytes(4).toString('hex')}.pdf`);
  await fs.promises.writeFile(file, bytes);
  return { path: file, replaced };
}
