import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GrantedFile } from '../../shared/ipc/channels/files';
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
  /** main moved the file behind `handle` (the hot folder files it under sent/): the handle follows it */
  moved(handle: string, newPath: string): void;
}

/**
 * The capabilities of this run of main: random handles mapped to the paths the
 * user granted. Nothing is persisted here: data that must outlive the run (a
 * draft) stores the paths in main's own files and re-grants them on load.
 * The same path granted again gets the same handle, so the window can tell
 * that a file is already attached.
 */
export function createFileGrants(): FileGrants {
  const byHandle = new Map<string, { path: string; kind: GrantKind }>();
  const byPath = new Map<string, string>();

  const lookup = (handle: string, kind?: GrantKind): string | null => {
    const entry = byHandle.get(handle);
    if (!entry || (kind && entry.kind !== kind)) return null;
    return entry.path;
  };

  return {
    grant(filePath, kind = 'input') {
      const abs = path.resolve(filePath);
      const key = `${kind}:${abs}`;
      const known = byPath.get(key);
      if (known) return known;
      const handle = `fh_${crypto.randomBytes(24).toString('base64url')}`;
      byHandle.set(handle, { path: abs, kind });
      byPath.set(key, handle);
      return handle;
    },
    pathOf(handle, kind) {
      const p = lookup(handle, kind);
      if (p === null) {
        throw new UserError('file.not_granted', 'FaxDesk no longer has access to this file. Add or choose it again.');
      }
      return p;
    },
    lookup,
    moved(handle, newPath) {
      const entry = byHandle.get(handle);
      if (!entry) return;
      byPath.delete(`${entry.kind}:${entry.path}`);
      entry.path = path.resolve(newPath);
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
