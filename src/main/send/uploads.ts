/**
 * Which local file (or URL) was uploaded as which file_ref, and when. Kept on
 * disk so a send after a restart can reuse a ref — and so an expired ref can
 * be replaced by uploading the same local file again.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log';
import { readJsonFile, writeJsonFile } from '../storage/json-file';

export interface UploadRecord {
  fileRef: string;
  /** ms since epoch */
  uploadedAt: number;
  size: number;
  /** for local files: the modification time at upload, so a changed file is uploaded again */
  mtimeMs: number | null;
}

type Registry = Record<string, UploadRecord>;
const MAX_ENTRIES = 200;

export class UploadRegistry {
  private entries: Registry;
  private readonly file: string;
  private pending: NodeJS.Immediate | null = null;

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.file = path.join(dataDir, 'send', 'uploads.json');
    this.entries = readJsonFile<Registry>(this.file) ?? {};
  }

  // A file_ref belongs to the account (or demo service) it was uploaded to: never offered to another.
  static keyOfPath(p: string, profile: string): string {
    return `${profile}|file:${path.resolve(p)}`;
  }

  static keyOfUrl(u: string, profile: string): string {
    return `${profile}|url:${u}`;
  }

  /** The record for a local file if the file is unchanged since it was uploaded. */
  forPath(p: string, profile: string): UploadRecord | null {
    const rec = this.entries[UploadRegistry.keyOfPath(p, profile)];
    if (!rec) return null;
    try {
      const st = fs.statSync(p);
      if (st.size !== rec.size || (rec.mtimeMs !== null && Math.abs(st.mtimeMs - rec.mtimeMs) > 1)) return null;
    } catch {
      return null;
    }
    return rec;
  }

  forUrl(u: string, profile: string): UploadRecord | null {
    return this.entries[UploadRegistry.keyOfUrl(u, profile)] ?? null;
  }

  remember(key: string, rec: UploadRecord): void {
    delete this.entries[key];
    this.entries[key] = rec;
    const keys = Object.keys(this.entries);
    // Oldest first (insertion order): forget the oldest beyond the cap.
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete this.entries[k];
    this.saveSoon();
  }

  /**
   * Written just after the upload's answer has gone back (setImmediate), not before it: the
   * write and its fsync were ~1.4 ms of every upload's time. Several in a row write once. A ref
   * lost to a crash in that moment only means the file is uploaded again on its next send.
   */
  private saveSoon(): void {
    if (this.pending) return;
    this.pending = setImmediate(() => this.flush());
  }

  /** Writes what is not yet on disk now. */
  flush(): void {
    if (!this.pending) return;
    clearImmediate(this.pending);
    this.pending = null;
    this.write();
  }

  /**
   * The registry is a cache: when it cannot be written (a full disk, its folder gone) the refs stay
   * known for this run, the reason is logged, and nothing is thrown — from the background write that
   * would take the main process down, from forget() it would fail a send that can go on.
   */
  private write(): void {
    try {
      writeJsonFile(this.file, this.entries, { what: 'the upload registry' });
    } catch (e) {
      this.log.warn(`uploads: could not save the upload registry (${(e as Error).message}); after a restart these documents are uploaded again`);
    }
  }

  /** The service said a ref is invalid or expired: never offer it again. */
  forget(fileRef: string): void {
    let changed = false;
    for (const [k, v] of Object.entries(this.entries)) {
      if (v.fileRef === fileRef) {
        delete this.entries[k];
        changed = true;
      }
    }
    if (changed) {
      // A forgotten ref must never be offered again, also after a crash: written at once.
      if (this.pending) clearImmediate(this.pending);
      this.pending = null;
      this.write();
    }
  }
}
