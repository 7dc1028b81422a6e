import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { countTextPages, countTiffFrames } from '../../src/simulator/pages';
import { createTask, sim, uploadBytes, waitForTaskEnd } from './helpers';

/** A minimal little- or big-endian TIFF with `frames` chained IFDs of one entry each. */
function tiff(frames: number, littleEndian = true): Uint8Array {
  const ifdSize = 2 + 12 + 4;
  const buf = new Uint8Array(8 + frames * ifdSize);
  const v = new DataView(buf.buffer);
  v.setUint16(0, littleEndian ? 0x4949 : 0x4d4d, false);
  v.setUint16(2, 42, littleEndian);
  v.setUint32(4, 8, littleEndian);
  for (let i = 0; i < frames; i++) {
    const at = 8 + i * ifdSize;
    v.setUint16(at, 1, littleEndian);
    v.setUint16(at + 2, 256, littleEndian); // ImageWidth
    v.setUint32(at + 2 + 12, i + 1 < frames ? at + ifdSize : 0, littleEndian);
  }
  return buf;
}

async function pagesAfterUpload(name: string, bytes: Uint8Array | string): Promise<number> {
  const s = await sim({ speed: 500, balance: 1000 });
  const up = await uploadBytes(s, name, bytes);
  expect(up.status).toBe(200);
  const created = await createTask(s, [up.body.data.file_ref], ['8613800000001']);
  const t = await waitForTaskEnd(s, created.body.data.task_ref);
  expect(t.recipients[0]!.status).toBe('success');
  return t.recipients[0]!.page_count as number;
}

describe('page counts taken from the documents', () => {
  it('counts the frames of a multi-page TIFF, in both byte orders', async () => {
    expect(await pagesAfterUpload('scan.tiff', tiff(4))).toBe(4);
    expect(countTiffFrames(tiff(3, false))).toBe(3);
  });

  it('refuses to count a TIFF whose IFD chain loops or runs off the end', () => {
    const looped = tiff(2);
    new DataView(looped.buffer).setUint32(8 + 18 + 14, 8, true); // second IFD points back to the first
    expect(countTiffFrames(looped)).toBe(0);
    expect(countTiffFrames(tiff(2).slice(0, 20))).toBe(0);
    expect(countTiffFrames(new TextEncoder().encode('not a tiff'))).toBe(0);
  });

  it('fails conversion of an unreadable TIFF at send time', async () => {
    const s = await sim({ speed: 500 });
    const up = await uploadBytes(s, 'bad.tif', 'garbage');
    const created = await createTask(s, [up.body.data.file_ref], ['8613800000001']);
    const t = await waitForTaskEnd(s, created.body.data.task_ref);
    expect(t.status).toBe('failed');
    expect(t.recipients[0]!.failed_code).toBe('CONVERSION_FAILED');
  });

  it('counts a PDF that pdf-lib\'s strict parser rejects but readers accept (texttopdf-style indirect /Length around the word "stream")', async () => {
    const content = 'BT /F1 24 Tf 72 720 Td (the upstream report) Tj ET';
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      `<< /Length 5 0 R >>\nstream\n${content}\nendstream`,
      String(content.length),
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    ];
    let pdf = '%PDF-1.3\n';
    const offsets: number[] = [];
    objects.forEach((o, i) => {
      offsets.push(pdf.length);
      pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
    });
    const xref = pdf.length;
    pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    await expect(PDFDocument.load(Buffer.from(pdf, 'latin1'), { throwOnInvalidObject: true })).rejects.toThrow();
    expect(await pagesAfterUpload('printed text.pdf', Buffer.from(pdf, 'latin1'))).toBe(2);
  });

  it('counts text at 60 lines per page, wrapping lines longer than 80 characters', async () => {
    const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');
    expect(await pagesAfterUpload('notes.txt', lines(61))).toBe(2);
    const enc = (t: string): Uint8Array => new TextEncoder().encode(t);
    expect(countTextPages(enc(lines(60)))).toBe(1);
    expect(countTextPages(enc(`${lines(60)}\n`))).toBe(1);
    expect(countTextPages(enc(lines(121)))).toBe(3);
    expect(countTextPages(enc('x'.repeat(81 * 60)))).toBe(2);
  });

  it('estimates DOC/DOCX at one page per 3,000 bytes, at least one, and images at one page', async () => {
    expect(await pagesAfterUpload('letter.docx', new Uint8Array(7000).fill(1))).toBe(3);
    expect(await pagesAfterUpload('memo.doc', 'tiny')).toBe(1);
    expect(await pagesAfterUpload('photo.png', new Uint8Array(50_000).fill(7))).toBe(1);
  });
});
