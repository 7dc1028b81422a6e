import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentSource } from '../../shared/ipc/channels/intake';
import type { Logger } from '../log';
import { makePrivateDir, tightenFolder } from '../storage/private-files';
import { ClaimedLedger } from './claimed-ledger';
import { fileStructure, filesOpenForWriting } from './complete-file';
import { readPrintJob, sidecarPathFor, type PrintJobInfo } from './print-job';

export const SENT_DIR = 'sent';
export const FAILED_DIR = 'failed';

export function defaultHotFolderPath(home: string = os.homedir()): string {
  return path.join(home, 'FaxDesk', 'Outbox');
}

/**
 * Names that are still being written or belong to another program: browser
 * and download-manager partials, Office lock files, our own printer backend's
 * temp files (dotfiles), editor backups.
 */
export function isIgnoredName(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    name.startsWith('.') ||
    name.startsWith('~$') ||
    lower.endsWith('~') ||
    /\.(part|partial|crdownload|download|tmp|temp|swp)$/.test(lower) ||
    lower === 'desktop.ini' ||
    lower === 'thumbs.db'
  );
}

/** Our CUPS backend names its jobs "<title> (print job <id>).pdf" — that is how a print is told from a dropped file. */
export function sourceForName(name: string): DocumentSource {
  return / \(print job \d+\)\.pdf$/i.test(name) ? 'print' : 'hot-folder';
}

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
}

interface Candidate {
  size: number;
  mtimeMs: number;
  seenAt: number;
  /** when the file first had this size: the grace for a format that never shows its end */
  firstSeenAt: number;
}

/**
 * A watched outbox. A file is offered once it has stopped changing (same size
 * and mtime across two looks `settleMs` apart) and can be opened, so a
 * document that is still being copied or printed is never half-sent. Each
 * file is offered once for as long as it stays; after the send it is moved
 * into sent/ or failed/, never deleted.
 */
export class HotFolder {
  readonly dir: string;
  private readonly settleMs: number;
  private readonly rescanMs: number;
  private watcher: fs.FSWatcher | null = null;
  private rescanTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private readonly candidates = new Map<string, Candidate>();
  /** offered and still in the folder: never offered again until it leaves */
  private readonly offered = new Set<string>();
  private scanning = false;
  private stopped = true;
  private readonly quietMs: number;
  private ledger: ClaimedLedger | null = null;
  private startedAt = 0;
  private scanProblem: string | null = null;
  private scanProblemCode: string | null = null;
  /** documents moved into failed/ this session: a later successful send of the same document moves them on to sent/ */
  private readonly filedAsFailed = new Set<string>();

  constructor(private readonly options: HotFolderOptions) {
    this.dir = path.resolve(options.dir);
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
    this.startedAt = Date.now();
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
    this.rescanTimer = setInterval(() => void this.scan(), this.rescanMs);
    this.rescanTimer.unref();
    void this.scan();
  }

  stop(): void {
    this.stopped = true;
    this.watcher?.close();
    this.watcher = null;
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.rescanTimer = null;
    this.checkTimer = null;
  }

  get watching(): boolean {
    return !this.stopped;
  }

