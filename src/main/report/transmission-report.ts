/**
 * The transmission report: the proof of sending an office files away. One
 * PDF per task with the task, every recipient's result, pages, charges and
 * times, and a thumbnail of the first page when the document is at hand.
 *
 * The labels are English; task names and failure reasons are drawn with a
 * system CJK font when there is one (../pdf/fonts), otherwise characters the
 * standard fonts lack are replaced. The references and numbers, which are
 * what proves the sending, are ASCII either way.
 */
import path from 'node:path';
import { PDFDocument, rgb, type PDFPage, type PDFEmbeddedPage, type PDFImage } from 'pdf-lib';
import { documentBytes } from '../files/document-read';
import { embedTextFonts, type TextFont, type TextFonts } from '../pdf/fonts';
import { writeFileAtomicAsync } from '../storage/atomic-write';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../storage/private-files';
import type { TaskDetailView } from '../../shared/tasks/types';
import { displayFax } from '../../shared/phonebook/format';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.1, 0.12, 0.14);
const MUTED = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);
const DEMO_INK = rgb(0.62, 0.28, 0.0);
export const DEMO_NOTE = 'Demo mode: made with FaxDesk\u2019s built-in simulator. No fax was sent to anyone.';

export interface ReportOptions {
  generatedAtMs?: number;
  /** how instants are written (default: this computer's zone) */
  timeZone?: string;
  /** font files to try for non-Latin text (default: the system's CJK fonts) */
  fontFiles?: readonly string[];
}

function fmtTime(ms: number | null, tz?: string): string {
  if (ms === null) return '-';
  const d = new Date(ms);
  const opts: Intl.DateTimeFormatOptions = {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    hourCycle: 'h23', timeZoneName: 'short', ...(tz ? { timeZone: tz } : {}),
  };
  return new Intl.DateTimeFormat('en-CA', opts).format(d).replace(',', '');
}

const money = (n: number | null) => (n === null ? '-' : `${n.toFixed(2)}`);

/** Width of a contact's name under its number (the Number column, less a gap before the reason). */
const NAME_WIDTH = 86;

/** A name wrapped to the column, at most two lines; what does not fit ends in "...". */
function twoLines(font: { wrap(t: string, size: number, w: number): string[]; fit(t: string, size: number, w: number): string }, text: string, size: number, width: number): string[] {
  const lines = font.wrap(text, size, width);
  if (lines.length <= 2) return lines;
  return [lines[0]!, font.fit(lines.slice(1).join(' '), size, width)];
}

type Thumb =
  | { kind: 'page'; item: PDFEmbeddedPage; width: number; height: number }
  | { kind: 'image'; item: PDFImage; width: number; height: number }
  | { kind: 'blank'; width: number; height: number };

/**
 * pdf-lib embeds pages only when the report is saved, so a page it cannot
 * embed (a blank page has no content stream; odd producers write odd ones)
 * would fail the whole report then. Embed it into a scratch document first.
 */
async function embeddable(page: PDFPage): Promise<boolean> {
  if (!page.node.Contents()) return false;
  try {
    const probe = await PDFDocument.create();
    await (await probe.embedPage(page)).embed();
    return true;
  } catch {
    return false;
  }
}

async function thumbnailOf(doc: PDFDocument, detail: TaskDetailView): Promise<Thumb | null> {
  const first = detail.files[0];
  if (!first?.localPath) return null;
  const ext = path.extname(first.localPath).toLowerCase();
  try {
    // read as the upload reads a document: the file itself (no link in its place), no named pipe, at most 10 MB
    const bytes = await documentBytes(first.localPath);
    if (!bytes) return null;
    if (ext === '.pdf') {
      const src = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
      const first = src.getPage(0);
      if (!(await embeddable(first))) {
        // Nothing we can draw: an empty frame of the page's shape still shows what was sent.
        const { width, height } = first.getSize();
        return width > 0 && height > 0 ? { kind: 'blank', width, height } : null;
      }
      const item = await doc.embedPage(first);
      return { kind: 'page', item, width: item.width, height: item.height };
    }
    const image = ext === '.png' ? await doc.embedPng(bytes) : ext === '.jpg' || ext === '.jpeg' ? await doc.embedJpg(bytes) : null;
    if (image) return { kind: 'image', item: image, width: image.width, height: image.height };
  } catch {
    // An unreadable or moved document just means no thumbnail.
  }
  return null;
}

