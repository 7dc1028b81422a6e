/**
 * The viewer's read channel, called as a compromised window would call it: only a document the user
 * handed over comes back, and a refused call reads nothing (the file's access time stays put; the
 * folder is on relatime, so a read of a file last read two days ago would move it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '@main/ipc/dispatch';
import { previewHandlers } from '@main/ipc/handlers/preview';
import { createPreviewService } from '@main/preview/preview-service';
import { createFileGrants, type FileGrants } from '@main/files/grants';
import { SYSTEM_CJK_FONTS } from '@main/pdf/fonts';
import { makeTestServices, type TestServices } from '../../helpers/services';

const SECRET = 'PRIVATE KEY 7f3a canary';
let dir: string;
let grants: FileGrants;
let handlers: Partial<Handlers>;

const call = (name: string, input: unknown) => dispatch(handlers, name, input);

/** A file whose access time is two days old: reading it moves the access time. */
function untouched(file: string, content: string | Buffer): () => boolean {
  fs.writeFileSync(file, content);
  const old = new Date(Date.now() - 3 * 86_400_000);
  const older = new Date(Date.now() - 2 * 86_400_000);
  fs.utimesSync(file, older, old);
  const before = fs.statSync(file).atimeMs;
  return () => fs.statSync(file).atimeMs === before;
}

async function pdf(text: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${text} ${i + 1}`, { x: 60, y: 760, size: 24 });
  return Buffer.from(await doc.save());
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-preview-'));
  grants = createFileGrants();
  handlers = previewHandlers(createPreviewService(), grants);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('reading a document for the viewer', () => {
  it('gives back the exact bytes of a PDF, PNG or JPEG the user handed over', async () => {
    const bytes = await pdf('Offer', 3);
    fs.writeFileSync(path.join(dir, 'Offer 报价.pdf'), bytes);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    fs.writeFileSync(path.join(dir, 'scan.png'), png);
    const jpg = Buffer.from('ffd8ffe000104a464946', 'hex');
    fs.writeFileSync(path.join(dir, 'photo.JPG'), jpg);

    const r = await call('readDocumentPreview', { handle: grants.grant(path.join(dir, 'Offer 报价.pdf')) });
    expect(r).toMatchObject({ ok: true, value: { kind: 'pdf', size: bytes.length } });
    expect(Buffer.from((r as { value: { data: string } }).value.data, 'base64').equals(bytes)).toBe(true);
    expect(await call('readDocumentPreview', { handle: grants.grant(path.join(dir, 'scan.png')) })).toMatchObject({ ok: true, value: { kind: 'png', data: png.toString('base64') } });
    expect(await call('readDocumentPreview', { handle: grants.grant(path.join(dir, 'photo.JPG')) })).toMatchObject({ ok: true, value: { kind: 'jpeg' } });
  });

  it('refuses a handle main never issued, a malformed one, a path or a file:// URL, and reads nothing', async () => {
    const target = path.join(dir, 'secret.pdf');
    const unread = untouched(target, `%PDF-1.4\n${SECRET}\n%%EOF\n`);
    const attempts: unknown[] = [
      { handle: `fh_${'A'.repeat(32)}` },
      { handle: 'fh_short' },
      { handle: target },
      { handle: `file://${target}` },
      { handle: '../../secret.pdf' },
      { path: target },
      { handle: `fh_${'A'.repeat(32)}`, path: target },
      target,
      undefined,
    ];
    const results = await Promise.all(attempts.map((a) => call('readDocumentPreview', a)));
    expect(results[0]).toMatchObject({ ok: false, error: { code: 'file.not_granted', message: expect.stringContaining('Add or choose it again') } });
    for (const r of results.slice(1)) expect(r).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    const said = JSON.stringify(results);
    expect(said).not.toContain(SECRET);
    expect(said).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 16));
    expect(unread()).toBe(true);
  });

  it('refuses a file main saved for the user (an export), which is not a document handed over', async () => {
    const report = path.join(dir, 'report.pdf');
    const unread = untouched(report, await pdf('Transmission report'));
    const r = await call('readDocumentPreview', { handle: grants.grant(report, 'output') });
    expect(r).toMatchObject({ ok: false, error: { code: 'file.not_granted' } });
    expect(unread()).toBe(true);
  });

  it('shows only what the viewer draws: a CSV or a TIFF handed over for something else is not read', async () => {
    const csv = path.join(dir, 'contacts.csv');
    const csvUnread = untouched(csv, `name,fax\n${SECRET},+86 10 8888 0001\n`);
    const tiff = path.join(dir, 'scan.tiff');
    const tiffUnread = untouched(tiff, Buffer.from('49492a00', 'hex'));
    for (const file of [csv, tiff]) {
      const r = await call('readDocumentPreview', { handle: grants.grant(file) });
      expect(r).toMatchObject({ ok: false, error: { code: 'preview.unsupported', message: expect.stringContaining('still sent as it is') } });
      expect(JSON.stringify(r)).not.toContain(SECRET);
    }
    expect(csvUnread()).toBe(true);
    expect(tiffUnread()).toBe(true);
  });

  it('does not hand over a file whose name says PDF but whose content is something else', async () => {
    const fake = path.join(dir, 'id_rsa.pdf');
    fs.writeFileSync(fake, `-----BEGIN ${SECRET}-----\n`);
    const r = await call('readDocumentPreview', { handle: grants.grant(fake) });
    expect(r).toMatchObject({ ok: false, error: { code: 'preview.unsupported' } });
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('refuses a document over the 10 MB send limit without reading it, and says so', async () => {
    const big = path.join(dir, 'big.pdf');
    fs.writeFileSync(big, '%PDF-1.4\n');
    // the spec's single-file limit: 10 MB
    fs.truncateSync(big, 10 * 1024 * 1024 + 1);
    const unread = untouched(big, fs.readFileSync(big));
    const r = await call('readDocumentPreview', { handle: grants.grant(big) });
    expect(r).toMatchObject({ ok: false, error: { code: 'preview.too_large', message: expect.stringContaining('10 MB') } });
    expect(unread()).toBe(true);
  });

  it('says the document is gone when it was deleted after it was added', async () => {
    const gone = path.join(dir, 'gone.pdf');
    fs.writeFileSync(gone, await pdf('x'));
    const handle = grants.grant(gone);
    fs.rmSync(gone);
    expect(await call('readDocumentPreview', { handle })).toMatchObject({ ok: false, error: { code: 'preview.unreadable', message: expect.stringContaining('add it again') } });
  });
});

