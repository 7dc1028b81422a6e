import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalWriter, journalPath, writeSnapshotAtomic } from '../../src/simulator/persist';
import { loadState, loadStateStreamed } from '../../src/simulator/persist-load';
import { startSimulator, type RunningSimulator } from '../../src/simulator';
import type { AccountRecord, FileRecord, TaskRecord } from '../../src/simulator/types';
import { demoAccount, demoTask } from '../helpers/demo-tasks';

let dir = '';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  dir = mkdtempSync(join(tmpdir(), 'faxsim-journal-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const task = demoTask;

/** A simulator's state as the store holds it, with a writer on `file`. */
function world(file: string, count: number, delayMs = 1) {
  const account: AccountRecord = demoAccount();
  const tasks = new Map<string, TaskRecord>();
  const files = new Map<string, FileRecord>();
  for (let i = 0; i < count; i++) tasks.set(task(i).task_ref, task(i));
  const loaded = loadState(file);
  const writer = new JournalWriter(file, { account: () => account, files: () => files.values(), tasks: () => tasks.values() }, loaded?.generation ?? 0, delayMs, (e) => {
    throw e;
  });
  return { account, tasks, files, writer };
}
/**
 * The writer's batch timer (delayMs, 1 ms here) runs on vitest's fake setTimeout: passing it writes the
 * batch at once, then one turn of the event loop lets a compaction in progress take its next slice.
 */
const nextBatch = async (ms = 5) => {
  vi.advanceTimersByTime(ms);
  await new Promise((r) => setImmediate(r));
};
const byRef = (tasks: Iterable<TaskRecord>) => [...tasks].sort((a, b) => a.task_ref.localeCompare(b.task_ref));
const sorted = (s: { account: AccountRecord; tasks: TaskRecord[]; files: FileRecord[] }) => ({ account: s.account, tasks: byRef(s.tasks), files: s.files });
const stateOf = (file: string) => sorted(loadState(file)!.snapshot);

/** A world of `count` tasks whose every task the writer has written (one batch passed). */
async function written(file: string, count: number) {
  const w = world(file, count);
  for (const t of w.tasks.values()) w.writer.taskChanged(t);
  await nextBatch(20);
  return w;
}
/** Every task renamed in each of 4 rounds, a batch apart: the journal outgrows the snapshot and a compaction starts. */
async function rewriteEveryTask(w: ReturnType<typeof world>) {
  for (let round = 0; round < 4; round++) {
    for (const t of w.tasks.values()) {
      t.name = `round ${round}`;
      w.writer.taskChanged(t);
    }
    await nextBatch(3);
  }
}
/** Appends `text` to the live journal of the state in `file` (a torn or damaged write). */
const appendToJournal = (file: string, text: string) => appendFileSync(journalPath(file, loadState(file)!.generation), text);
const TORN_BATCH = '{"tasks":[{"task_ref":"T9';

describe('demo state persisted as it changes, not rewritten whole', () => {
  it('a change to one task of 2,000 appends that task (and the account), not the other 1,999', async () => {
    const file = join(dir, 'state.json');
    const w = world(file, 0);
    const all = [...Array(2_000).keys()].map((i) => task(i));
    for (const t of all) {
      w.tasks.set(t.task_ref, t);
      w.writer.taskChanged(t);
    }
    await nextBatch(20);
    await w.writer.idle();
    const journal = () => readdirSync(dir).filter((f) => f.endsWith('.journal')).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    const before = journal() + statSync(file).size;
    const one = all[1_234]!;
    one.recipients[0]!.status = 'failed';
    w.writer.taskChanged(one);
    await nextBatch(20);
    const written = journal() + statSync(file).size - before;
    expect(written).toBeGreaterThan(JSON.stringify(one).length);
    expect(written).toBeLessThan(2 * JSON.stringify(one).length + 1_000);
    expect(stateOf(file).tasks.find((t) => t.task_ref === one.task_ref)?.recipients[0]?.status).toBe('failed');
  });

  it('compacts a journal grown larger than the snapshot into a new snapshot, keeping every change made meanwhile', async () => {
    const file = join(dir, 'state.json');
    const w = await written(file, 300);
    await rewriteEveryTask(w);
    // changes while the snapshot is being written: one task changed, one deleted, one added
    const changed = w.tasks.get(task(7).task_ref)!;
    changed.status = 'failed';
    w.writer.taskChanged(changed);
    w.tasks.delete(task(8).task_ref);
    w.writer.taskDeleted(task(8).task_ref);
    const added = task(9_999);
    w.tasks.set(added.task_ref, added);
    w.writer.taskChanged(added);
    await nextBatch(20);
    await w.writer.idle();
    await nextBatch(20);
    const snapshot = loadState(file)!;
    expect(snapshot.snapshot.journalFrom).toBeGreaterThan(0);
    // only the live journal is left, beside the snapshot; no temporary file
    expect(readdirSync(dir).filter((f) => !f.endsWith('.journal'))).toEqual(['state.json']);
    expect(readdirSync(dir).filter((f) => f.endsWith('.journal')).length).toBeLessThanOrEqual(1);
    const expected = byRef(w.tasks.values());
    expect(stateOf(file).tasks).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(stateOf(file).tasks.find((t) => t.task_ref === changed.task_ref)?.status).toBe('failed');
  });

  it('after a crash mid-write, loads everything up to the last whole batch', async () => {
    const file = join(dir, 'state.json');
    await written(file, 5);
    appendToJournal(file, TORN_BATCH);
    expect(stateOf(file).tasks).toHaveLength(5);
  });

  it('refuses a journal damaged before its last line (the app then sets the state aside)', async () => {
    const file = join(dir, 'state.json');
    await written(file, 5);
    appendToJournal(file, 'garbage\n{"deletedTasks":["T00000001"]}\n');
    expect(() => loadState(file)).toThrow(/damaged at line 2/);
  });

  it('never replays journals whose snapshot was set aside', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(journalPath(file, 0), `${JSON.stringify({ tasks: [task(1)] })}\n`);
    expect(loadState(file)).toBeNull();
    const w = world(file, 0);
    w.writer.accountTouched();
    await nextBatch(20);
    expect(stateOf(file).tasks).toEqual([]);
  });

  it('keeps the main event loop moving while 5,000 tasks are persisted: its longest stall is a fraction of one whole-state write', async () => {
    const file = join(dir, 'state.json');
    const w = world(file, 5_000);
    // the old way, for scale: the whole state serialised and written at once
    const t0 = performance.now();
    writeSnapshotAtomic(join(dir, 'whole.json'), { version: 1, account: w.account, files: [], tasks: [...w.tasks.values()] });
    const whole = performance.now() - t0;
    rmSync(join(dir, 'whole.json'));

    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    // demo activity: 40 tasks change per batch until the journal has been compacted into a snapshot (written anew
    // beside the old one and renamed over it: a new inode). Only a stat in the loop: reading the state back is
    // itself a whole-state read and would be the stall measured.
    const list = [...w.tasks.values()];
    const firstSnapshot = statSync(file).ino;
    for (let i = 0; statSync(file).ino === firstSnapshot && i < 2_000; i++) {
      for (let k = 0; k < 40; k++) w.writer.taskChanged(list[(i * 40 + k) % list.length]!);
      await nextBatch(2);
      await w.writer.idle();
    }
    delay.disable();
    expect(loadState(file)!.snapshot.tasks).toHaveLength(5_000);
    const longestStallMs = delay.max / 1e6;
    expect(longestStallMs).toBeLessThan(Math.max(whole / 3, 15));
  }, 60_000);
});

describe('demo state loaded without holding the event loop', () => {
  const streamed = async (file: string) => sorted((await loadStateStreamed(file))!.snapshot);

  it('reads a compacted snapshot with its journals, and the one-line files of before, to the same state as the synchronous load', async () => {
    const file = join(dir, 'state.json');
    const w = await written(file, 300);
    await rewriteEveryTask(w);
    await w.writer.idle();
    const gone = task(8).task_ref;
    w.tasks.delete(gone);
    w.writer.taskDeleted(gone);
    await nextBatch(20);
    // (loading is for a process starting, before its writer: never beside a snapshot being written)
    await w.writer.idle();
    const renamed = w.tasks.get(task(9).task_ref)!;
    renamed.name = 'after the snapshot';
    w.writer.taskChanged(renamed);
    await nextBatch(20);
    // a compacted snapshot (one task a line) and a live journal after it
    expect(readFileSync(file, 'utf8').split('\n').length).toBeGreaterThan(299);
    expect(readdirSync(dir).filter((f) => f.endsWith('.journal')).length).toBe(1);
    const expected = JSON.parse(JSON.stringify(byRef(w.tasks.values()))) as TaskRecord[];
    expect((await streamed(file)).tasks).toEqual(expected);
    expect(await streamed(file)).toEqual(stateOf(file));
    expect((await loadStateStreamed(file))!.generation).toBe(loadState(file)!.generation);

    // a state file written whole on one line (FaxDesk before this change)
    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ version: 1, account: w.account, files: [], tasks: expected }));
    expect((await streamed(old)).tasks).toEqual(expected);
    // an empty state as the writer starts it
    const empty = join(dir, 'empty.json');
    writeSnapshotAtomic(empty, { version: 1, account: w.account, files: [], tasks: [] });
    expect((await streamed(empty)).tasks).toEqual([]);
  });

  it('forgives a torn last batch, refuses a journal damaged before its end, a cut snapshot and a file that is not state, as the synchronous load does', async () => {
    const file = join(dir, 'state.json');
    const w = await written(file, 5);
    const gen = loadState(file)!.generation;
    appendToJournal(file, TORN_BATCH);
    expect((await streamed(file)).tasks).toHaveLength(5);
    appendFileSync(journalPath(file, gen), '\n{"deletedTasks":["T00000001"]}\n');
    const lines = readFileSync(journalPath(file, gen), 'utf8').split('\n').length;
    await expect(loadStateStreamed(file)).rejects.toThrow(new RegExp(`damaged at line ${lines - 2}$`));
    expect(() => loadState(file)).toThrow(new RegExp(`damaged at line ${lines - 2}$`));

    const cut = join(dir, 'cut.json');
    const whole = readFileSync(file, 'utf8');
    writeSnapshotAtomic(cut, { version: 1, account: w.account, files: [], tasks: [...w.tasks.values()] });
    writeFileSync(cut, readFileSync(cut, 'utf8').slice(0, -3));
    await expect(loadStateStreamed(cut)).rejects.toThrow(/not a simulator state/);
    writeFileSync(cut, '{"hello":1}');
    await expect(loadStateStreamed(cut)).rejects.toThrow(/not a simulator state/);
    expect(whole.length).toBeGreaterThan(0);
    expect(await loadStateStreamed(join(dir, 'none.json'))).toBeNull();
  });

  it('a state kept on one line by an older FaxDesk is rewritten by lines at the first start, so the next start streams it', async () => {
    const file = join(dir, 'state.json');
    const w = world(file, 0);
    const tasks = [...Array(500).keys()].map((i) => task(i, 2));
    writeFileSync(file, JSON.stringify({ version: 1, account: w.account, files: [], tasks }));
    const sim = await startSimulator({ stateFile: file });
    try {
      expect(sim.taskCount()).toBe(500);
      for (let i = 0; i < 200 && readFileSync(file, 'utf8').split('\n').length < 500; i++) await nextBatch(25);
      expect(readFileSync(file, 'utf8').split('\n').length).toBeGreaterThanOrEqual(502);
    } finally {
      await sim.stop();
    }
    expect((await loadStateStreamed(file))!.oneLine).toBeUndefined();
    expect((await loadStateStreamed(file))!.snapshot.tasks).toHaveLength(500);
  });

  it('a demo service starting on 20,000 kept tasks leaves the event loop turning: a 1 ms timer runs throughout, where the synchronous load holds it', async () => {
    const file = join(dir, 'state.json');
    const w = world(file, 0);
    writeSnapshotAtomic(file, { version: 1, account: w.account, files: [], tasks: [...Array(20_000).keys()].map((i) => task(i, 2)) });
    const turnsDuring = async (work: () => unknown) => {
      let turns = 0;
      const timer = setInterval(() => (turns += 1), 1);
      await nextBatch(5);
      turns = 0;
      await work();
      clearInterval(timer);
      return turns;
    };
    // the old way, for scale: the whole state read and parsed at once
    expect(await turnsDuring(() => expect(loadState(file)!.snapshot.tasks).toHaveLength(20_000))).toBe(0);
    let sim: RunningSimulator | null = null;
    const turns = await turnsDuring(async () => (sim = await startSimulator({ stateFile: file })));
    try {
      expect(sim!.taskCount()).toBe(20_000);
      expect(turns).toBeGreaterThan(20);
    } finally {
      await sim!.stop();
    }
  }, 60_000);
});