/** Where drawing stands: the page being filled and the baseline on it; a new page resets both. */
interface Cursor {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
}

const THUMB_BOX = { w: 150, h: 200 };

/** The first page's thumbnail in a frame at the top right, from the baseline `y` of the title block. */
function drawThumbnail(page: PDFPage, font: TextFont, thumb: Thumb, y: number): void {
  const scale = Math.min(THUMB_BOX.w / thumb.width, THUMB_BOX.h / thumb.height);
  const w = thumb.width * scale;
  const h = thumb.height * scale;
  const x = A4[0] - MARGIN - w;
  const top = y + 10;
  page.drawRectangle({ x: x - 1, y: top - h - 1, width: w + 2, height: h + 2, borderColor: RULE, borderWidth: 1 });
  if (thumb.kind === 'page') page.drawPage(thumb.item, { x, y: top - h, width: w, height: h });
  else if (thumb.kind === 'image') page.drawImage(thumb.item, { x, y: top - h, width: w, height: h });
  font.draw(page, thumb.kind === 'blank' ? 'First page (blank)' : 'First page', { x, y: top - h - 12, size: 8, color: MUTED });
}

function factsOf(detail: TaskDetailView, tz: string | undefined): Array<[string, string]> {
  const { task } = detail;
  const r = task.recipients;
  const immediate = task.scheduledAtMs === null || (task.createdAtMs !== null && task.scheduledAtMs - task.createdAtMs < 30_000);
  const facts: Array<[string, string]> = [
    ['Task', task.name],
    ['Task reference', task.taskRef ?? '(not confirmed by the service)'],
    ['Status', task.status],
    ['Created', fmtTime(task.createdAtMs, tz)],
    // The service fills scheduled_at with the creation time when none was asked for.
    ['Scheduled', immediate ? 'immediately' : fmtTime(task.scheduledAtMs, tz)],
    ['Documents', detail.files.map((f) => f.name).join(', ') || '-'],
    ['Recipients', `${r.total}: ${r.success} delivered, ${r.failed} failed, ${r.canceled} canceled, ${r.pending} not finished`],
    ['Pages sent', String(task.pages)],
    ['Charges', `${money(task.charges)} yuan`],
    ['Last checked', fmtTime(task.checkedAtMs, tz)],
  ];
  if (task.resendOf) facts.push(['Resend of', task.resendOf]);
  return facts;
}

/** The recipients table, one row per recipient (with its name and reason under it), over as many pages as it takes. */
function drawRecipients(at: Cursor, detail: TaskDetailView, fonts: TextFonts, tz: string | undefined): void {
  const { regular: font, bold } = fonts;
  const cols = [
    { title: detail.recipients.some((rc) => rc.contactName) ? 'Number / name' : 'Number', x: 0, w: 98 },
    { title: 'Result', x: 100, w: 44 },
    { title: 'Code', x: 146, w: 94 },
    { title: 'Pages', x: 242, w: 28 },
    { title: 'Price', x: 272, w: 30 },
    { title: 'Charge', x: 304, w: 36 },
    { title: 'Completed', x: 342, w: 108 },
    { title: 'Recipient ref', x: 452, w: 63 },
  ];
  const header = () => {
    for (const c of cols) bold.draw(at.page, c.title, { x: MARGIN + c.x, y: at.y, size: 8.5, color: INK });
    at.y -= 5;
    at.page.drawLine({ start: { x: MARGIN, y: at.y }, end: { x: A4[0] - MARGIN, y: at.y }, thickness: 0.8, color: RULE });
    at.y -= 12;
  };
  const newPage = () => {
    at.page = at.doc.addPage(A4);
    at.y = A4[1] - MARGIN;
    header();
  };
  bold.draw(at.page, 'Recipients', { x: MARGIN, y: at.y, size: 12, color: INK });
  at.y -= 18;
  header();
  for (const rc of detail.recipients) {
    const needsReason = rc.failedReason !== null && rc.status === 'failed';
    // Under the number, the name it had in the phonebook when the fax was sent (at most two lines).
    const nameLines = rc.contactName ? twoLines(font, rc.contactName, 8, NAME_WIDTH) : [];
    if (at.y < MARGIN + (needsReason || nameLines.length ? 24 : 12)) newPage();
    const cells = [
      // written the international way, as on screen (the CSV keeps the service's digits)
      displayFax(rc.phoneNumber), rc.status, rc.failedCode ?? '', rc.pageCount === null ? '-' : String(rc.pageCount),
      money(rc.unitPrice), money(rc.chargedAmount), fmtTime(rc.completedAtMs, tz), rc.rcptRef,
    ];
    cols.forEach((c, i) => font.draw(at.page, font.fit(cells[i] ?? '', 8.5, c.w), { x: MARGIN + c.x, y: at.y, size: 8.5, color: INK }));
    at.y -= 11;
    // The whole reason, wrapped: it is what the office needs to fix the failure. The name sits beside its first lines.
    const reasonLines = needsReason ? font.wrap(`Reason: ${rc.failedReason}`, 8, A4[0] - 2 * MARGIN - 90) : [];
    for (let i = 0; i < Math.max(nameLines.length, reasonLines.length); i++) {
      if (at.y < MARGIN + 12) newPage();
      const name = nameLines[i];
      const reason = reasonLines[i];
      if (name) font.draw(at.page, name, { x: MARGIN, y: at.y, size: 8, color: INK });
      if (reason) font.draw(at.page, reason, { x: MARGIN + 90, y: at.y, size: 8, color: MUTED });
      at.y -= 11;
    }
  }
}

