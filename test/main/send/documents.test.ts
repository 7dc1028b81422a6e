import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectDocument } from '@main/send/documents';
import { pdfPageCount } from '@main/send/page-count';
import { writePdf } from './helpers';
import { settledWithin } from '../../helpers/until';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-docs-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, bytes: Buffer | string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
};

describe('inspecting a document before upload', () => {
  it('counts the pages of a PDF and reports its size and type', async () => {
    const p = await writePdf(dir, 'Quarterly report.pdf', 3);
    const info = await inspectDocument(p);
    expect(info).toMatchObject({ name: 'Quarterly report.pdf', ext: 'pdf', pages: 3, warning: null, error: null });
    expect(info.size).toBe(fs.statSync(p).size);
  });

  it('a document is read once: unchanged (same size and time) it is not parsed again; changed, it is', async () => {
    const p = await writePdf(dir, 'contract.pdf', 2);
    const when = new Date('2026-03-01T09:00:00Z');
    fs.utimesSync(p, when, when);
    expect((await inspectDocument(p)).pages).toBe(2);
    // Same size and modification time but other bytes: the remembered inspection stands, nothing was re-read.
    const original = fs.readFileSync(p);
    fs.writeFileSync(p, Buffer.alloc(original.length, 0x20));
    fs.utimesSync(p, when, when);
    expect(await inspectDocument(p)).toMatchObject({ pages: 2, error: null });
    // Saved again (a new time): inspected afresh.
    const later = await writePdf(dir, 'contract.pdf', 5);
    fs.utimesSync(later, when, new Date(when.getTime() + 5000));
    expect((await inspectDocument(later)).pages).toBe(5);
  });

  it('counts an image as one page', async () => {
    const info = await inspectDocument(write('scan.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')));
    expect(info).toMatchObject({ pages: 1, error: null });
  });

  it('counts the pages of a multi-page TIFF', async () => {
    // II*\0, first IFD at 8; IFD: 0 entries, next at 14; IFD: 0 entries, next 0.
    const b = Buffer.alloc(20);
    b.write('II', 0, 'latin1');
    b.writeUInt16LE(42, 2);
    b.writeUInt32LE(8, 4);
    b.writeUInt16LE(0, 8);
    b.writeUInt32LE(14, 10);
    b.writeUInt16LE(0, 14);
    b.writeUInt32LE(0, 16);
    expect((await inspectDocument(write('fax.tif', b))).pages).toBe(2);
    // A chain that points outside the file, or loops back, ends the count instead of hanging.
    b.writeUInt32LE(8, 16);
    expect((await inspectDocument(write('loop.tif', b))).pages).toBe(2);
  });

  it('counts the pages of a 10 MB PDF from a small part of the file, never reading it whole', async () => {
    const p = await writePdf(dir, 'scan.pdf', 4);
    // A large content stream, like a scan: appended as an unreferenced object before an incremental-update-free trailer
    // would break the xref, so grow the file by writing a PDF whose first page carries a big stream instead.
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(fs.readFileSync(p));
    const padding = Buffer.alloc(9 * 1024 * 1024, 0x25); // '%' comment bytes, valid content-stream syntax
    doc.getPage(0).node.addContentStream(doc.context.register(doc.context.stream(padding)));
    fs.writeFileSync(p, await doc.save({ useObjectStreams: false }));
    const size = fs.statSync(p).size;
    expect(size).toBeGreaterThan(9 * 1024 * 1024);
    const fh = await fs.promises.open(p, 'r');
    try {
      const counted = await pdfPageCount(fh, size);
      expect(counted.pages).toBe(4);
      expect(counted.bytesRead).toBeLessThan(size / 10);
    } finally {
      await fh.close();
    }
    expect((await inspectDocument(p)).pages).toBe(4);
  });

  it('refuses a 10.5 MB file with its name and size', async () => {
    const p = write('big scan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10.5 * 1024 * 1024)]));
    const info = await inspectDocument(p);
    expect(info.error?.code).toBe('too_large');
    expect(info.error?.message).toContain('big scan.pdf');
    expect(info.error?.message).toContain('10.5 MB');
    expect(info.error?.message).toContain('10 MB');
  });

  it('warns above the recommended 2 MB but accepts the file', async () => {
    const p = write('photo.jpg', Buffer.alloc(3 * 1024 * 1024, 1));
    const info = await inspectDocument(p);
    expect(info).toMatchObject({ warning: 'large', error: null, pages: 1 });
  });

  it('refuses empty files, unknown types, missing files, folders and fake PDFs, naming each', async () => {
    const empty = await inspectDocument(write('empty.pdf', ''));
    expect(empty.error).toMatchObject({ code: 'empty' });
    expect(empty.error?.message).toContain('empty.pdf');
    const exe = await inspectDocument(write('setup.exe', 'MZ'));
    expect(exe.error).toMatchObject({ code: 'unsupported_type' });
    expect(exe.error?.message).toContain('setup.exe');
    const missing = await inspectDocument(path.join(dir, 'gone.pdf'));
    expect(missing.error).toMatchObject({ code: 'not_found' });
    fs.mkdirSync(path.join(dir, 'folder.pdf'));
    expect((await inspectDocument(path.join(dir, 'folder.pdf'))).error).toMatchObject({ code: 'not_a_file' });
    const fake = await inspectDocument(write('letter.pdf', 'this is text, not a PDF'));
    expect(fake.error).toMatchObject({ code: 'unreadable' });
    // a named pipe: refused at once as not a file, never waited on (its open would hold a thread until a writer came)
    execFileSync('mkfifo', [path.join(dir, 'pipe.pdf')]);
    expect(await settledWithin(inspectDocument(path.join(dir, 'pipe.pdf')))).toMatchObject({ error: { code: 'not_a_file' } });
  });

  it('leaves pages unknown for word-processor files (the service counts them)', async () => {
    const info = await inspectDocument(write('memo.docx', 'PK\u0003\u0004'));
    expect(info).toMatchObject({ ext: 'docx', pages: null, error: null });
  });
});
