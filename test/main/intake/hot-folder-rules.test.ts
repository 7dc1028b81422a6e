/**
 * The hot folder around the look at one file (mutation module `hot-folder`): when it looks again,
 * in which order it offers a batch, what it says about a backlog and a printed document, a file the
 * platform reports as still written, a folder that cannot be read, the Send screen's claim, and its
 * timers after stop. Time runs on a ManualClock; the folder, its files and the ledger are real.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HotFolder, type ArrivalInfo, type HotFolderOptions } from '@main/intake/hot-folder';
import type { Logger } from '@main/log';
import type { DocumentSource } from '@shared/intake/types';
import { samplePdf } from '../../helpers/sample-documents';
import { ManualClock } from '../../helpers/manual-clock';
import { until } from '../../helpers/until';

const SETTLE = 1_000;

interface Offer {
  name: string;
  source: DocumentSource;
  info: ArrivalInfo;
  at: number;
}

let root: string;
let dir: string;
let clock: ManualClock;
let folder: HotFolder | null = null;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-rules-'));
  dir = path.join(root, 'Outbox');
  // a whole second, so a file's modification time can be set to the very moment the folder started
  clock = new ManualClock(Math.floor(Date.now() / 1000) * 1000);
});
afterEach(() => {
  folder?.stop();
  folder = null;
  fs.rmSync(root, { recursive: true, force: true });
});

const pass = (ms: number) => clock.advance(ms, () => folder!.idle());
const names = (offered: Offer[]) => offered.map((o) => o.name);

function watch(o: Partial<HotFolderOptions> & { held?: Set<string> } = {}) {
  const offered: Offer[] = [];
  const { held, ...rest } = o;
  folder = new HotFolder({
    dir,
    clock,
    settleMs: SETTLE,
    rescanMs: 100,
    // as off Linux unless a test holds a file: no program has anything open
    filesOpenForWriting: async (files) => new Set(files.filter((f) => held?.has(path.basename(f)))),
    onDocument: (file, source, info) => offered.push({ name: path.basename(file), source, info, at: clock.now() }),
    ...rest,
  });
  return offered;
}

function setModified(file: string, atMs: number): void {
  fs.utimesSync(file, new Date(atMs), new Date(atMs));
}

describe('a batch of documents', () => {
  it('offers the ones ready together oldest first, by name when written at the same moment', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    const t = clock.now() - 60_000;
    const written = [
      ['z oldest.pdf', t],
      ['y second.pdf', t + 1_000],
      // Node lists a folder in byte order (capitals first); a person's order puts alpha before Beta
      ['Beta same time.pdf', t + 2_000],
      ['alpha same time.pdf', t + 2_000],
      ['b newest.pdf', t + 3_000],
    ] as const;
    for (const [name, at] of written) {
      fs.writeFileSync(path.join(dir, name), pdf);
      setModified(path.join(dir, name), at);
    }
    const offered = watch();
    folder!.start();
    await pass(SETTLE + 300);
    expect(names(offered)).toEqual(['z oldest.pdf', 'y second.pdf', 'alpha same time.pdf', 'Beta same time.pdf', 'b newest.pdf']);
  });

  it('holds back only the file a program still writes, and offers the rest of the batch', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    for (const name of ['first.pdf', 'held.pdf', 'last.pdf']) fs.writeFileSync(path.join(dir, name), pdf);
    const held = new Set(['held.pdf']);
    // the rescan is far away: the folder books its own look while a file is held
    const offered = watch({ held, rescanMs: 60 * 60_000 });
    folder!.start();
    await folder!.idle();
    await pass(SETTLE);
    expect(names(offered).sort()).toEqual(['first.pdf', 'last.pdf']);
    held.clear();
    await pass(SETTLE);
    expect(names(offered).sort()).toEqual(['first.pdf', 'held.pdf', 'last.pdf']);
  });

  it('offers none of a batch while a program writes every one of them', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    const all = ['one.pdf', 'two.pdf', 'three.pdf'];
    for (const name of all) fs.writeFileSync(path.join(dir, name), pdf);
    const held = new Set(all);
    const offered = watch({ held });
    folder!.start();
    await pass(3 * SETTLE);
    expect(offered).toHaveLength(0);
    held.clear();
    await pass(SETTLE);
    expect(names(offered).sort()).toEqual(['one.pdf', 'three.pdf', 'two.pdf']);
  });

  it('offers a settled document once when two passes run at the same moment', async () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    const offered = watch({ rescanMs: 60 * 60_000 });
    folder!.start();
    await folder!.idle();
    clock.current += SETTLE;
    await Promise.all([folder!.scan(), folder!.scan()]);
    expect(names(offered)).toEqual(['letter.pdf']);
  });

  it('offers nothing more of a batch once stopped while offering it (another folder was chosen)', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) fs.writeFileSync(path.join(dir, name), pdf);
    const offered: string[] = [];
    watch({
      onDocument: (file) => {
        offered.push(path.basename(file));
        folder!.stop();
      },
    });
    folder!.start();
    await pass(SETTLE + 300);
    expect(offered).toHaveLength(1);
  });

  it('offers each document once, however many passes see it, and keeps offering after a handler fails', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    fs.writeFileSync(path.join(dir, 'boom.pdf'), pdf);
    setModified(path.join(dir, 'boom.pdf'), clock.now() - 2_000);
    fs.writeFileSync(path.join(dir, 'fine.pdf'), pdf);
    setModified(path.join(dir, 'fine.pdf'), clock.now() - 1_000);
    const errors: string[] = [];
    const offered: string[] = [];
    const log: Logger = { info() {}, warn() {}, error: (m: string) => void errors.push(m) };
    watch({
      log,
      onDocument: (file) => {
        offered.push(path.basename(file));
        if (file.endsWith('boom.pdf')) throw new Error('handler broke');
      },
    });
    folder!.start();
    await pass(SETTLE + 300);
    await pass(5 * SETTLE);
    expect(offered).toEqual(['boom.pdf', 'fine.pdf']);
    expect(errors).toEqual(['hot folder document handler failed']);
    // and without a log to tell
    folder!.stop();
    for (const name of ['boom.pdf', 'fine.pdf']) fs.rmSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, 'boom.pdf'), pdf);
    setModified(path.join(dir, 'boom.pdf'), clock.now() - 2_000);
    fs.writeFileSync(path.join(dir, 'fine.pdf'), pdf);
    setModified(path.join(dir, 'fine.pdf'), clock.now() - 1_000);
    offered.length = 0;
    watch({
      onDocument: (file) => {
        offered.push(path.basename(file));
        if (file.endsWith('boom.pdf')) throw new Error('handler broke');
      },
    });
    folder!.start();
    await pass(SETTLE + 300);
    expect(offered).toEqual(['boom.pdf', 'fine.pdf']);
  });
});

describe('what the folder says about a document', () => {
  it('calls a file saved before the folder started a backlog, and one from that moment on not', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    const startAt = clock.now();
    fs.writeFileSync(path.join(dir, 'earlier.pdf'), pdf);
    setModified(path.join(dir, 'earlier.pdf'), startAt - 1_000);
    fs.writeFileSync(path.join(dir, 'just then.pdf'), pdf);
    setModified(path.join(dir, 'just then.pdf'), startAt);
    const offered = watch();
    folder!.start();
    await pass(SETTLE + 300);
    const backlog = Object.fromEntries(offered.map((o) => [o.name, o.info.backlog]));
    expect(backlog).toEqual({ 'earlier.pdf': true, 'just then.pdf': false });
  });

  it('tells a printed document, with its job, from a dropped one', async () => {
    fs.mkdirSync(dir);
    const pdf = await samplePdf(1);
    const printed = 'Quote (print job 12).pdf';
    fs.writeFileSync(path.join(dir, `.${printed}.faxdesk.json`), JSON.stringify({ version: 1, job: 12, title: 'Quote', options: 'phone=02012345678' }));
    fs.writeFileSync(path.join(dir, printed), pdf);
    fs.writeFileSync(path.join(dir, 'dropped.pdf'), pdf);
    // a stray note beside a dropped file gives it no numbers: only a print carries its job
    fs.writeFileSync(path.join(dir, '.dropped.pdf.faxdesk.json'), JSON.stringify({ version: 1, job: 13, title: 'Stray', options: 'phone=02099999999' }));
    const offered = watch();
    folder!.start();
    await pass(SETTLE + 300);
    const byName = Object.fromEntries(offered.map((o) => [o.name, o]));
    expect(byName[printed]!.source).toBe('print');
    expect(byName[printed]!.info.job).toMatchObject({ job: 12, name: 'Quote', recipients: ['02012345678'] });
    expect(byName['dropped.pdf']!.source).toBe('hot-folder');
    expect(byName['dropped.pdf']!.info.job).toBeNull();
  });
});

describe('when the folder looks', () => {
  it('looks again one settle time after a pass that saw a file still changing, without waiting for the rescan', async () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    // the rescan is far away: only the look the folder books itself can offer the file in time
    const offered = watch({ rescanMs: 60 * 60_000 });
    const startedAt = clock.now();
    folder!.start();
    await folder!.idle();
    await pass(SETTLE - 1);
    expect(offered).toHaveLength(0);
    await pass(1);
    expect(names(offered)).toEqual(['letter.pdf']);
    expect(offered[0]!.at - startedAt).toBe(SETTLE);
  });

  it('looks soon after the system says something changed in the folder, long before the rescan', async () => {
    fs.mkdirSync(dir);
    const offered = watch({ rescanMs: 60 * 60_000 });
    folder!.start();
    await folder!.idle();
    const before = clock.nextAt();
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    // the system's event comes in on its own time (real time); it books a look on the folder's clock
    await until('the file-system event to book a look', () => clock.nextAt() !== before, 5_000);
    await pass(SETTLE + 300);
    expect(names(offered)).toEqual(['letter.pdf']);
  });

  it('finds a document in a folder no event reaches any more (removed and made again) at the next rescan, not before', async () => {
    fs.mkdirSync(dir);
    const RESCAN = 5_000;
    const offered = watch({ rescanMs: RESCAN, settleMs: 100 });
    const startedAt = clock.now();
    folder!.start();
    await folder!.idle();
    fs.rmSync(dir, { recursive: true });
    await until('the removal to be noticed', async () => {
      await pass(10);
      return folder!.problemCode === 'ENOENT';
    }, 5_000);
    // the folder is back with a document in it, but the system's watch went with the old folder
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    await pass(startedAt + RESCAN - 1 - clock.now());
    expect(folder!.problemCode).toBe('ENOENT');
    await pass(1);
    expect(folder!.problem).toBeNull();
    await pass(100);
    expect(names(offered)).toEqual(['letter.pdf']);
  });

  it('works with its own times when given none: a document within seconds, plain text only after a writer’s pause', async () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'Please fax this to the office.\n');
    const offered: string[] = [];
    folder = new HotFolder({ dir, clock, filesOpenForWriting: async () => new Set(), onDocument: (f) => offered.push(path.basename(f)) });
    folder.start();
    await pass(0);
    expect(offered).toEqual([]);
    // someone typing pauses a second between lines: plain text is not taken then
    await pass(1_000);
    expect(offered).not.toContain('notes.txt');
    await pass(9_000);
    expect(offered.sort()).toEqual(['letter.pdf', 'notes.txt']);
  });

  it('starts once however often asked, and leaves no timer behind when stopped', async () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'waiting.pdf'), await samplePdf(1));
    const offered = watch();
    folder!.start();
    await folder!.idle();
    const timers = clock.pending;
    folder!.start();
    expect(clock.pending).toBe(timers);
    expect(folder!.watching).toBe(true);
    folder!.stop();
    expect(folder!.watching).toBe(false);
    expect(clock.pending).toBe(0);
    fs.writeFileSync(path.join(dir, 'after stop.pdf'), await samplePdf(1));
    await folder!.scan();
    await clock.advance(10 * SETTLE);
    expect(offered).toHaveLength(0);
  });

  it('books one look at a time, and none once stopped in the middle of a pass', async () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    watch({ rescanMs: 60 * 60_000 });
    folder!.start();
    await folder!.idle();
    // the rescan and the look booked for the file still settling
    expect(clock.pending).toBe(2);
    await folder!.scan();
    await folder!.scan();
    expect(clock.pending).toBe(2);
    folder!.stop();
    expect(clock.pending).toBe(0);
    folder!.start();
    const during = folder!.scan();
    folder!.stop();
    await during;
    await folder!.idle();
    expect(clock.pending).toBe(0);
  });

  it('looks one settle time after it is started again (the folder chosen again in Settings)', async () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    const offered = watch({ rescanMs: 60 * 60_000 });
    folder!.start();
    await folder!.idle();
    // stopped while a look was booked
    folder!.stop();
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(2));
    folder!.start();
    await folder!.idle();
    await pass(SETTLE);
    expect(names(offered)).toEqual(['letter.pdf']);
  });
});

describe('the folder itself', () => {
  it.skipIf(process.platform === 'win32')('makes the outbox, sent/ and failed/ private to the user, also an outbox the user made open to others', async () => {
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    watch();
    folder!.start();
    await folder!.idle();
    for (const d of [dir, path.join(dir, 'sent'), path.join(dir, 'failed')]) expect(fs.statSync(d).mode & 0o777, d).toBe(0o700);
  });
});

describe("the folder's log", () => {
  it('records a document moved to failed/ with its reason', async () => {
    fs.mkdirSync(dir);
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, await samplePdf(1));
    const lines: string[] = [];
    const log: Logger = { info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m), error() {} };
    watch({ log });
    folder!.start();
    await pass(SETTLE + 300);
    folder!.filing.markFailed(file, 'the number is busy');
    expect(lines.join('\n')).toMatch(/invoice\.pdf moved to failed\/ \(the number is busy\)/);
  });
});

describe('a folder that cannot be read', () => {
  it('says which folder and why, once, and says again when it is back', async () => {
    fs.mkdirSync(dir);
    const warnings: string[] = [];
    const log: Logger = { info() {}, warn: (m: string) => void warnings.push(m), error() {} };
    let changes = 0;
    watch({ log, onProblemChange: () => void changes++ });
    folder!.start();
    await pass(0);
    expect(folder!.problem).toBeNull();
    expect(changes).toBe(0);
    fs.rmSync(dir, { recursive: true });
    await pass(500);
    expect(folder!.problemCode).toBe('ENOENT');
    expect(folder!.problem).toContain(dir);
    expect(folder!.problem).toContain('ENOENT');
    expect(folder!.problem).toMatch(/choose another folder in Settings/);
    expect(changes).toBe(1);
    expect(warnings.filter((w) => w.includes('cannot be read'))).toHaveLength(1);
    fs.mkdirSync(dir);
    await pass(200);
    expect(folder!.problem).toBeNull();
    expect(folder!.problemCode).toBeNull();
    expect(changes).toBe(2);
    // stopped: nothing more is told
    fs.rmSync(dir, { recursive: true });
    const last = folder!.scan();
    folder!.stop();
    await last;
    expect(changes).toBe(2);
  });
});

describe("the Send screen's claim", () => {
  it('warns when the list of documents already taken cannot be read, and goes on', async () => {
    fs.mkdirSync(dir);
    const ledgerFile = path.join(root, 'taken.json');
    fs.writeFileSync(ledgerFile, '{ not json');
    fs.writeFileSync(path.join(dir, 'letter.pdf'), await samplePdf(1));
    const warnings: string[] = [];
    const log: Logger = { info() {}, warn: (m: string) => void warnings.push(m), error() {} };
    const offered = watch({ ledgerFile, log });
    folder!.start();
    await pass(SETTLE + 300);
    expect(warnings.join('\n')).toMatch(/already taken/);
    expect(names(offered)).toEqual(['letter.pdf']);
    // and without a log to tell (tests, tools) it goes on all the same
    folder!.stop();
    fs.writeFileSync(ledgerFile, '{ not json');
    fs.writeFileSync(path.join(dir, 'second.pdf'), await samplePdf(2));
    const unlogged = watch({ ledgerFile });
    folder!.start();
    await pass(SETTLE + 300);
    expect(names(unlogged).sort()).toEqual(['letter.pdf', 'second.pdf']);
  });

  it('keeps a claimed document from being offered again after a restart, but not a new file of that name', async () => {
    fs.mkdirSync(dir);
    const ledgerFile = path.join(root, 'taken.json');
    const file = path.join(dir, 'contract.pdf');
    fs.writeFileSync(file, await samplePdf(1));
    let offered = watch({ ledgerFile });
    folder!.start();
    await pass(SETTLE + 300);
    expect(names(offered)).toEqual(['contract.pdf']);
    expect(folder!.owns(file)).toBe(true);
    folder!.claim(file);
    // a file elsewhere is nobody's to claim
    const outside = path.join(root, 'elsewhere.pdf');
    fs.writeFileSync(outside, await samplePdf(1));
    setModified(outside, clock.now() - 5_000);
    folder!.claim(outside);
    expect(folder!.owns(outside)).toBe(false);
    // copied into the outbox with its time kept, that document was never taken from here: it is offered
    const copied = path.join(dir, 'elsewhere.pdf');
    fs.copyFileSync(outside, copied);
    setModified(copied, clock.now() - 5_000);
    await pass(SETTLE + 300);
    expect(names(offered)).toEqual(['contract.pdf', 'elsewhere.pdf']);
    fs.rmSync(copied);
    folder!.stop();

    offered = watch({ ledgerFile });
    folder!.start();
    await pass(3 * SETTLE);
    expect(offered).toHaveLength(0);
    // remembered for as long as it stays, so the next restart does not offer it either
    expect(fs.readFileSync(ledgerFile, 'utf8')).toContain('contract.pdf');
    // while it stays it is never offered; once it has left, a new file of that name is a new document
    fs.rmSync(file);
    await pass(300);
    // a document that left is forgotten
    expect(fs.readFileSync(ledgerFile, 'utf8')).not.toContain('contract.pdf');
    fs.writeFileSync(file, await samplePdf(2));
    await pass(SETTLE + 300);
    expect(names(offered)).toEqual(['contract.pdf']);
    const ledger = fs.readFileSync(ledgerFile, 'utf8');
    expect(ledger).not.toContain('elsewhere.pdf');
  });
});
