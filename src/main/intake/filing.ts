/**
 * Where a hot-folder document goes once its journey ends: sent/ after its fax
 * was queued, failed/ when it was refused, when its fax failed later at the
 * service, or when the document itself could not be sent (with a note for the
 * user beside it). Never deleted, never overwritten; every note is written to
 * a temporary file and renamed into place, so a crash leaves the old note or
 * the new one, never half of one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import { writeFileAtomic } from '../storage/atomic-write';
import { makePrivateDir } from '../storage/private-files';
import { readSidecar, sidecarPathFor } from './print-job';

export const SENT_DIR = 'sent';
export const FAILED_DIR = 'failed';

export interface FilingOptions {
  /** the outbox (absolute) */
  dir: string;
  clock: Pick<Clock, 'now'>;
  log?: Logger;
  /** a document left the outbox root: the watcher forgets it, so a new file of that name is new */
  onLeft?: (filePath: string) => void;
}

/** A note for the person who finds the document in failed/: a plain text file beside it. */
export interface UserNote {
  fileName: string;
  text: string;
}

export class HotFolderFiling {
  private readonly dir: string;
  /** documents moved into failed/ this session: a later successful send of the same document moves them on to sent/ */
  private readonly filedAsFailed = new Set<string>();

  constructor(private readonly options: FilingOptions) {
    this.dir = path.resolve(options.dir);
  }

  /** True for a document this session filed under failed/ (it may still be sent from there). */
  filedFailed(filePath: string): boolean {
    return this.filedAsFailed.has(path.resolve(filePath));
  }

  /** Moves a sent document into sent/. Throws when the move fails (the caller tells the user). */
  markSent(filePath: string): string | null {
    const target = this.moveOut(filePath, SENT_DIR, null);
    // where it came from, so a fax that fails later at the service can find its document again (after a restart too)
    if (target) this.writeNote(target, { sentFrom: path.resolve(filePath) });
    return target;
  }

  /** Moves a document whose fax failed or was refused into failed/, with the reason beside it. Throws when the move fails. */
  markFailed(filePath: string, reason: string | null = null): string | null {
    return this.moveOut(filePath, FAILED_DIR, reason);
  }

  /**
   * A document that cannot be sent at all (unreadable, a type the service does
   * not take, too large…): into failed/ with the reason in its note and a
   * plain text note beside it saying why and what to do. Null when it is not
   * in the outbox root (it is left alone); throws when the move fails.
   */
  markRefused(filePath: string, reason: string, note: UserNote): string | null {
    const target = this.moveOut(filePath, FAILED_DIR, reason);
    if (!target) return null;
    try {
      writeFileAtomic(path.join(path.dirname(target), noteNameFor(target, note.fileName)), note.text, { mode: 0o600 });
    } catch (e) {
      this.options.log?.warn(`hot folder: cannot write the note beside ${path.basename(target)}: ${(e as Error).message}`);
    }
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
    this.writeNote(target, { ...note, failure: this.failure(reason) });
    this.filedAsFailed.add(target);
    this.options.log?.info(`hot folder: ${path.basename(match)} moved from sent/ to failed/ (${reason})`);
    return target;
  }

  private failure(reason: string): { reason: string; at: string } {
    return { reason, at: new Date(this.options.clock.now()).toISOString() };
  }

  private readNote(file: string): Record<string, unknown> {
    try {
      const note: unknown = JSON.parse(readSidecar(file) ?? '{}');
      // anything but an object (a sidecar of `null` or `5`) is no note
      return typeof note === 'object' && note !== null && !Array.isArray(note) ? (note as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  private writeNote(file: string, extra: Record<string, unknown>): void {
    try {
      writeFileAtomic(sidecarPathFor(file), JSON.stringify({ ...this.readNote(file), ...extra }), { mode: 0o600 });
    } catch (e) {
      this.options.log?.warn(`hot folder: cannot write the note beside ${path.basename(file)}: ${(e as Error).message}`);
    }
  }

  private moveOut(filePath: string, sub: string, reason: string | null): string | null {
    const full = path.resolve(filePath);
    // only files directly in the outbox (or filed by us under failed/): a path from elsewhere is never moved
    if ((path.dirname(full) !== this.dir && !this.filedAsFailed.has(full)) || !fs.existsSync(full)) return null;
    const target = moveWithoutOverwriting(full, path.join(this.dir, sub));
    this.options.onLeft?.(full);
    this.filedAsFailed.delete(full);
    if (sub === FAILED_DIR) this.filedAsFailed.add(target);
    // the printer's sidecar travels with its document; a failure's reason is added to it
    const sidecar = sidecarPathFor(full);
    const meta = this.readNote(full);
    if (reason !== null || fs.existsSync(sidecar)) this.writeNote(target, { ...meta, ...(reason !== null ? { failure: this.failure(reason) } : {}) });
    try {
      fs.rmSync(sidecar, { force: true });
    } catch (e) {
      this.options.log?.warn(`hot folder: cannot remove the note beside ${path.basename(full)}: ${(e as Error).message}`);
    }
    if (reason !== null) this.options.log?.info(`hot folder: ${path.basename(full)} moved to ${sub}/ (${reason})`);
    return target;
  }
}

/** "<document> - <note name>.txt" beside the document, e.g. "sheet.xlsx - why it was not sent.txt". */
export function noteNameFor(documentPath: string, noteName: string): string {
  return `${path.basename(documentPath)} - ${noteName}.txt`;
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
