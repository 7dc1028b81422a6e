/**
 * One look of the hot folder at one file (src/main/intake/settle-check.ts, mutation module
 * `hot-folder-settle`), with the look's time given by the test: every wait is checked just before and
 * exactly at its end. Without a platform writer check (off Linux) these checks are all that stands
 * between a document still being written and a fax of a part of it. Real files in a temp folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClaimedLedger } from '@main/intake/claimed-ledger';
import { lookAtFile, type Candidate } from '@main/intake/settle-check';
import { samplePdf } from '../../helpers/sample-documents';

/** The settle time and the plain-text quiet time as a user might set them. */
const SETTLE = 1_000;
const QUIET = 5_000;
/** A document whose format says where it ends, but does not end so, is held for half a minute. */
const GRACE = 30_000;
const T0 = 1_750_000_000_000;

let dir: string;
let candidates: Map<string, Candidate>;
let ledger: ClaimedLedger | null;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-look-'));
  candidates = new Map();
  ledger = new ClaimedLedger(null, dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const look = (file: string, now: number) => lookAtFile(file, { candidates, ledger, now, settleMs: SETTLE, quietMs: QUIET });

function write(name: string, content: Buffer | string, mtimeMs = T0 - 60_000): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  fs.utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
  return file;
}
const mtimeOf = (file: string) => fs.statSync(file).mtimeMs;

describe('the settle time: two looks that far apart must agree', () => {
  it('a complete document is held at its first look and just before the settle time, offered exactly at it (with its time)', async () => {
    const file = write('letter.pdf', await samplePdf(1));
    expect(await look(file, T0)).toBe('wait');
    expect(await look(file, T0 + SETTLE - 1)).toBe('wait');
    expect(await look(file, T0 + SETTLE)).toBe(mtimeOf(file));
  });

  it('a new size restarts the wait, even with the same modification time', async () => {
    const file = write('quote.pdf', await samplePdf(1));
    expect(await look(file, T0)).toBe('wait');
    const second = await samplePdf(3);
    write('quote.pdf', second);
    expect(await look(file, T0 + SETTLE)).toBe('wait');
    expect(await look(file, T0 + 2 * SETTLE - 1)).toBe('wait');
    expect(await look(file, T0 + 2 * SETTLE)).toBe(mtimeOf(file));
  });

  it('a new modification time restarts the wait, even with the same size', async () => {
    const pdf = await samplePdf(1);
    const file = write('quote.pdf', pdf, T0 - 60_000);
    expect(await look(file, T0)).toBe('wait');
    write('quote.pdf', pdf, T0 - 30_000);
    expect(await look(file, T0 + SETTLE)).toBe('wait');
    expect(await look(file, T0 + 2 * SETTLE)).toBe(T0 - 30_000);
  });

  it('a file that vanished and is put back unchanged waits the whole settle time again from its return', async () => {
    const file = write('moved.pdf', await samplePdf(1));
    expect(await look(file, T0)).toBe('wait');
    fs.renameSync(file, path.join(os.tmpdir(), `${path.basename(dir)}-away.pdf`));
    expect(await look(file, T0 + SETTLE)).toBe('gone');
    // moved back: same size, same modification time
    fs.renameSync(path.join(os.tmpdir(), `${path.basename(dir)}-away.pdf`), file);
    expect(await look(file, T0 + 2 * SETTLE)).toBe('wait');
    expect(await look(file, T0 + 3 * SETTLE)).toBe(mtimeOf(file));
  });
});

describe('the checks after the settle time', () => {
  it('an empty file (created, not yet filled) is held however long it stays empty', async () => {
    const file = write('new.pdf', '');
    expect(await look(file, T0)).toBe('wait');
    expect(await look(file, T0 + SETTLE)).toBe('wait');
    expect(await look(file, T0 + GRACE + QUIET)).toBe('wait');
  });

  it('a document the Send screen took before (the ledger) is not offered again, not even after the settle time', async () => {
    const file = write('taken.pdf', await samplePdf(1));
    const st = fs.statSync(file);
    ledger!.add({ name: 'taken.pdf', size: st.size, mtimeMs: st.mtimeMs });
    expect(await look(file, T0)).toBe('taken');
    expect(await look(file, T0 + SETTLE)).toBe('taken');
    // the same name with other content is a new document
    const other = write('taken.pdf', await samplePdf(2));
    expect(await look(other, T0 + 2 * SETTLE)).toBe('wait');
  });

  it('what cannot be read to its end is held, not offered (root reads any file, so a folder named like a PDF stands for it)', async () => {
    const unreadable = path.join(dir, 'locked.pdf');
    fs.mkdirSync(unreadable);
    expect(await look(unreadable, T0)).toBe('wait');
    expect(await look(unreadable, T0 + SETTLE)).toBe('wait');
    expect(await look(unreadable, T0 + GRACE + QUIET)).toBe('wait');
  });

  it('a PDF cut short (no end marker) is held for half a minute after it stopped changing, then offered for the Send screen to judge', async () => {
    const whole = await samplePdf(2);
    const cut = whole.subarray(0, whole.length - 200);
    expect(cut.includes('%%EOF')).toBe(false);
    const file = write('cut.pdf', cut);
    expect(await look(file, T0)).toBe('wait');
    expect(await look(file, T0 + SETTLE)).toBe('wait');
    expect(await look(file, T0 + GRACE - 1)).toBe('wait');
    expect(await look(file, T0 + GRACE)).toBe(mtimeOf(file));
  });

  it('plain text, which cannot say where it ends, is offered once unchanged for the quiet time, not a moment before', async () => {
    const file = write('notes.txt', 'Please fax this to the office.\n');
    expect(await look(file, T0)).toBe('wait');
    expect(await look(file, T0 + SETTLE)).toBe('wait');
    expect(await look(file, T0 + QUIET - 1)).toBe('wait');
    expect(await look(file, T0 + QUIET)).toBe(mtimeOf(file));
  });
});
