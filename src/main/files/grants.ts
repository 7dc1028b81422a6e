import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GrantedFile } from '../../shared/files/types';
import { UserError } from '../errors';

/**
 * input: a file the user handed over to be read (a document, a CSV);
 * output: a file main wrote at the user's choice (an export, a report), which
 * may also be opened or shown in its folder.
 */
export type GrantKind = 'input' | 'output';

export interface FileGrants {
  /** records a path the user granted (dialog, drop, argv, hot folder, printer, save dialog) and returns its handle */
  grant(filePath: string, kind?: GrantKind): string;
  /** the path behind a handle main issued; a UserError ('file.not_granted') for anything else */
  pathOf(handle: string, kind?: GrantKind): string;
  /** like pathOf, but null instead of an error */
  lookup(handle: string, kind?: GrantKind): string | null;
  /** the handle already issued for this path (null: none), without granting anything */
  handleOf(filePath: string, kind?: GrantKind): string | null;
  /**
   * An input file's path after checking it is still the file that was granted
   * (no symlink in its place, the same device, inode and creation time): a UserError
   * ('file.changed') otherwise. Open it with O_NOFOLLOW and compare with
   * `identityOf` after opening to close the gap between check and open.
   */
  checkedPath(handle: string): string;
  /** the device, inode and creation time recorded when an input file was granted (null: it did not exist then) */
  identityOf(handle: string): FileIdentity | null;
  /**
   * An input file as it was granted, without looking at the disk: for a reader whose one open is the
   * check (O_NOFOLLOW, then the descriptor's device, inode and creation time compared with `identity`, as the upload
   * does in fileSource). A UserError ('file.not_granted') for a handle main did not issue.
   */
  granted(handle: string): GrantedInput;
  /** main moved the file behind `handle` (the hot folder files it under sent/): the handle follows it */
  moved(handle: string, newPath: string): void;
}

export interface FileIdentity {
  dev: number;
  ino: number;
  /**
   * When the file was created (birthtime, ms). A file put in the granted one's place can get its inode
   * number back once the old one is gone (seen in tests: the numbers alternate); its creation time is its
   * own. Editing the granted file in place keeps it.
   */
  born: number;
}

/** An input file as granted: the file it named then, its device, inode and creation time, and its name for messages. */
export interface GrantedInput {
  path: string;
  name: string;
  identity: FileIdentity | null;
}

/** O_NOFOLLOW where the platform has it (not on Windows, where symlinks need privileges to create). */
export const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

export function fileChanged(name: string): UserError {
  return new UserError('file.changed', `${name} changed since you added it (it was replaced or moved). Add it again if it is still the document you mean.`);
}

/** Whether an opened file's stat is the file that was granted. */
export function sameFile(identity: FileIdentity | null, stat: { dev: number; ino: number; birthtimeMs: number }): boolean {
  return identity === null || (identity.dev === stat.dev && identity.ino === stat.ino && identity.born === stat.birthtimeMs);
}

/**
 * An input is bound to the file it names at the grant: a link the user
 * handed over is followed once, here, and its target recorded with its
 * device, inode and creation time.
 */
function bind(abs: string, kind: GrantKind): { path: string; real: string; identity: FileIdentity | null } {
  if (kind !== 'input') return { path: abs, real: abs, identity: null };
  try {
    const real = fs.realpathSync(abs);
    const st = fs.statSync(real);
    return { path: abs, real, identity: { dev: st.dev, ino: st.ino, born: st.birthtimeMs } };
  } catch {
    return { path: abs, real: abs, identity: null };
  }
}

/**
 * The capabilities of this run of main: random handles mapped to the paths the
 * user granted. Nothing is persisted here: data that must outlive the run (a
 * draft) stores the paths in main's own files and re-grants them on load.
 * The same path granted again gets the same handle, so the window can tell
 * that a file is already attached.
 */
export function createFileGrants(): FileGrants {
  /** path: as handed over (names, messages); real: the file it named at the grant, read through checkedPath */
  const byHandle = new Map<string, { path: string; real: string; kind: GrantKind; identity: FileIdentity | null }>();
  const byPath = new Map<string, string>();

  const lookup = (handle: string, kind?: GrantKind): string | null => {
    const entry = byHandle.get(handle);
    if (!entry || (kind && entry.kind !== kind)) return null;
    return entry.path;
  };

  const inputEntry = (handle: string) => {
    const entry = byHandle.get(handle);
    if (!entry || entry.kind !== 'input') {
      throw new UserError('file.not_granted', 'FaxDesk no longer has access to this file. Add or choose it again.');
    }
    return entry;
  };

  return {
    grant(filePath, kind = 'input') {
      const abs = path.resolve(filePath);
      const key = `${kind}:${abs}`;
      const known = byPath.get(key);
      // Granted again (the user added it again): bound to what is there now.
      const bound = bind(abs, kind);
      if (known) {
        byHandle.set(known, { ...bound, kind });
        return known;
      }
      const handle = `fh_${crypto.randomBytes(24).toString('base64url')}`;
      byHandle.set(handle, { ...bound, kind });
      byPath.set(key, handle);
      return handle;
    },
    checkedPath(handle) {
      const entry = inputEntry(handle);
      let st: fs.Stats;
      try {
        st = fs.lstatSync(entry.real);
      } catch {
        // gone: the reader says so in its own words
        return entry.real;
      }
      if (st.isSymbolicLink() || !sameFile(entry.identity, st)) throw fileChanged(path.basename(entry.path));
      return entry.real;
    },
    identityOf(handle) {
      return byHandle.get(handle)?.identity ?? null;
    },
    granted(handle) {
      const entry = inputEntry(handle);
      return { path: entry.real, name: path.basename(entry.path), identity: entry.identity };
    },
    pathOf(handle, kind) {
      const p = lookup(handle, kind);
      if (p === null) {
        throw new UserError('file.not_granted', 'FaxDesk no longer has access to this file. Add or choose it again.');
      }
      return p;
    },
    lookup,
    handleOf(filePath, kind = 'input') {
      return byPath.get(`${kind}:${path.resolve(filePath)}`) ?? null;
    },
    moved(handle, newPath) {
      const entry = byHandle.get(handle);
      if (!entry) return;
      byPath.delete(`${entry.kind}:${entry.path}`);
      entry.path = path.resolve(newPath);
      // the same file under its new name (a rename keeps its device, inode and creation time, so the binding holds)
      try {
        entry.real = fs.realpathSync(entry.path);
      } catch {
        entry.real = entry.path;
      }
      byPath.set(`${entry.kind}:${entry.path}`, handle);
    },
  };
}

/**
 * Registers a file the user dropped (or picked in a browser file input). Only
 * an existing regular file is taken; its handle is all the window gets back.
 */
export function grantDroppedFile(grants: FileGrants, filePath: unknown): GrantedFile {
  if (typeof filePath !== 'string' || !filePath || filePath.length > 4096 || !path.isAbsolute(filePath)) {
    throw new UserError('file.not_a_file', 'FaxDesk could not read the dropped item. Drop a document file.');
  }
  let isFile = false;
  try {
    isFile = fs.statSync(filePath).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) throw new UserError('file.not_a_file', `${path.basename(filePath)} is not a file FaxDesk can read. Drop a document file.`);
  return { handle: grants.grant(filePath, 'input'), name: path.basename(filePath) };
}
