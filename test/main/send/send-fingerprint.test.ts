/**
 * "The same fax again?" compares the documents' bytes, read as their upload reads them: the file the
 * user granted, never a link put in its place, never a named pipe waited on, never more than the 10 MB
 * a document may have. Real files, real grants (the drop's path), real named pipes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '@main/errors';
import { createFileGrants, grantDroppedFile } from '@main/files/grants';
import { sendFingerprint } from '@main/send/send-fingerprint';
import { toSendDocument } from '@main/send/local-documents';
import { tempDirs } from '../../helpers/temp-dirs';
import { settledWithin } from '../../helpers/until';

const tmp = tempDirs('faxdesk-fingerprint-');
const NUMBERS = ['+861088000001', '+861088000002'];

/** a document as the Send screen hands it to main: dropped (granted), then named by its handle */
function added(file: string) {
  const grants = createFileGrants();
  const { handle } = grantDroppedFile(grants, file);
  return toSendDocument(grants, { handle, url: null, name: path.basename(file), pages: 1, fileRef: null });
}

const failure = (p: Promise<unknown>) => settledWithin(p.then(() => null, (e: unknown) => e), 3_000);


describe('the fingerprint of a send reads the granted documents as the upload does', () => {
  it('is the same for the same bytes under another name, and differs when a byte differs', async () => {
    const dir = tmp();
    const a = path.join(dir, 'offer.pdf');
    const b = path.join(dir, 'offer copy.pdf');
    const c = path.join(dir, 'offer edited.pdf');
    fs.writeFileSync(a, '%PDF-1.4 offer');
    fs.copyFileSync(a, b);
    fs.writeFileSync(c, '%PDF-1.4 offeR');
    const fa = await sendFingerprint([added(a)], NUMBERS);
    expect(await sendFingerprint([added(b)], [...NUMBERS].reverse())).toBe(fa);
    expect(await sendFingerprint([added(c)], NUMBERS)).not.toBe(fa);
    // the bytes' own digest, as the office compares documents by it
    const digest = createHash('sha256').update(fs.readFileSync(a)).digest('hex');
    expect(fa).toBe(createHash('sha256').update(JSON.stringify([[`file:${digest}`], [...NUMBERS].sort()])).digest('hex'));
  });

  it('a document replaced by a link to another file since it was added stops the send as changed (the link is not followed)', async () => {
    const dir = tmp();
    const doc = path.join(dir, 'offer.pdf');
    const other = path.join(dir, 'salaries.pdf');
    fs.writeFileSync(doc, '%PDF-1.4 offer');
    fs.writeFileSync(other, '%PDF-1.4 salaries');
    const d = added(doc);
    fs.rmSync(doc);
    fs.symlinkSync(other, doc);
    const e = await failure(sendFingerprint([d], NUMBERS));
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).code).toBe('file.changed');
    expect((e as UserError).message).toContain('offer.pdf changed since you added it');
  });

  it('a named pipe in the document’s place is refused at once, not waited on', async () => {
    const dir = tmp();
    const doc = path.join(dir, 'offer.pdf');
    fs.writeFileSync(doc, '%PDF-1.4 offer');
    const d = added(doc);
    fs.rmSync(doc);
    execFileSync('mkfifo', [doc]);
    const granted = await failure(sendFingerprint([d], NUMBERS));
    expect(granted).toBeInstanceOf(UserError);
    expect((granted as UserError).code).toBe('file.changed');
    // a document known by its path alone (a draft's, before it is granted again): said to be no document
    const byPath = await failure(sendFingerprint([{ ...d, granted: undefined }], NUMBERS));
    expect(byPath).toBeInstanceOf(UserError);
    expect((byPath as UserError).code).toBe('document.not_a_file');
  });

  it('reads at most the 10 MB a document may have: one grown past it is refused as too large', async () => {
    const dir = tmp();
    const doc = path.join(dir, 'scan.pdf');
    fs.writeFileSync(doc, '%PDF-1.4 scan');
    const d = added(doc);
    // grown in place (same file, so the grant still holds) to just over the limit
    fs.truncateSync(doc, 10 * 1024 * 1024 + 1);
    const e = await failure(sendFingerprint([d], NUMBERS));
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).code).toBe('document.too_large');
    // exactly at the limit it is read
    fs.truncateSync(doc, 10 * 1024 * 1024);
    expect(await settledWithin(sendFingerprint([d], NUMBERS), 3_000)).toMatch(/^[0-9a-f]{64}$/);
  });
});
