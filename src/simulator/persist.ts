/**
 * Atomic, debounced persistence of the simulator state: the whole snapshot is
 * written to a temporary file beside the target and renamed over it, so a
 * crash leaves either the old or the new state, never half of one.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import type { AccountRecord, FileRecord, TaskRecord } from './types';

export interface Snapshot {
  version: 1;
  account: AccountRecord;
  files: FileRecord[];
  tasks: TaskRecord[];
}

export function loadSnapshot(file: string): Snapshot | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const parsed = JSON.parse(text) as Partial<Snapshot>;
  if (parsed.version !== 1 || !parsed.account || !Array.isArray(parsed.files) || !Array.isArray(parsed.tasks)) {
    throw new Error(`State file ${file} is not a simulator state (version 1)`);
  }
  return parsed as Snapshot;
}

export function writeSnapshotAtomic(file: string, snapshot: Snapshot): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Coalesces many changes into one write at most every `delayMs`. */
export class DebouncedWriter {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => Snapshot,
    private readonly delayMs = 50,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writeNow();
    }, this.delayMs);
  }

  /** Writes now if a write is pending (used on stop). */
  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.writeNow();
  }

  private writeNow(): void {
    try {
      writeSnapshotAtomic(this.file, this.snapshot());
    } catch (e) {
      this.onError(e);
    }
  }
}