describe('through the app’s own services', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await makeTestServices();
  });
  afterEach(async () => t.cleanup());

  it('previews a PDF chosen in main’s open dialog, which has no File in the window', async () => {
    const chosen = path.join(t.dataDir, 'Chosen.pdf');
    fs.writeFileSync(chosen, await pdf('Chosen', 2));
    t.dialogs.answers.open.push([chosen]);
    const picked = await dispatch(t.services.handlers, 'chooseFiles', { purpose: 'documents' });
    const handle = (picked as { ok: true; value: { files: Array<{ handle: string }> } }).value.files[0]!.handle;
    expect(await dispatch(t.services.handlers, 'readDocumentPreview', { handle })).toMatchObject({ ok: true, value: { kind: 'pdf' } });
  });

  it('draws the cover from the form in memory: a one-page PDF, Chinese kept when a CJK font is installed, nothing written', async () => {
    const before = fs.readdirSync(t.dataDir, { recursive: true }).sort();
    const r = await dispatch(t.services.handlers, 'previewCoverPage', { from: '北京办公室', to: 'Shanghai', subject: '报价单', message: '请查收。', documentPages: 2 });
    expect(r.ok).toBe(true);
    const { data, replacedCharacters } = (r as { ok: true; value: { data: string; replacedCharacters: boolean } }).value;
    const doc = await PDFDocument.load(Buffer.from(data, 'base64'));
    expect(doc.getPageCount()).toBe(1);
    const hasCjkFont = SYSTEM_CJK_FONTS.some((f) => fs.existsSync(f));
    expect(replacedCharacters).toBe(!hasCjkFont);
    expect(fs.readdirSync(t.dataDir, { recursive: true }).sort()).toEqual(before);
  });
});
