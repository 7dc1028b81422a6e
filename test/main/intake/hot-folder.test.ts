import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentsOffered } from '@shared/ipc/channels/intake';
import { IntakeQueue } from '@main/intake/documents';
import { moveWithoutOverwriting } from '@main/intake/filing';
import { HotFolder } from '@main/intake/hot-folder';
import { isIgnoredName } from '@main/intake/outbox-names';
import { ManualClock } from '../../helpers/manual-clock';

const SETTLE = 500;
const RESCAN = 300;

let dir: string;
let folder: HotFolder | null = null;
let clock: ManualClock;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-'));
  clock = new ManualClock();
});
/** Time passes on the folder's clock: each settle or rescan look it makes on the way is finished before the next. */
const pass = (ms: number) => clock.advance(ms, () => folder!.idle());
afterEach(() => {
  folder?.stop();
  folder = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function watch(options: { rescanMs?: number } = {}) {
  const sent: DocumentsOffered[] = [];
  const queue = new IntakeQueue({ emit: (name, payload) => void (name === 'documentsOffered' && sent.push(payload as DocumentsOffered)) });
  const offeredAt: number[] = [];
  folder = new HotFolder({
    dir,
    clock,
    settleMs: SETTLE,
    rescanMs: options.rescanMs ?? RESCAN,
    onDocument: (p, source) => {
      offeredAt.push(clock.now());
      queue.offer([p], source);
    },
  });
  folder.start();
  await folder.idle();
  return { sent, offeredAt, queue };
}

/** names of every document offered so far, in order */
const names = (sent: DocumentsOffered[]) => sent.flatMap((o) => [...o.documents, ...o.rejected].map((d) => d.name));

let markers = 0;
/**
 * Drops a fresh document and lets the time pass in which it is offered: by then the folder has looked
 * at everything else at least as often and as long as a new file needs (the settle time and more), so
 * whatever was going to be offered has been.
 */
async function afterALaterArrival(sent: DocumentsOffered[]): Promise<void> {
  const name = `later arrival ${++markers}.pdf`;
  fs.writeFileSync(path.join(dir, name), '%PDF-1.4\nlater\n%%EOF\n');
  await pass(2 * (SETTLE + RESCAN));
  expect(names(sent)).toContain(name);
}

describe('the hot folder', () => {
  it('offers a slowly written document exactly once, only after it is complete, and moves it to sent/ after sending', async () => {
    const { sent, offeredAt, queue } = await watch();
    const file = path.join(dir, '月度报表 March.pdf');
    const chunk = Buffer.alloc(4096, 0x41);
    const fd = fs.openSync(file, 'w');
    // ~1.5 s of writing, a chunk every 150 ms: never quiet for as long as the settle time
    for (let i = 0; i < 10; i++) {
      // the last chunk ends the way a PDF does
      fs.writeSync(fd, i < 9 ? chunk : Buffer.concat([chunk.subarray(0, chunk.length - 6), Buffer.from('%%EOF\n')]));
      await pass(150);
    }
    fs.closeSync(fd);
    const finishedAt = clock.now();
    expect(sent).toHaveLength(0);

    await pass(2 * (SETTLE + RESCAN));
    expect(sent).toHaveLength(1);
    // not before it had looked the same for the settle time after its last change
    expect(offeredAt[0]! - finishedAt).toBeGreaterThanOrEqual(SETTLE);
    const doc = sent[0]!.documents[0]!;
    expect(doc).toMatchObject({ name: '月度报表 March.pdf', size: 40960, source: 'hot-folder' });
    expect(queue.grants.pathOf(doc.handle)).toBe(file);

    // several more watch events and rescans: still once
    fs.utimesSync(dir, new Date(), new Date());
    await afterALaterArrival(sent);
    expect(names(sent).filter((n) => n === '月度报表 March.pdf')).toHaveLength(1);

    expect(folder!.owns(file)).toBe(true);
    const moved = folder!.filing.markSent(file);
    expect(moved).toBe(path.join(dir, 'sent', '月度报表 March.pdf'));
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(moved!).length).toBe(40960);
    // sent/ is not looked into: the moved document is not offered again
    await afterALaterArrival(sent);
    expect(names(sent).filter((n) => n === '月度报表 March.pdf')).toHaveLength(1);
  });

  it('holds back a PDF that went quiet before its end was written, and offers it once it is complete', async () => {
    const { sent } = await watch();
    const file = path.join(dir, 'slow copy.pdf');
    fs.writeFileSync(file, '%PDF-1.4\n' + 'x'.repeat(5000));
    // quiet for longer than a later, complete document needed to be offered, but no %%EOF yet: a copy that stalled
    await afterALaterArrival(sent);
    await pass(20_000);
    expect(names(sent)).not.toContain('slow copy.pdf');
    fs.appendFileSync(file, '\ntrailer\n%%EOF\n');
    await pass(2 * (SETTLE + RESCAN));
    expect(names(sent)).toContain('slow copy.pdf');
    expect(sent.at(-1)!.documents[0]!.size).toBe(fs.statSync(file).size);
  });

  it('offers a PDF that stays cut short for 30 s anyway (the Send screen\'s checks then decide), and not a moment before', async () => {
    const { sent } = await watch();
    fs.writeFileSync(path.join(dir, 'stalled.pdf'), '%PDF-1.4\n' + 'x'.repeat(5000));
    await pass(RESCAN);
    const firstSeen = clock.now();
    await pass(29_000);
    expect(names(sent)).not.toContain('stalled.pdf');
    await pass(2_000);
    expect(names(sent)).toContain('stalled.pdf');
    expect(clock.now() - firstSeen).toBeGreaterThanOrEqual(30_000);
  });

  it('ignores partial downloads, lock files, dotfiles and the sent/failed subfolders, and picks up a rename into place', async () => {
    const { sent } = await watch();
    fs.writeFileSync(path.join(dir, 'a.pdf.part'), '%PDF-1.4\n%%EOF\n');
    fs.writeFileSync(path.join(dir, 'b.pdf.crdownload'), 'x');
    fs.writeFileSync(path.join(dir, '~$report.docx'), 'x');
    fs.writeFileSync(path.join(dir, '.job-12.pdf'), 'x');
    fs.writeFileSync(path.join(dir, 'sent', 'old.pdf'), 'x');
    fs.writeFileSync(path.join(dir, 'failed', 'older.pdf'), 'x');
    await afterALaterArrival(sent);
    expect(names(sent)).toEqual([`later arrival ${markers}.pdf`]);

    fs.renameSync(path.join(dir, 'a.pdf.part'), path.join(dir, 'a.pdf'));
    await pass(2 * (SETTLE + RESCAN));
    expect(names(sent)).toContain('a.pdf');
    expect(sent.at(-1)!.documents.map((d) => d.name)).toEqual(['a.pdf']);
  });

  it('finds documents by rescanning when file-system events do not arrive, including files that were there before it started', async () => {
    fs.writeFileSync(path.join(dir, 'waiting.txt'), 'dropped while FaxDesk was closed');
    const { sent } = await watch({ rescanMs: 200 });
    // plain text: offered once it has been quiet for the quiet time (2 s)
    await pass(1_800);
    expect(sent).toHaveLength(0);
    await pass(800);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.documents[0]!.name).toBe('waiting.txt');
  });

  it('tells the user about a file it cannot send instead of ignoring it, once', async () => {
    const { sent } = await watch();
    fs.writeFileSync(path.join(dir, 'sheet.xlsx'), 'x');
    await pass(3_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rejected).toMatchObject([{ name: 'sheet.xlsx', reason: 'unsupported_type', source: 'hot-folder' }]);
    await afterALaterArrival(sent);
    expect(names(sent).filter((n) => n === 'sheet.xlsx')).toHaveLength(1);
  });

  it('moves a failed document to failed/ under a new name when the name is taken, never overwriting', async () => {
    const { sent } = await watch();
    fs.writeFileSync(path.join(dir, 'failed', 'fax.pdf'), 'earlier');
    fs.writeFileSync(path.join(dir, 'fax.pdf'), 'now %%EOF');
    await pass(2 * (SETTLE + RESCAN));
    expect(sent).toHaveLength(1);
    const moved = folder!.filing.markFailed(path.join(dir, 'fax.pdf'));
    expect(moved).toBe(path.join(dir, 'failed', 'fax (2).pdf'));
    expect(fs.readFileSync(path.join(dir, 'failed', 'fax.pdf'), 'utf8')).toBe('earlier');
    expect(fs.readFileSync(moved!, 'utf8')).toBe('now %%EOF');
  });

  it('offers a document again when a new file of the same name arrives after the first was moved', async () => {
    const { sent, queue } = await watch();
    fs.writeFileSync(path.join(dir, 'weekly.pdf'), 'week 1 %%EOF');
    await pass(2 * (SETTLE + RESCAN));
    expect(sent).toHaveLength(1);
    expect(queue.take().documents).toHaveLength(1);
    folder!.filing.markSent(path.join(dir, 'weekly.pdf'));
    fs.writeFileSync(path.join(dir, 'weekly.pdf'), 'week 2 %%EOF');
    await pass(2 * (SETTLE + RESCAN));
    expect(sent).toHaveLength(2);
    // beside it only the hidden note of where it came from (so a fax failing later can find it)
    expect(fs.readdirSync(path.join(dir, 'sent')).filter((n) => !n.startsWith('.'))).toEqual(['weekly.pdf']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'sent', '.weekly.pdf.faxdesk.json'), 'utf8'))).toEqual({ sentFrom: path.join(dir, 'weekly.pdf') });
  });

  it('never moves files from outside the folder', async () => {
    await watch();
    const outside = path.join(os.tmpdir(), `faxdesk-outside-${process.pid}.pdf`);
    fs.writeFileSync(outside, 'x');
    try {
      expect(folder!.filing.markSent(outside)).toBeNull();
      expect(fs.existsSync(outside)).toBe(true);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});

describe('temp-name rules and collision-safe moves', () => {
  it.each(['x.part', 'x.PDF.crdownload', '~$Doc.docx', '.hidden.pdf', 'x.tmp', 'x.pdf~'])('ignores %s', (n) => {
    expect(isIgnoredName(n)).toBe(true);
  });
  it.each(['report.pdf', '合同.docx', 'scan (2).tif'])('does not ignore %s', (n) => expect(isIgnoredName(n)).toBe(false));

  it('numbers moved files when the target exists', () => {
    const target = path.join(dir, 'out');
    fs.mkdirSync(target);
    for (const n of ['a.pdf', 'a (2).pdf']) fs.writeFileSync(path.join(target, n), n);
    const src = path.join(dir, 'a.pdf');
    fs.writeFileSync(src, 'new');
    expect(moveWithoutOverwriting(src, target)).toBe(path.join(target, 'a (3).pdf'));
  });
});