export async function buildTransmissionReport(detail: TaskDetailView, options: ReportOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const texts = [
    detail.task.name,
    ...detail.files.map((f) => f.name),
    ...detail.recipients.flatMap((r) => [r.failedReason ?? '', r.contactName ?? '']),
  ];
  const fonts = await embedTextFonts(doc, texts, options.fontFiles);
  const { regular: font, bold } = fonts;
  const tz = options.timeZone;
  const { task } = detail;
  // A demo task's report must never pass for proof of delivery: said in the title, under it and on every page.
  const demo = task.demo;
  doc.setTitle(`${demo ? 'DEMO ' : ''}Fax transmission report - ${task.name}${demo ? ' (demo mode: nothing was sent)' : ''}`);
  doc.setProducer('FaxDesk');
  doc.setCreator('FaxDesk');
  doc.setCreationDate(new Date(options.generatedAtMs ?? Date.now()));

  const page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (s: string, x: number, size = 10, f = font, color = INK) => f.draw(page, s, { x, y, size, color });

  text(demo ? 'DEMO - Fax transmission report' : 'Fax transmission report', MARGIN, 18, bold, demo ? DEMO_INK : INK);
  y -= 16;
  text(`Generated ${fmtTime(options.generatedAtMs ?? Date.now(), tz)} by FaxDesk`, MARGIN, 9, font, MUTED);
  if (demo) {
    y -= 13;
    text(DEMO_NOTE, MARGIN, 9, bold, DEMO_INK);
  }
  y -= 26;

  const thumb = await thumbnailOf(doc, detail);
  if (thumb) drawThumbnail(page, font, thumb, y);

  const factWidth = A4[0] - 2 * MARGIN - (thumb ? THUMB_BOX.w + 20 : 0) - 100;
  for (const [k, v] of factsOf(detail, tz)) {
    text(k, MARGIN, 10, bold);
    font.draw(page, font.fit(v, 10, factWidth), { x: MARGIN + 100, y, size: 10, color: INK });
    y -= 15;
  }
  y = Math.min(y, thumb ? A4[1] - MARGIN - 42 - THUMB_BOX.h - 24 : y) - 14;

  drawRecipients({ doc, page, y }, detail, fonts, tz);
  const pages = doc.getPages();
  pages.forEach((p, i) =>
    font.draw(p, `${demo ? 'DEMO, nothing was sent - ' : ''}${task.taskRef ?? task.id} - page ${i + 1} of ${pages.length}`, {
      x: MARGIN,
      y: 20,
      size: 8,
      color: demo ? DEMO_INK : MUTED,
    }),
  );
  return doc.save();
}

/** Writes the report under <dataDir>/reports and returns its path. */
export async function writeTransmissionReport(dataDir: string, detail: TaskDetailView, options: ReportOptions = {}): Promise<string> {
  const dir = path.join(dataDir, 'reports');
  makePrivateDir(dir);
  const ref = (detail.task.taskRef ?? detail.task.id).replace(/[^A-Za-z0-9_-]/g, '_');
  const file = path.join(dir, `transmission-report-${ref}.pdf`);
  const bytes = await buildTransmissionReport(detail, options);
  await writeFileAtomicAsync(file, bytes, { what: 'the transmission report', mode: PRIVATE_FILE_MODE });
  return file;
}
