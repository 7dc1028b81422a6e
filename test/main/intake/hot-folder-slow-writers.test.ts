import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HotFolder, type ArrivalInfo } from '@main/intake/hot-folder';
import { fileStructure, oleComplete, tiffComplete, zipComplete } from '@main/intake/complete-file';
import { MAX_DOCUMENT_BYTES } from '@shared/send/limits';
import { sampleDoc, sampleDocx, sampleJpeg, samplePdf, samplePng, sampleText, sampleTiff } from '../../helpers/sample-documents';
import { ManualClock } from '../../helpers/manual-clock';

// Writers that pause for longer than the settle time: a slow network copy, a
// program printing page by page. Nothing may be offered before the writer is
// done, and then exactly once, whole.
const SETTLE = 300;
const QUIET = 1_500;
/** long enough for anything complete to be offered: the quiet time and two settle times more */
const WINDOW = QUIET + 2 * SETTLE;

let dir: string;
let folder: HotFolder | null = null;
let clock: ManualClock;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-slow-'));
  clock = new ManualClock();
});
/** Time passes on the folder's clock (the writers pause on it too); each look on the way is finished before the next. */
const pass = (ms: number) => clock.advance(ms, () => folder!.idle());
afterEach(() => {
  folder?.stop();
  folder = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function watch(ledgerFile: string | null = null, rescanMs = 150) {
  const offered: Array<{ file: string; size: number; at: number; info: ArrivalInfo }> = [];
  folder = new HotFolder({
    dir,
    clock,
    settleMs: SETTLE,
    quietMs: QUIET,
    rescanMs,
    ledgerFile,
    onDocument: (file, _source, info) => offered.push({ file, size: fs.statSync(file).size, at: clock.now(), info }),
  });
  folder.start();
  await folder.idle();
  return offered;
}

let markers = 0;
/**
 * Drops a fresh, complete document and lets the time pass in which it is offered: by then the folder
 * has looked at everything else at least as often and as long as a new file needs, so whatever was
 * going to be offered has been.
 */
async function afterALaterArrival(offered: Array<{ file: string }>): Promise<void> {
  const name = `later arrival ${++markers}.pdf`;
  fs.writeFileSync(path.join(dir, name), await samplePdf(1));
  await pass(WINDOW);
  expect(offered.map((o) => path.basename(o.file))).toContain(name);
}
const offeredNamed = (offered: Array<{ file: string }>, name: string) => offered.filter((o) => path.basename(o.file) === name);

/** Writes `bytes` in `parts` pieces with `pauseMs` between them; the file stays open, or is reopened for each piece. */
async function slowWrite(file: string, bytes: Buffer, { parts = 3, pauseMs = 3 * SETTLE, keepOpen = false } = {}): Promise<number> {
  const step = Math.ceil(bytes.length / parts);
  const fd = keepOpen ? fs.openSync(file, 'w') : null;
  for (let i = 0; i < parts; i++) {
    const piece = bytes.subarray(i * step, (i + 1) * step);
    if (fd !== null) fs.writeSync(fd, piece);
    else fs.appendFileSync(file, piece);
    if (i < parts - 1) await pass(pauseMs);
  }
  if (fd !== null) fs.closeSync(fd);
  return clock.now();
}

const samples: Array<[string, () => Promise<Buffer> | Buffer]> = [
  ['PDF', () => samplePdf(3)],
  ['TIFF', () => sampleTiff(2)],
  ['DOCX', () => sampleDocx()],
  ['DOC', () => sampleDoc()],
  ['JPEG', () => sampleJpeg()],
  ['PNG', () => samplePng()],
];

describe('a hot folder with slow writers', () => {
  it.each(samples)('offers a %s only once the writer has finished, whole and once', async (type, make) => {
    const offered = await watch();
    const bytes = await make();
    const file = path.join(dir, `slow ${type}.${type.toLowerCase()}`);
    // closed between pieces: only the format itself can tell that more is coming
    const finished = await slowWrite(file, bytes);
    await pass(WINDOW);
    expect(offered.length).toBe(1);
    expect(offered[0]!.at).toBeGreaterThanOrEqual(finished);
    expect(offered[0]!.size).toBe(bytes.length);
    await afterALaterArrival(offered);
    expect(offeredNamed(offered, path.basename(file))).toHaveLength(1);
  });

  // Only Linux lets FaxDesk see a writer holding the file (/proc); elsewhere the format and the quiet time decide.
  it.runIf(process.platform === 'linux')('offers a text file only when the program writing it has closed it, however long it pauses', async () => {
    const offered = await watch();
    const bytes = sampleText();
    // pauses longer than the quiet time, with the file held open for writing the whole time
    const finished = await slowWrite(path.join(dir, 'log.txt'), bytes, { parts: 3, pauseMs: QUIET + 500, keepOpen: true });
    await pass(WINDOW);
    expect(offered.length).toBe(1);
    expect(offered[0]!.at).toBeGreaterThanOrEqual(finished);
    expect(offered[0]!.size).toBe(bytes.length);
  });

  it('offers a text file appended to by a writer that closes it between lines only after it has been quiet for longer', async () => {
    const offered = await watch();
    const bytes = sampleText();
    const finished = await slowWrite(path.join(dir, 'appended.txt'), bytes, { parts: 4, pauseMs: 3 * SETTLE });
    await pass(WINDOW);
    expect(offered.length).toBe(1);
    expect(offered[0]!.at - finished).toBeGreaterThanOrEqual(QUIET - 100);
    expect(offered[0]!.size).toBe(bytes.length);
  });

  it('offers a backlog in the order it was written (modification time), not in directory order', async () => {
    const names = ['c first.pdf', 'a second.pdf', 'b third.pdf'];
    const pdf = await samplePdf(1);
    const base = Date.now() / 1000 - 600;
    names.forEach((n, i) => {
      fs.writeFileSync(path.join(dir, n), pdf);
      fs.utimesSync(path.join(dir, n), base + i * 60, base + i * 60);
    });
    // No rescan timer while it starts: the first look and the one a settle time later see all three, so
    // the order is theirs alone, not which look a rescan happened to fall between.
    const offered = await watch(null, 60_000);
    await pass(WINDOW);
    expect(offered.length).toBe(3);
    expect(offered.map((o) => path.basename(o.file))).toEqual(names);
    expect(offered.every((o) => o.info.backlog)).toBe(true);
  });

  it('never offers a taken document again, also after a restart, and offers one nobody took', async () => {
    const ledger = path.join(dir, '..', `${path.basename(dir)}-taken.json`);
    try {
      const pdf = await samplePdf(1);
      fs.writeFileSync(path.join(dir, 'taken.pdf'), pdf);
      fs.writeFileSync(path.join(dir, 'not taken.pdf'), pdf);
      let offered = await watch(ledger);
      await pass(WINDOW);
      expect(offered.length).toBe(2);
      // the Send screen took one (then the user removed it, or moving it after the send failed)
      folder!.claim(path.join(dir, 'taken.pdf'));
      folder!.stop();

      offered = await watch(ledger);
      await pass(WINDOW);
      expect(offered.length).toBe(1);
      expect(path.basename(offered[0]!.file)).toBe('not taken.pdf');
      await afterALaterArrival(offered);
      expect(offeredNamed(offered, 'taken.pdf')).toHaveLength(0);

      // replaced by a new document of the same name: that one is new (the later arrival shows the folder saw it go)
      fs.rmSync(path.join(dir, 'taken.pdf'));
      await afterALaterArrival(offered);
      fs.writeFileSync(path.join(dir, 'taken.pdf'), await samplePdf(2));
      await pass(WINDOW);
      expect(offeredNamed(offered, 'taken.pdf').length).toBe(1);
    } finally {
      fs.rmSync(ledger, { force: true });
    }
  });
});

describe('format completeness checks', () => {
  it('tell a cut TIFF, DOCX and DOC from a whole one', () => {
    const tiff = sampleTiff(2);
    expect(tiffComplete(tiff)).toBe(true);
    expect(tiffComplete(tiff.subarray(0, tiff.length - 30))).toBe(false);
    expect(tiffComplete(tiff.subarray(0, Math.floor(tiff.length / 2)))).toBe(false);
    const docx = sampleDocx();
    expect(zipComplete(docx.subarray(-2048), docx.length)).toBe(true);
    const cut = docx.subarray(0, docx.length - 10);
    expect(zipComplete(cut.subarray(-2048), cut.length)).toBe(false);
    const doc = sampleDoc();
    expect(oleComplete(doc.subarray(0, 512), doc.length)).toBe(true);
    expect(oleComplete(doc.subarray(0, 512), doc.length - 1024)).toBe(false);
  });

  it('read a TIFF only up to the size a document may have: a larger one is left to stillness, even past 2 GB', async () => {
    const tiff = sampleTiff(1);
    const whole = path.join(dir, 'scan.tif');
    fs.writeFileSync(whole, tiff);
    expect(await fileStructure(whole, tiff.length)).toBe('complete');
    // a whole TIFF of exactly 10 MB is still read and judged (cut short, it is incomplete)
    const limit = path.join(dir, 'limit.tif');
    fs.writeFileSync(limit, tiff.subarray(0, tiff.length - 30));
    fs.truncateSync(limit, MAX_DOCUMENT_BYTES);
    expect(await fileStructure(limit, MAX_DOCUMENT_BYTES)).toBe('incomplete');
    // one byte more, or a sparse 3 GB scan (once read whole, and past 2 GB unreadable: never offered)
    for (const size of [MAX_DOCUMENT_BYTES + 1, 3 * 1024 ** 3]) {
      const big = path.join(dir, `big-${size}.tif`);
      fs.writeFileSync(big, tiff.subarray(0, tiff.length - 30));
      fs.truncateSync(big, size);
      expect(await fileStructure(big, size)).toBe('none');
    }
  });
});
