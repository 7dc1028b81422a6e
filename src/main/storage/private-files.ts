/**
 * What FaxDesk keeps is private to the user who runs it: on Linux and macOS
 * the folders it creates (the data folder, the outbox with sent/ and failed/,
 * reports, covers, the preview's downloads) are 0700 and its files 0600, so
 * another local user can neither list the outbox nor read the history. A
 * folder created by an older version (0755, files 0644) is tightened at start
 * with a log line. Windows keeps its own ACLs (the user's profile).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = () => process.platform !== 'win32';

/** Creates `dir` (and missing parents) as 0700; an existing one keeps its mode (tightenTree decides). */
export function makePrivateDir(dir: string): void {
  const created = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // mkdir's mode passes through the umask, and only the first new folder is returned: set it exactly.
  if (created && posix()) {
    for (let d = dir; d.length >= created.length; d = path.dirname(d)) {
      fs.chmodSync(d, PRIVATE_DIR_MODE);
      if (d === created) break;
    }
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * Tightens `dir` and the files directly in it (not deeper): a folder others
 * may read or enter becomes 0700, a file they may read 0600. One log line
 * per folder says what changed. Missing folders are left alone.
 */
export function tightenFolder(dir: string, log?: Logger): void {
  if (!posix()) return;
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch {
    return;
  }
  if (!st.isDirectory()) return;
  const changed: string[] = [];
  if (st.mode & 0o077) {
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
    changed.push(`the folder was ${octal(st.mode)}`);
  }
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    try {
      const fst = fs.lstatSync(file);
      if (fst.mode & 0o077 && fst.uid === st.uid) {
        fs.chmodSync(file, PRIVATE_FILE_MODE);
        files += 1;
      }
    } catch {
      // gone meanwhile
    }
  }
  if (files > 0) changed.push(`${files} file${files === 1 ? '' : 's'} others could read`);
  if (changed.length > 0) log?.info(`permissions: ${dir} made private to this user (0700, files 0600): ${changed.join(', ')}`);
}
