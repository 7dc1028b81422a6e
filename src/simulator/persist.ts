/**
 * Persistence of the simulator state without stopping the process that runs it. The state file
 * (`demo-service.json`) is a snapshot; every change after it is appended, a few records at a time,
 * to a journal beside it (`demo-service.json.<generation>.journal`, one JSON line per batch). Once
 * the journal outgrows the snapshot, a new snapshot is written a slice of tasks per event-loop turn
 * to a temporary file and renamed over the old one, while changes go on to a new journal generation.
 * Before, the whole state was serialised and written synchronously up to every 50 ms: 223 ms per
 * write at 5,000 demo tasks, with every IPC call of the app waiting behind it.
 *
 * Crash safety: a snapshot is only ever replaced by rename, journals are append-only and a torn
 * last line is ignored. Loading (persist-load.ts) replays, over the snapshot, every journal from the generation the
 * snapshot names on: records are whole (last write wins), so a journal that overlaps the snapshot
 * replays to the same state.
 */
import { appendFileSync, createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AccountRecord, FileRecord, TaskRecord } from './types';

export interface Snapshot {
  version: 1;
  account: AccountRecord;
  files: FileRecord[];
  tasks: TaskRecord[];
  /** The first journal generation not yet in this snapshot (absent: 0). */
  journalFrom?: number;
}

/** One batch of changes: whole records set, then refs deleted. */
export interface JournalEntry {
  account?: AccountRecord;
  tasks?: TaskRecord[];
  files?: FileRecord[];
  deletedTasks?: string[];
  deletedFiles?: string[];
}

export function journalPath(file: string, generation: number): string {
  return `${file}.${generation}.journal`;
}

/** The journal generations present beside `file`, in order. */
export function journalGenerations(file: string): number[] {
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith('.journal'))
    .map((n) => Number(n.slice(prefix.length, -'.journal'.length)))
    .filter((g) => Number.isSafeInteger(g) && g >= 0)
    .sort((a, b) => a - b);
}

/**
 * The first line of a snapshot as the writer lays it out: everything but the tasks, then one task per
 * line (`,` at the end of every task line but the last), then `]}`. Still one JSON document; the
 * layout lets a reader take it a line at a time (persist-load.ts).
 */
export function snapshotHead(s: Omit<Snapshot, 'tasks'>): string {
  const head = JSON.stringify({ version: 1, journalFrom: s.journalFrom ?? 0, account: s.account, files: s.files });
  return `${head.slice(0, -1)},"tasks":[\n`;
}

export function writeSnapshotAtomic(file: string, snapshot: Snapshot): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, `${snapshotHead(snapshot)}${snapshot.tasks.map((t) => JSON.stringify(t)).join(',\n')}\n]}`);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** What the writer reads when it writes a snapshot. */
export interface StateSource {
  account(): AccountRecord;
  files(): Iterable<FileRecord>;
  tasks(): Iterable<TaskRecord>;
}

/** Tasks serialised per event-loop turn while a snapshot is written (a few ms of work at most). */
const TASKS_PER_SLICE = 250;
/** A journal smaller than this is never compacted, however small the snapshot. */
const MIN_COMPACT_BYTES = 256 * 1024;

/**
 * Coalesces changes into one journal line at most every `delayMs`: only the records that changed
 * are written (the account, which is small, with every batch). Compacts the journal into a new
 * snapshot when it grows larger than the snapshot, off the hot path (see the file comment).
 */
export class JournalWriter {
  private timer: NodeJS.Timeout | null = null;
  private readonly tasks = new Set<TaskRecord>();
  private readonly files = new Set<FileRecord>();
  private readonly deletedTasks = new Set<string>();
  private readonly deletedFiles = new Set<string>();
  private accountChanged = false;
  private journalBytes = 0;
  private snapshotBytes: number;
  private compaction: { cancelled: boolean; done: Promise<void> } | null = null;

  constructor(
    private readonly file: string,
    private readonly source: StateSource,
    private generation: number,
    private readonly delayMs = 50,
    private readonly onError: (e: unknown) => void = () => {},
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.snapshotBytes = sizeOf(file);
    this.coveredFrom = generation;
    // a journal is never without its snapshot (see loadState): start with an empty one, after any
    // journals left by a state that was set aside (they are not replayed, and not deleted)
    if (this.snapshotBytes === 0) {
      this.generation = Math.max(generation, ...journalGenerations(file).map((g) => g + 1));
      this.coveredFrom = this.generation;
      writeSnapshotAtomic(file, { version: 1, account: source.account(), files: [], tasks: [], journalFrom: this.generation });
      this.snapshotBytes = sizeOf(file);
    }
    this.journalBytes = sizeOf(journalPath(file, this.generation));
  }

