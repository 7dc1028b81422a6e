import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { sendHandlers } from '@main/ipc/handlers/send';
import { spawnSync } from 'node:child_process';
import { buildCoverPage } from '@main/send/cover-page';
import { SYSTEM_CJK_FONTS } from '@main/pdf/fonts';
import { dispatch } from '@main/ipc/dispatch';
import { makeRig, type SendRig } from './helpers';
import path from 'node:path';
import { createFileGrants } from '@main/files/grants';

let rig: SendRig | null = null;
const grants = createFileGrants();
let server: http.Server | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
  if (server) await new Promise<void>((r) => (server!.closeAllConnections(), server!.close(() => r())));
  server = null;
});

describe('the send channels', () => {
  it('keep a draft with its documents across a restart: main keeps the paths, the window gets fresh handles', async () => {
    rig = await makeRig();
    const pdf = path.join(rig.dir, 'a.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n%%EOF\n');
    const before = createFileGrants();
    const handle = before.grant(pdf);
    const draft = {
      documents: [{ handle, url: null, name: 'a.pdf', pages: 2, fileRef: 'f_1' }],
      recipientsText: '+86 10 8888 1234\n13812345678',
      name: 'Offer',
      scheduleLocal: '2031-01-01T09:00',
      cover: null,
    };
    const first = sendHandlers(rig.service, before);
    expect(await first.loadDraft(undefined)).toBeNull();
    await first.saveDraft(draft);
    // a new run of main: its own capabilities, none of the old handles
    const after = createFileGrants();
    const again = sendHandlers(rig.service, after);
    const loaded = await again.loadDraft(undefined);
    const { documents, ...rest } = draft;
    expect(loaded).toMatchObject(rest);
    expect(loaded!.documents).toHaveLength(1);
    expect(loaded!.documents[0]).toMatchObject({ name: 'a.pdf', pages: 2, fileRef: 'f_1', url: null });
    expect(after.pathOf(loaded!.documents[0]!.handle!)).toBe(pdf);
    expect(after.lookup(documents[0]!.handle)).toBeNull();
    // a handle main never issued cannot be slipped into a draft
    const forged = await dispatch(again, 'saveDraft', { ...draft, documents: [{ ...documents[0]!, handle: `fh_${'B'.repeat(32)}` }] });
    expect(forged).toMatchObject({ ok: false, error: { code: 'file.not_granted' } });
    expect(await again.clearDraft(undefined)).toEqual({ cleared: true });
    expect(await again.loadDraft(undefined)).toBeNull();
  });

  it('makes a one-page cover PDF in the data folder that counts its own page', async () => {
    rig = await makeRig();
    const h = sendHandlers(rig.service, grants);
    const result = await h.makeCoverPage({ from: 'Acme Ltd', to: 'Zhang Wei', subject: 'Offer', message: 'Please find our offer attached.', documentPages: 3 });
    expect(result.document).toMatchObject({ ext: 'pdf', pages: 1, error: null });
    const coverPath = grants.pathOf(result.document.handle);
    expect(coverPath.startsWith(rig.dir)).toBe(true);
    expect(result.replacedCharacters).toBe(false);
    const pdf = await PDFDocument.load(fs.readFileSync(coverPath));
    expect(pdf.getPageCount()).toBe(1);
  });

  it('says when the cover cannot draw some characters (Chinese with only the standard fonts)', async () => {
    const cover = { from: '北京办公室', to: 'Li', subject: 'Grüße 报价', message: '', documentPages: null };
    const plain = await buildCoverPage(cover, new Date(), []);
    expect(plain.replaced).toBe(true);
  });

  const systemCjkFont = SYSTEM_CJK_FONTS.find((f) => fs.existsSync(f));
  it.skipIf(!systemCjkFont)('draws Chinese on the cover with a system CJK font when there is one', async () => {
    rig = await makeRig();
    const h = sendHandlers(rig.service, grants);
    const result = await h.makeCoverPage({ from: '北京办公室', to: '张伟', subject: '报价 Grüße', message: '请查收。', documentPages: 2 });
    expect(result.replacedCharacters).toBe(false);
    const coverPath = grants.pathOf(result.document.handle);
    const pdf = await PDFDocument.load(fs.readFileSync(coverPath));
    expect(pdf.getPageCount()).toBe(1);
    // what a reader of the fax sees: the text layer carries the Chinese as written
    const text = spawnSync('pdftotext', [coverPath, '-'], { encoding: 'utf8' });
    if (text.status === 0) expect(text.stdout).toMatch(/北京办公室[\s\S]*张伟[\s\S]*报价 Grüße[\s\S]*请查收/);
    // a Latin-only cover embeds no CJK font and stays small
    const latin = await buildCoverPage({ from: 'Acme', to: 'Li', subject: 'Offer', message: '', documentPages: 1 }, new Date());
    expect(latin.bytes.length).toBeLessThan(20_000);
  });
  if (!systemCjkFont) console.log(`skipped the CJK cover test: none of ${SYSTEM_CJK_FONTS.length} known CJK font files is on this machine`);

  it('adds a document from a URL through the service (URL upload mode)', async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4\n%%EOF\n');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/terms.pdf`;
    // served on loopback: only the simulator's test-only switch lets it fetch from there
    rig = await makeRig({ sim: { allowLoopbackRemoteUrls: true } });
    const h = sendHandlers(rig.service, grants);
    const { document, upload } = await h.addFromUrl({ url });
    expect(document).toMatchObject({ handle: null, url, name: 'terms.pdf', fileRef: upload.fileRef });
    expect(upload.size).toBe(15);
  });

  it('reject a malformed send at the door with field paths', async () => {
    rig = await makeRig();
    const handlers = sendHandlers(rig.service, grants);
    const r = await dispatch(handlers, 'sendFax', { name: 'x', documents: [], numbers: ['1'], scheduledAt: null });
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    const bad = await dispatch(handlers, 'addFromUrl', { url: 'file:///etc/passwd' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
  });
});
