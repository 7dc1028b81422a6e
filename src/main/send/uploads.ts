/**
 * Which local file (or URL) was uploaded as which file_ref, and when. Kept on
 * disk so a send after a restart can reuse a ref — and so an expired ref can
 * be replaced by uploading the same local file again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sameFile, type FileIdentity } from '../files/grants';
import type { Logger } from '../log';
import { readJsonFile, writeJsonFile, writeJsonFileAsync } from '../storage/json-file';

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
  /** oldest first (a Map keeps insertion order): remembering moves a key to the end, the cap drops from the front */
  private readonly entries: Map<string, UploadRecord>;
  private readonly file: string;
  /** the entries changed since the write in progress took its copy */
  private dirty = false;
  /** the background write in progress, if any */
  private writing: Promise<void> | null = null;

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.file = path.join(dataDir, 'send', 'uploads.json');
    this.entries = new Map(Object.entries(readJsonFile<Registry>(this.file) ?? {}));
  }

  // A file_ref belongs to the account (or demo service) it was uploaded to: never offered to another.
  static keyOfPath(p: string, profile: string): string {
    return `${profile}|file:${path.resolve(p)}`;
  }

  static keyOfUrl(u: string, profile: string): string {
    return `${profile}|url:${u}`;
  }

  /**
   * The record for a local file if the file is unchanged since it was uploaded; with `identity` (the
   * file the user granted), only while that file is still the one under its name — another file of the
   * same size and time renamed into its place is uploaded afresh, and refused at that upload's open.
   */
  forPath(p: string, profile: string, identity?: FileIdentity | null): UploadRecord | null {
    const rec = this.entries.get(UploadRegistry.keyOfPath(p, profile));
    if (!rec) return null;
    try {
      const st = fs.statSync(p);
      if (identity && !sameFile(identity, st)) return null;
      if (st.size !== rec.size || (rec.mtimeMs !== null && Math.abs(st.mtimeMs - rec.mtimeMs) > 1)) return null;
    } catch {
      return null;
    }
    return rec;
  }

  forUrl(u: string, profile: string): UploadRecord | null {
    return this.entries.get(UploadRegistry.keyOfUrl(u, profile)) ?? null;
  }

  remember(key: string, rec: UploadRecord): void {
    this.entries.delete(key);
    this.entries.set(key, rec);
    // Forget the oldest beyond the cap. (An object with `delete` and Object.keys for this cost ~0.1 ms of
    // an upload's main-thread time early in a run, profiled in issue #27.)
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
    this.saveSoon();
  }

  /**
   * Written in the background after the upload's answer has gone back, off the main thread: the
   * write's flush to disk held the event loop ~1.4 ms of every upload on a quiet disk and ~12 ms on
   * a busy one (profiled, issue #27), which every other upload and IPC call waited behind. Changes
   * meanwhile are written once, after the write in progress. A ref lost to a crash in that moment
   * only means the file is uploaded again on its next send.
   */
  private saveSoon(): void {
    this.dirty = true;
    // started after the answer has gone back: even the copy for the write waits for the next turn
    this.writing ??= new Promise((r) => setImmediate(r)).then(() => this.writeInBackground());
  }

  private async writeInBackground(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        try {
          await writeJsonFileAsync(this.file, this.snapshot(), { what: 'the upload registry' });
        } catch (e) {
          this.cannotWrite(e);
        }
      }
    } finally {
      this.writing = null;
    }
  }

  /** The file's shape: an object, oldest first. */
  private snapshot(): Registry {
    return Object.fromEntries(this.entries);
  }

  /** Resolves once what was remembered so far is on disk (or its write failed and was logged). */
  async saved(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * The registry is a cache: when it cannot be written (a full disk, its folder gone) the refs stay
   * known for this run, the reason is logged, and nothing is thrown — from the background write that
   * would take the main process down, from forget() it would fail a send that can go on.
   */
  private cannotWrite(e: unknown): void {
    this.log.warn(`uploads: could not save the upload registry (${(e as Error).message}); after a restart these documents are uploaded again`);
  }

  /** The service said a ref is invalid or expired: never offer it again. */
  forget(fileRef: string): void {
    let changed = false;
    for (const [k, v] of this.entries) {
      if (v.fileRef === fileRef) {
        this.entries.delete(k);
        changed = true;
      }
    }
    if (changed) {
      // A forgotten ref must never be offered again, also after a crash: written at once, and once
      // more after a background write in progress (it took its copy before the ref was forgotten).
      try {
        writeJsonFile(this.file, this.snapshot(), { what: 'the upload registry' });
      } catch (e) {
        this.cannotWrite(e);
      }
      if (this.writing) this.dirty = true;
    }
  }
}