  /** True if this path is a document the hot folder offered and that is still in the folder (or that it filed under failed/). */
  owns(filePath: string): boolean {
    const full = path.resolve(filePath);
    return this.offered.has(full) || this.filedAsFailed.has(full);
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

  /** Moves a sent document into sent/. Throws when the move fails (the caller tells the user). */
  markSent(filePath: string): string | null {
    const target = this.moveOut(filePath, SENT_DIR, null);
    // where it came from, so a fax that fails later at the service can find its document again (after a restart too)
    if (target) this.writeNote(target, { sentFrom: path.resolve(filePath) });
    return target;
  }

  /**
   * The fax of a document already filed under sent/ failed at the service
   * (every recipient failed): the document moves on to failed/ with the
   * reason. Found by the note markSent left beside it; null when there is none.
   */
  markFailedAfterSend(originalPath: string, reason: string): string | null {
    const from = path.resolve(originalPath);
    if (path.dirname(from) !== this.dir) return null;
    const sentDir = path.join(this.dir, SENT_DIR);
    let names: string[];
    try {
      names = fs.readdirSync(sentDir).filter((n) => !n.startsWith('.'));
    } catch {
      return null;
    }
    const match = names
      .map((n) => path.join(sentDir, n))
      .filter((f) => this.readNote(f)['sentFrom'] === from)
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
    if (!match) return null;
    const target = moveWithoutOverwriting(match, path.join(this.dir, FAILED_DIR));
    const note = this.readNote(match);
    fs.rmSync(sidecarPathFor(match), { force: true });
    this.writeNote(target, { ...note, failure: { reason, at: new Date().toISOString() } });
    this.filedAsFailed.add(target);
    this.options.log?.info(`hot folder: ${path.basename(match)} moved from sent/ to failed/ (${reason})`);
    return target;
  }

  private readNote(file: string): Record<string, unknown> {
    try {
      return JSON.parse(fs.readFileSync(sidecarPathFor(file), 'utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  private writeNote(file: string, extra: Record<string, unknown>): void {
    try {
      fs.writeFileSync(sidecarPathFor(file), JSON.stringify({ ...this.readNote(file), ...extra }), { mode: 0o600 });
    } catch (e) {
      this.options.log?.warn(`hot folder: cannot write the note beside ${path.basename(file)}: ${(e as Error).message}`);
    }
  }

  /** Moves a document whose fax failed or was refused into failed/, with the reason beside it. Throws when the move fails. */
  markFailed(filePath: string, reason: string | null = null): string | null {
    return this.moveOut(filePath, FAILED_DIR, reason);
  }

  /** One pass over the folder; exposed so tests and the settings screen need not wait for a timer. */
  async scan(): Promise<void> {
    if (this.stopped || this.scanning) return;
    this.scanning = true;
    try {
      await this.scanOnce();
    } finally {
      this.scanning = false;
    }
  }

  private scheduleCheck(delay: number): void {
    if (this.stopped || this.checkTimer) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = null;
      void this.scan();
    }, delay);
    this.checkTimer.unref();
  }

  private async scanOnce(): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.dir, { withFileTypes: true });
      this.scanProblem = null;
      this.scanProblemCode = null;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      const problem = `The hot folder ${this.dir} cannot be read (${code}). Check that it still exists and that you may open it, or choose another folder in Settings.`;
      if (problem !== this.scanProblem) this.options.log?.warn(problem);
      this.scanProblem = problem;
      this.scanProblemCode = code;
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
      const look = await this.look(full);
      if (look === 'wait') unsettled = true;
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

  /**
   * One look at a file: its modification time once it is complete and not
   * yet taken, 'wait' while it may still be changing, 'gone' when it is not
   * to be offered (vanished, or taken before — also in an earlier run).
   */
  private async look(full: string): Promise<number | 'wait' | 'gone'> {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(full);
    } catch {
      this.candidates.delete(full);
      return 'gone';
    }
    if (this.ledger?.has({ name: path.basename(full), size: stat.size, mtimeMs: stat.mtimeMs })) {
      // taken by the Send screen before (perhaps before a restart): never again while it stays
      this.offered.add(full);
      this.candidates.delete(full);
      return 'gone';
    }
    const now = Date.now();
    const seen = this.candidates.get(full);
    if (!seen || seen.size !== stat.size || seen.mtimeMs !== stat.mtimeMs) {
      this.candidates.set(full, { size: stat.size, mtimeMs: stat.mtimeMs, seenAt: now, firstSeenAt: now });
      return 'wait';
    }
    if (now - seen.seenAt < this.settleMs) return 'wait';
    // an empty file is usually one that a program has created and not yet filled
    if (stat.size === 0) return 'wait';
    // Windows keeps a file that is being written locked against readers; on Linux the caller looks
    // for a writer (filesOpenForWriting), once for all the files of a check
    let structure: Awaited<ReturnType<typeof fileStructure>>;
    try {
      structure = await fileStructure(full, stat.size);
    } catch {
      return 'wait';
    }
    // A writer that pauses longer than the settle time (a slow copy, a network share) leaves a
    // file that looks still but is cut short. Formats that say where they end are held until
    // they do, or until they have not changed for a long while (then the Send screen's checks
    // decide); plain text, which cannot say, must stay still for longer.
    const stillFor = now - seen.firstSeenAt;
    if (structure === 'incomplete' && stillFor < INCOMPLETE_GRACE_MS) return 'wait';
    if (structure === 'none' && stillFor < this.quietMs) return 'wait';
    return stat.mtimeMs;
  }

  private moveOut(filePath: string, sub: string, reason: string | null): string | null {
    const full = path.resolve(filePath);
    // only files directly in the outbox (or filed by us under failed/): a path from elsewhere is never moved
    if ((path.dirname(full) !== this.dir && !this.filedAsFailed.has(full)) || !fs.existsSync(full)) return null;
    const target = moveWithoutOverwriting(full, path.join(this.dir, sub));
    this.offered.delete(full);
    this.candidates.delete(full);
    this.filedAsFailed.delete(full);
    if (sub === FAILED_DIR) this.filedAsFailed.add(target);
    // the printer's sidecar travels with its document; a failure's reason is added to it
    const sidecar = sidecarPathFor(full);
    let meta: Record<string, unknown> = {};
    try {
      meta = JSON.parse(fs.readFileSync(sidecar, 'utf8')) as Record<string, unknown>;
    } catch {
      // none, or unreadable: a fresh one only when there is a reason to keep
    }
    try {
      if (reason !== null || fs.existsSync(sidecar)) {
        const next = { ...meta, ...(reason !== null ? { failure: { reason, at: new Date().toISOString() } } : {}) };
        fs.writeFileSync(sidecarPathFor(target), JSON.stringify(next), { mode: 0o600 });
      }
      fs.rmSync(sidecar, { force: true });
    } catch (e) {
      this.options.log?.warn(`hot folder: cannot write the note beside ${path.basename(target)}: ${(e as Error).message}`);
    }
    if (reason !== null) this.options.log?.info(`hot folder: ${path.basename(full)} moved to ${sub}/ (${reason})`);
    return target;
  }
}

/**
 * Moves a file into `dir` under its own name, or "name (2).ext", "name (3).ext"…
 * if that is taken. link()+unlink() rather than rename(): rename replaces an
 * existing file silently on POSIX, link fails with EEXIST instead. Where hard
 * links are not supported (FAT, some shares) an exclusive copy does the same.
 */
export function moveWithoutOverwriting(file: string, dir: string): string {
  makePrivateDir(dir);
  const ext = path.extname(file);
  const stem = path.basename(file, ext);
  for (let n = 1; n < 10_000; n++) {
    const target = path.join(dir, n === 1 ? `${stem}${ext}` : `${stem} (${n})${ext}`);
    try {
      fs.linkSync(file, target);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      try {
        fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL);
      } catch (e2) {
        if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') continue;
        // a copy cut short (disk full) must not stay behind as a truncated document
        fs.rmSync(target, { force: true });
        throw e2;
      }
    }
    fs.unlinkSync(file);
    return target;
  }
  throw new Error(`no free name for ${path.basename(file)} in ${dir}`);
}

/** How long an unchanged file that does not end like its format is held back before it is offered anyway. */
const INCOMPLETE_GRACE_MS = 30_000;
