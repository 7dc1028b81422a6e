import fs from 'node:fs';
import path from 'node:path';
import type { DocumentSource } from '../../shared/intake/types';
import { systemClock, type Clock } from '../clock';
import type { Logger } from '../log';
import { makePrivateDir, tightenFolder } from '../storage/private-files';
import { ClaimedLedger } from './claimed-ledger';
import { filesOpenForWriting } from './complete-file';
import { FAILED_DIR, HotFolderFiling, SENT_DIR } from './filing';
import { isIgnoredName, sourceForName } from './outbox-names';
import { readPrintJob, type PrintJobInfo } from './print-job';
import { lookAtFile, type Candidate } from './settle-check';

export interface ArrivalInfo {
  /** what the printer backend passed along (`lp -o phone=…`, the job title), for printed documents */
  job: PrintJobInfo | null;
  /** the file was there before the folder was watched (printed or saved while FaxDesk was not running) */
  backlog: boolean;
}

export interface HotFolderOptions {
  dir: string;
  /** a file that has settled (completely written); called once per file, oldest (by modification time) first */
  onDocument(filePath: string, source: DocumentSource, info: ArrivalInfo): void;
  log?: Logger;
  /** the gap between the two looks that must agree before a file counts as complete */
  settleMs?: number;
  /**
   * How long a file whose format has no end marker (plain text) must stay
   * unchanged: a writer may pause longer than settleMs between lines.
   */
  quietMs?: number;
  /** where the documents already taken are remembered across restarts (null: in memory only) */
  ledgerFile?: string | null;
  /** fs.watch misses events on network shares and some container filesystems: rescan this often anyway */
  rescanMs?: number;
  /**
   * Which of the files a program still holds open for writing (default: the platform's own look, which
   * only Linux has); tests pass one that finds none to see the folder as it behaves on the other systems.
   */
  filesOpenForWriting?: (files: readonly string[]) => Promise<Set<string>>;
  /** the settle, quiet and rescan times run on it (tests pass a ManualClock and advance it) */
  clock?: Clock;
  /** the folder became unreadable, or readable again (`problem` changed): the status the window shows changed */
  onProblemChange?: () => void;
}

/**
 * A watched outbox. A file is offered once it has stopped changing (same size
 * and mtime across two looks `settleMs` apart) and can be opened, so a
 * document that is still being copied or printed is never half-sent. Each
 * file is offered once for as long as it stays; where it goes after its
 * journey (sent/, failed/) is `filing` (filing.ts); the look at one file is
 * settle-check.ts. Its waits run on the injected Clock; file-system events
 * only ask for an earlier look.
 */
export class HotFolder {
  readonly dir: string;
  private readonly settleMs: number;
  private readonly rescanMs: number;
  private watcher: fs.FSWatcher | null = null;
  private rescanTimer: unknown = null;
  private checkTimer: unknown = null;
  private readonly clock: Clock;
  /** moves documents into sent/ and failed/ after their journey; it tells the watcher what left */
  readonly filing: HotFolderFiling;
  private readonly candidates = new Map<string, Candidate>();
  /** offered and still in the folder: never offered again until it leaves */
  private readonly offered = new Set<string>();
  /** the pass under way, if any: one at a time */
  private scanning: Promise<void> | null = null;
  private stopped = true;
  private readonly quietMs: number;
  private ledger: ClaimedLedger | null = null;
  private startedAt = 0;
  private scanProblem: string | null = null;
  private scanProblemCode: string | null = null;

  constructor(private readonly options: HotFolderOptions) {
    this.dir = path.resolve(options.dir);
    this.clock = options.clock ?? systemClock;
    this.filing = new HotFolderFiling({
      dir: this.dir,
      clock: this.clock,
      ...(options.log ? { log: options.log } : {}),
      onLeft: (full) => {
        this.offered.delete(full);
        this.candidates.delete(full);
      },
    });
    this.settleMs = options.settleMs ?? 500;
    this.rescanMs = options.rescanMs ?? 2_000;
    this.quietMs = options.quietMs ?? Math.max(this.settleMs, 2_000);
  }

  /** Why the folder cannot be read right now (it was removed, or access was taken away), in words for the user; null when fine. */
  get problem(): string | null {
    return this.scanProblem;
  }

  /** The system's error code behind `problem`. */
  get problemCode(): string | null {
    return this.scanProblemCode;
  }

  /** Creates the folder (and sent/, failed/) and starts watching. Throws if the folder cannot be created. */
  start(): void {
    if (!this.stopped) return;
    // Private to this user: others may not list what is waiting or was sent (storage/private-files.ts).
    makePrivateDir(path.join(this.dir, SENT_DIR));
    makePrivateDir(path.join(this.dir, FAILED_DIR));
    for (const d of [this.dir, path.join(this.dir, SENT_DIR), path.join(this.dir, FAILED_DIR)]) tightenFolder(d, this.options.log);
    this.ledger = new ClaimedLedger(this.options.ledgerFile ?? null, this.dir, (m) => this.options.log?.warn(m));
    this.startedAt = this.clock.now();
    this.stopped = false;
    try {
      this.watcher = fs.watch(this.dir, { persistent: false }, () => this.scheduleCheck(50));
      this.watcher.on('error', (e) => {
        // the rescan keeps working without the watcher
        this.options.log?.warn(`hot folder watcher stopped: ${(e as Error).message}`);
        this.watcher?.close();
        this.watcher = null;
      });
    } catch (e) {
      this.options.log?.warn(`hot folder cannot be watched, rescanning only: ${(e as Error).message}`);
    }
    this.armRescan();
    void this.scan();
  }