  /** The first generation the current snapshot does not hold: journals from here on are live. */
  private coveredFrom: number;

  taskChanged(task: TaskRecord): void {
    this.tasks.add(task);
    this.deletedTasks.delete(task.task_ref);
    this.schedule();
  }

  taskDeleted(ref: string, task?: TaskRecord): void {
    if (task) this.tasks.delete(task);
    this.deletedTasks.add(ref);
    this.schedule();
  }

  fileChanged(file: FileRecord): void {
    this.files.add(file);
    this.deletedFiles.delete(file.file_ref);
    this.schedule();
  }

  fileDeleted(ref: string, file?: FileRecord): void {
    if (file) this.files.delete(file);
    this.deletedFiles.add(ref);
    this.schedule();
  }

  accountTouched(): void {
    this.accountChanged = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writeNow();
    }, this.delayMs);
  }

  /** Writes what is pending now, and abandons a snapshot being written (the journals keep everything). Used on stop. */
  flush(): void {
    if (this.compaction) this.compaction.cancelled = true;
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.writeNow();
  }

  /** Resolves when no snapshot is being written (tests, the bench). */
  async idle(): Promise<void> {
    while (this.compaction) await this.compaction.done;
  }

  private writeNow(): void {
    const entry: JournalEntry = {};
    if (this.accountChanged || this.tasks.size > 0 || this.files.size > 0) entry.account = this.source.account();
    if (this.tasks.size > 0) entry.tasks = [...this.tasks];
    if (this.files.size > 0) entry.files = [...this.files];
    if (this.deletedTasks.size > 0) entry.deletedTasks = [...this.deletedTasks];
    if (this.deletedFiles.size > 0) entry.deletedFiles = [...this.deletedFiles];
    this.tasks.clear();
    this.files.clear();
    this.deletedTasks.clear();
    this.deletedFiles.clear();
    this.accountChanged = false;
    if (Object.keys(entry).length === 0) return;
    try {
      // one batch is the records changed in the last delayMs: small, and appended in order
      const line = `${JSON.stringify(entry)}\n`;
      appendFileSync(journalPath(this.file, this.generation), line);
      this.journalBytes += Buffer.byteLength(line);
    } catch (e) {
      this.onError(e);
      return;
    }
    if (!this.compaction && this.journalBytes > Math.max(MIN_COMPACT_BYTES, this.snapshotBytes)) this.compact();
  }

  /** Writes a new snapshot now, in the background (as when the journal outgrows it); no-op while one is being written. */
  compact(): void {
    if (this.compaction) return;
    const state = { cancelled: false, done: Promise.resolve() };
    this.compaction = state;
    // from here on changes go to the next generation; the snapshot covers everything before it
    this.generation += 1;
    this.journalBytes = 0;
    const journalFrom = this.generation;
    const tasks = [...this.source.tasks()];
    const tmp = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.${Date.now()}.tmp`);
    state.done = (async () => {
      const out = createWriteStream(tmp);
      const failed = new Promise<never>((_, reject) => out.once('error', reject));
      const write = (s: string) =>
        Promise.race([failed, new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once('drain', () => resolve())))]);
      try {
        await write(snapshotHead({ version: 1, journalFrom, account: this.source.account(), files: [...this.source.files()] }));
        for (let i = 0; i < tasks.length; i += TASKS_PER_SLICE) {
          if (state.cancelled) throw new Error('stopped');
          await new Promise((r) => setImmediate(r));
          const slice = tasks.slice(i, i + TASKS_PER_SLICE).map((t) => JSON.stringify(t));
          await write(`${i > 0 ? ',\n' : ''}${slice.join(',\n')}`);
        }
        await write('\n]}');
        await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
        if (state.cancelled) throw new Error('stopped');
        renameSync(tmp, this.file);
        this.snapshotBytes = sizeOf(this.file);
        // the journals this snapshot now holds (never those of a state set aside before them)
        for (const g of journalGenerations(this.file)) if (g >= this.coveredFrom && g < journalFrom) rmSync(journalPath(this.file, g), { force: true });
        this.coveredFrom = journalFrom;
      } catch (e) {
        out.destroy();
        rmSync(tmp, { force: true });
        if (!state.cancelled) this.onError(e);
      } finally {
        this.compaction = null;
      }
    })();
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
