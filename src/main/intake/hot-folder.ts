import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentSource } from '../../shared/ipc/channels/intake';
import type { Logger } from '../log';

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

export interface HotFolderOptions {
  dir: string;
  /** a file that has settled (completely written); called once per file */
  onDocument(filePath: string, source: DocumentSource): void;
  log?: Logger;
  /** the gap between the two looks that must agree before a file counts as complete */
  settleMs?: number;
  /** fs.watch misses events on network shares and some container filesystems: rescan this often anyway */
  rescanMs?: number;
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

  constructor(private readonly options: HotFolderOptions) {
    this.dir = path.resolve(options.dir);
    this.settleMs = options.settleMs ?? 500;
    this.rescanMs = options.rescanMs ?? 2_000;
  }

  /** Creates the folder (and sent/, failed/) and starts watching. Throws if the folder cannot be created. */
  start(): void {
    if (!this.stopped) return;
    fs.mkdirSync(path.join(this.dir, SENT_DIR), { recursive: true });
    fs.mkdirSync(path.join(this.dir, FAILED_DIR), { recursive: true });
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

  /** True if this path is a document the hot folder offered and that is still in the folder. */
  owns(filePath: string): boolean {
    return this.offered.has(path.resolve(filePath));
  }

  markSent(filePath: string): string | null {
    return this.moveOut(filePath, SENT_DIR);
  }

  markFailed(filePath: string): string | null {
    return this.moveOut(filePath, FAILED_DIR);
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
    } catch (e) {
      this.options.log?.warn(`hot folder unreadable: ${(e as Error).message}`);
      return;
    }
    const present = new Set<string>();
    let unsettled = false;
    for (const entry of entries) {
      // sent/ and failed/ (and any other folder) are not looked into
      if (!entry.isFile() || isIgnoredName(entry.name)) continue;
      const full = path.join(this.dir, entry.name);
      present.add(full);
      if (this.offered.has(full)) continue;
      if (!(await this.settled(full))) unsettled = true;
    }
    // a file that left (moved by us, or by the user) may come back later as a new document
    for (const p of [...this.offered, ...this.candidates.keys()]) {
      if (!present.has(p)) {
        this.offered.delete(p);
        this.candidates.delete(p);
      }
    }
    if (unsettled) this.scheduleCheck(this.settleMs);
  }

  /** Offers the file if it has settled; returns false while it may still be changing. */
  private async settled(full: string): Promise<boolean> {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(full);
    } catch {
      this.candidates.delete(full);
      return true;
    }
    const now = Date.now();
    const seen = this.candidates.get(full);
    if (!seen || seen.size !== stat.size || seen.mtimeMs !== stat.mtimeMs) {
      this.candidates.set(full, { size: stat.size, mtimeMs: stat.mtimeMs, seenAt: now, firstSeenAt: seen && seen.size === stat.size ? seen.firstSeenAt : now });
      return false;
    }
    if (now - seen.seenAt < this.settleMs) return false;
    // an empty file is usually one that a program has created and not yet filled
    if (stat.size === 0) return false;
    // Windows keeps a file that is being written locked against readers
    let tail: Buffer;
    try {
      const handle = await fs.promises.open(full, 'r');
      try {
        tail = await readTail(handle, stat.size);
      } finally {
        await handle.close();
      }
    } catch {
      seen.seenAt = now;
      return false;
    }
    // A writer that pauses longer than the settle time (a slow copy, a network share) leaves a
    // file that looks still but is cut short; formats that say where they end are held until
    // they do, or until they have not changed for a long while (then the Send screen's checks decide).
    if (!endsLikeComplete(full, tail) && now - seen.firstSeenAt < INCOMPLETE_GRACE_MS) {
      seen.seenAt = now;
      return false;
    }
    this.candidates.delete(full);
    this.offered.add(full);
    const name = path.basename(full);
    try {
      this.options.onDocument(full, sourceForName(name));
    } catch (e) {
      this.options.log?.error('hot folder document handler failed', e);
    }
    return true;
  }

  private moveOut(filePath: string, sub: string): string | null {
    const full = path.resolve(filePath);
    // only files directly in the outbox: a path from elsewhere is never moved
    if (path.dirname(full) !== this.dir || !fs.existsSync(full)) return null;
    const target = moveWithoutOverwriting(full, path.join(this.dir, sub));
    this.offered.delete(full);
    this.candidates.delete(full);
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
  fs.mkdirSync(dir, { recursive: true });
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
const TAIL_BYTES = 2048;

async function readTail(handle: fs.promises.FileHandle, size: number): Promise<Buffer> {
  const length = Math.min(size, TAIL_BYTES);
  const buffer = Buffer.alloc(length);
  await handle.read(buffer, 0, length, size - length);
  return buffer;
}

/** PDF ends with %%EOF (perhaps followed by a newline), JPEG with FFD9, PNG with its IEND chunk. */
export function endsLikeComplete(file: string, tail: Buffer): boolean {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.pdf') return tail.includes('%%EOF');
  if (ext === '.jpg' || ext === '.jpeg') return tail.includes(Buffer.from([0xff, 0xd9]));
  if (ext === '.png') return tail.includes(Buffer.from('IEND'));
  return true;
}
