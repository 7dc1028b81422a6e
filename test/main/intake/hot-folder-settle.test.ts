/**
 * The settle check: a file is offered only once it has looked the same for
 * the settle time. Off Linux nothing can see a writer holding the file, so
 * this check is all that stands between a program that saves a document in
 * two goes and a fax of its first, shorter version. The platform's writer
 * check is switched off here to stand for those systems.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HotFolder } from '@main/intake/hot-folder';
import { samplePdf } from '../../helpers/sample-documents';
import { ManualClock } from '../../helpers/manual-clock';

const SETTLE = 1_000;
const RESCAN = 100;

let dir: string;
let folder: HotFolder | null = null;
let clock: ManualClock;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-settle-'));
  clock = new ManualClock();
});
/** Time passes on the folder's clock; each look it makes on the way is finished before the next. */
const pass = (ms: number) => clock.advance(ms, () => folder!.idle());
afterEach(() => {
  folder?.stop();
  folder = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function watch(o: { openForWriting?: (file: string) => boolean; quietMs?: number } = {}) {
  const offered: Array<{ file: string; size: number; at: number }> = [];
  folder = new HotFolder({
    dir,
    clock,
    settleMs: SETTLE,
    // looks far more often than the settle time: only the settle check can hold a file back
    rescanMs: RESCAN,
    // the writer check of the platform, as a predicate per file: none by default (as off Linux)
    filesOpenForWriting: async (files) => new Set(files.filter(o.openForWriting ?? (() => false))),
    ...(o.quietMs !== undefined ? { quietMs: o.quietMs } : {}),
    onDocument: (file) => offered.push({ file, size: fs.statSync(file).size, at: clock.now() }),
  });
  folder.start();
  await folder.idle();
  return offered;
}

describe('the hot folder without a platform writer check', () => {
  it('offers a document saved twice in quick succession once, as its second version', async () => {
    const offered = await watch();
    const file = path.join(dir, 'quote.pdf');
    const first = await samplePdf(1);
    const second = await samplePdf(3);
    expect(second.length).not.toBe(first.length);
    // each version is a whole, closed PDF: its format says it is complete
    fs.writeFileSync(file, first);
    await pass(SETTLE / 4);
    fs.writeFileSync(file, second);
    const savedAt = clock.now();
    await pass(SETTLE - RESCAN);
    expect(offered).toHaveLength(0);
    await pass(3 * RESCAN);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.size).toBe(second.length);
    // and not before it had looked the same for the settle time
    expect(offered[0]!.at - savedAt).toBeGreaterThanOrEqual(SETTLE);
  });

  it('offers a complete, unchanged document no sooner than the settle time after it appeared', async () => {
    const offered = await watch();
    const pdf = await samplePdf(1);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), pdf);
    const writtenAt = clock.now();
    await pass(SETTLE - RESCAN);
    expect(offered).toHaveLength(0);
    await pass(3 * RESCAN);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.at - writtenAt).toBeGreaterThanOrEqual(SETTLE);
    expect(offered[0]!.size).toBe(pdf.length);
  });
});

let markers = 0;
/** A fresh, complete document offered: by then the folder has looked at everything else as long as a new file needs. */
async function afterALaterArrival(offered: Array<{ file: string }>): Promise<void> {
  const name = `later arrival ${++markers}.pdf`;
  fs.writeFileSync(path.join(dir, name), await samplePdf(1));
  await pass(SETTLE + 2 * RESCAN);
  expect(offered.map((o) => path.basename(o.file))).toContain(name);
}
const named = <T extends { file: string }>(offered: T[], name: string): T[] => offered.filter((o) => path.basename(o.file) === name);

describe('the other checks of one look, on any system', () => {
  it('holds a file a program still has open for writing until it lets go (as the platform reports it)', async () => {
    const held = new Set<string>();
    const offered = await watch({ openForWriting: (f) => held.has(path.basename(f)) });
    held.add('held.pdf');
    fs.writeFileSync(path.join(dir, 'held.pdf'), await samplePdf(2));
    await afterALaterArrival(offered);
    expect(named(offered, 'held.pdf')).toHaveLength(0);
    held.delete('held.pdf');
    await pass(2 * RESCAN);
    expect(named(offered, 'held.pdf')).toHaveLength(1);
  });

  it('does not offer an empty file (created, not yet filled), and offers it once filled', async () => {
    // plain text held no longer than the settle time: only the empty-file check can hold it back
    const offered = await watch({ quietMs: SETTLE });
    fs.writeFileSync(path.join(dir, 'new notes.txt'), '');
    await afterALaterArrival(offered);
    expect(named(offered, 'new notes.txt')).toHaveLength(0);
    const text = 'Please fax this to the office.\n';
    fs.writeFileSync(path.join(dir, 'new notes.txt'), text);
    await pass(SETTLE + 2 * RESCAN);
    expect(named(offered, 'new notes.txt')).toHaveLength(1);
    expect(named(offered, 'new notes.txt')[0]!.size).toBe(text.length);
  });

  it('offers plain text, which cannot say where it ends, only after it has been quiet for the quiet time', async () => {
    const QUIET = 2 * SETTLE;
    const offered = await watch({ quietMs: QUIET });
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'Please fax this to the office.\n');
    const writtenAt = clock.now();
    await pass(QUIET - RESCAN);
    expect(named(offered, 'notes.txt')).toHaveLength(0);
    await pass(3 * RESCAN);
    expect(named(offered, 'notes.txt')).toHaveLength(1);
    expect(named(offered, 'notes.txt')[0]!.at - writtenAt).toBeGreaterThanOrEqual(QUIET);
  });
});