  stop(): void {
    this.stopped = true;
    this.watcher?.close();
    this.watcher = null;
    // clearing no timer (null) does nothing, on the system's clock and the tests' alike
    this.clock.clearTimeout(this.rescanTimer);
    this.clock.clearTimeout(this.checkTimer);
    this.rescanTimer = null;
    this.checkTimer = null;
  }

  get watching(): boolean {
    return !this.stopped;
  }

  /** True if this path is a document the hot folder offered and that is still in the folder (or that it filed under failed/). */
  owns(filePath: string): boolean {
    const full = path.resolve(filePath);
    return this.offered.has(full) || this.filing.filedFailed(full);
  }

  /**
   * The Send screen has taken this document: from now on it is never offered
   * again while it stays in the folder, across restarts too (the user may
   * remove it from the screen, or its move after the send may fail).
   */
  claim(filePath: string): void {
    const full = path.resolve(filePath);
    if (path.dirname(full) !== this.dir || !this.ledger) return;
    try {
      const st = fs.statSync(full);
      this.ledger.add({ name: path.basename(full), size: st.size, mtimeMs: st.mtimeMs });
    } catch {
      // gone already: nothing to remember
    }
  }

  /** One pass over the folder; exposed so tests and the settings screen need not wait for a timer. */
  async scan(): Promise<void> {
    if (this.stopped || this.scanning) return;
    this.scanning = this.scanOnce().finally(() => {
      this.scanning = null;
    });
    await this.scanning;
  }

  /** Resolves when no pass is running (tests settle on it between clock steps instead of sleeping). */
  async idle(): Promise<void> {
    await this.scanning;
  }

  /** fs.watch misses events on some filesystems: a look every rescanMs anyway, one timer at a time */
  private armRescan(): void {
    this.rescanTimer = this.clock.setTimeout(() => {
      if (this.stopped) return;
      void this.scan();
      this.armRescan();
    }, this.rescanMs);
  }

  private scheduleCheck(delay: number): void {
    if (this.stopped || this.checkTimer !== null) return;
    this.checkTimer = this.clock.setTimeout(() => {
      this.checkTimer = null;
      void this.scan();
    }, delay);
  }

  private async scanOnce(): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.dir, { withFileTypes: true });
      this.setProblem(null, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      const problem = `The hot folder ${this.dir} cannot be read (${code}). Check that it still exists and that you may open it, or choose another folder in Settings.`;
      if (problem !== this.scanProblem) this.options.log?.warn(problem);
      this.setProblem(problem, code);
      return;
    }
    const present = new Set<string>();
    const names = new Set<string>();
    const ready: Array<{ full: string; mtimeMs: number }> = [];
    let unsettled = false;
    for (const entry of entries) {
      // sent/ and failed/ (and any other folder) are not looked into
      if (!entry.isFile() || isIgnoredName(entry.name)) continue;
      const full = path.join(this.dir, entry.name);
      present.add(full);
      names.add(entry.name);
      if (this.offered.has(full)) continue;
      const look = await lookAtFile(full, {
        candidates: this.candidates,
        ledger: this.ledger,
        now: this.clock.now(),
        settleMs: this.settleMs,
        quietMs: this.quietMs,
      });
      // taken by the Send screen before (perhaps before a restart): never again while it stays
      if (look === 'taken') this.offered.add(full);
      else if (look === 'wait') unsettled = true;
      else if (look !== 'gone') ready.push({ full, mtimeMs: look });
    }
    // a file that left (moved by us, or by the user) may come back later as a new document
    for (const p of [...this.offered, ...this.candidates.keys()]) {
      if (!present.has(p)) {
        this.offered.delete(p);
        this.candidates.delete(p);
      }
    }
    this.ledger?.keepOnly(names);
    // the last check, for the whole batch at once: is a program still holding one open for writing?
    const writing = await (this.options.filesOpenForWriting ?? filesOpenForWriting)(ready.map((r) => r.full));
    if (writing.size > 0) {
      unsettled = true;
      for (let i = ready.length - 1; i >= 0; i--) if (writing.has(ready[i]!.full)) ready.splice(i, 1);
    }
    // in the order they were written (printed), not the directory's order
    ready.sort((a, b) => a.mtimeMs - b.mtimeMs || a.full.localeCompare(b.full));
    for (const { full, mtimeMs } of ready) {
      if (this.stopped) return;
      this.offer(full, mtimeMs);
    }
    if (unsettled) this.scheduleCheck(this.settleMs);
  }

  /** The rescan is how main learns the folder went away or came back (no event says so): it tells once per change. */
  private setProblem(problem: string | null, code: string | null): void {
    // the words follow from the code (and the folder): the same code is the same problem
    if (code === this.scanProblemCode) return;
    this.scanProblem = problem;
    this.scanProblemCode = code;
    if (!this.stopped) this.options.onProblemChange?.();
  }

  private offer(full: string, mtimeMs: number): void {
    this.candidates.delete(full);
    this.offered.add(full);
    const name = path.basename(full);
    const source = sourceForName(name);
    const job = source === 'print' ? readPrintJob(full) : null;
    try {
      this.options.onDocument(full, source, { job, backlog: mtimeMs < this.startedAt });
    } catch (e) {
      this.options.log?.error('hot folder document handler failed', e);
    }
  }
}
