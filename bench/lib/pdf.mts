/** Test documents: a valid one-page PDF padded to an exact size with a content stream of comments. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

async function build(padding: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('FaxDesk benchmark document', { x: 72, y: 760, size: 18, font });
  if (padding > 0) {
    // Comment lines of random hex: valid content-stream syntax, and incompressible like a scan.
    const lines: string[] = [];
    let left = padding;
    while (left > 0) {
      const n = Math.min(left, 256);
      const text = `%${crypto.randomBytes(128).toString('hex')}`.slice(0, n - 1) + '\n';
      lines.push(text);
      left -= text.length;
    }
    const stream = doc.context.stream(lines.join(''));
    const ref = doc.context.register(stream);
    page.node.addContentStream(ref);
    // Keep the page's own drawing after the padding (order is irrelevant for comments).
    void PDFName;
  }
  return doc.save({ useObjectStreams: false });
}

/** Writes a PDF of exactly `bytes` bytes (within a few bytes) to `file`. */
export async function writePaddedPdf(file: string, bytes: number): Promise<number> {
  const bare = (await build(0)).length;
  let padding = bytes - bare - 200;
  let data = await build(padding);
  for (let i = 0; i < 3 && data.length !== bytes; i++) {
    padding += bytes - data.length;
    data = await build(padding);
  }
  fs.writeFileSync(file, data);
  return data.length;
}
