/**
 * Loading the simulator's state (persist.ts writes it): the snapshot, then every journal from the
 * generation it names on, replayed over it. `loadStateStreamed` is what a running process uses (the
 * demo service starting inside the app's main process): it reads the files as streams and parses a
 * chunk of lines per event-loop turn, so 20,000 demo tasks load without stalling the IPC calls
 * waiting beside it (the whole state read and parsed at once held the loop ~150 ms). `loadState`
 * reads the same synchronously, for checks at start and for tests.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AccountRecord, FileRecord, TaskRecord } from './types';
import { journalGenerations, journalPath, type JournalEntry, type Snapshot } from './persist';

function readSnapshotFile(file: string): Snapshot | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return asSnapshot(JSON.parse(text), file);
}

/** A parsed state file, checked to be one. */
export function asSnapshot(value: unknown, file: string): Snapshot {
  const parsed = value as Partial<Snapshot> | null;
  if (parsed?.version !== 1 || !parsed.account || !Array.isArray(parsed.files) || !Array.isArray(parsed.tasks)) {
    throw new Error(`State file ${file} is not a simulator state (version 1)`);
  }
  return parsed as Snapshot;
}

export interface LoadedState {
  snapshot: Snapshot;
  /** The generation to append to next (the last one read, or the snapshot's). */
  generation: number;
  /** The snapshot is on one line, as FaxDesk wrote it before (read whole: worth rewriting by lines). */
  oneLine?: boolean;
}

/** The snapshot with its journals replayed, or null when there is no state file. */
export function loadState(file: string): LoadedState | null {
  const base = readSnapshotFile(file);
  // journals without their snapshot belong to a state that was set aside: never replayed
  if (!base) return null;
  const from = base.journalFrom ?? 0;
  const generations = journalGenerations(file).filter((g) => g >= from);
  if (generations.length === 0) return { snapshot: base, generation: from };
  const replay = new Replay(base);
  generations.forEach((g, gi) => {
    const path = journalPath(file, g);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, li) => {
      if (line.length === 0) return;
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        // a batch cut short by a crash is the last line of the last journal: its changes are lost, nothing else
        if (gi === generations.length - 1 && li >= lines.length - 2) return;
        throw new Error(`State journal ${path} is damaged at line ${li + 1}`);
      }
      replay.apply(entry);
    });
  });
  return { snapshot: replay.snapshot(from), generation: generations[generations.length - 1] ?? from };
}

/** The state as it would load (snapshot and journals), or null without a state file; throws on a damaged one. */
export function loadSnapshot(file: string): Snapshot | null {
  return loadState(file)?.snapshot ?? null;
}

/** A snapshot with journal entries applied over it, in order (last write wins). */
export class Replay {
  private account: AccountRecord;
  private readonly tasks: Map<string, TaskRecord>;
  private readonly files: Map<string, FileRecord>;

  constructor(base: Snapshot) {
    this.account = base.account;
    this.tasks = new Map(base.tasks.map((t) => [t.task_ref, t]));
    this.files = new Map(base.files.map((f) => [f.file_ref, f]));
  }

  apply(entry: JournalEntry): void {
    if (entry.account) this.account = entry.account;
    for (const t of entry.tasks ?? []) this.tasks.set(t.task_ref, t);
    for (const f of entry.files ?? []) this.files.set(f.file_ref, f);
    for (const ref of entry.deletedTasks ?? []) this.tasks.delete(ref);
    for (const ref of entry.deletedFiles ?? []) this.files.delete(ref);
  }

  snapshot(journalFrom: number): Snapshot {
    return { version: 1, account: this.account, files: [...this.files.values()], tasks: [...this.tasks.values()], journalFrom };
  }
}

/** The lines of a file, one chunk's worth per event-loop turn (the last line may lack its line break). */
async function* linesOf(file: string): AsyncGenerator<string[]> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 16 * 1024 })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop() ?? '';
    yield lines;
    await new Promise((r) => setImmediate(r));
  }
  yield [rest];
}

const notState = (file: string) => new Error(`State file ${file} is not a simulator state (version 1)`);

/** The snapshot a line at a time, as the writer lays it out (see snapshotHead); an older one-line file whole. */
async function readSnapshotStreamed(file: string): Promise<{ snapshot: Snapshot; oneLine: boolean } | null> {
  try {
    await stat(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  let head: Snapshot | null = null;
  let ended = false;
  let whole: string[] | null = null;
  const tasks: TaskRecord[] = [];
  for await (const lines of linesOf(file)) {
    for (const line of lines) {
      if (whole) whole.push(line);
      else if (!head) {
        // a state written before tasks went one to a line is read whole, once: the next snapshot is laid out by lines
        if (line.endsWith('"tasks":[')) head = asSnapshot(JSON.parse(`${line}]}`), file);
        else whole = [line];
      } else if (line.length === 0) continue;
      else if (ended) throw notState(file);
      else if (line === ']}') ended = true;
      else tasks.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as TaskRecord);
    }
  }
  if (whole) return { snapshot: asSnapshot(JSON.parse(whole.join('\n')), file), oneLine: true };
  if (!head || !ended) throw notState(file);
  head.tasks = tasks;
  return { snapshot: head, oneLine: false };
}

/** loadState without holding the event loop: the same answer, and the same errors for a damaged state. */
export async function loadStateStreamed(file: string): Promise<LoadedState | null> {
  const read = await readSnapshotStreamed(file);
  if (!read) return null;
  const base = read.snapshot;
  const from = base.journalFrom ?? 0;
  const generations = journalGenerations(file).filter((g) => g >= from);
  const replay = new Replay(base);
  for (const [gi, g] of generations.entries()) {
    const path = journalPath(file, g);
    let lineNo = 0;
    // a line that does not parse is forgiven only as the very last one of the last journal (a crash mid-append)
    let torn: number | null = null;
    for await (const lines of linesOf(path)) {
      for (const line of lines) {
        lineNo += 1;
        if (line.length === 0) continue;
        if (torn !== null) throw new Error(`State journal ${path} is damaged at line ${torn}`);
        let entry: JournalEntry;
        try {
          entry = JSON.parse(line) as JournalEntry;
        } catch {
          torn = lineNo;
          continue;
        }
        replay.apply(entry);
      }
    }
    if (torn !== null && gi < generations.length - 1) throw new Error(`State journal ${path} is damaged at line ${torn}`);
  }
  return { snapshot: replay.snapshot(from), generation: generations[generations.length - 1] ?? from, ...(read.oneLine ? { oneLine: true } : {}) };
}
