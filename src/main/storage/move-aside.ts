import fs from 'node:fs';

/** SQLite keeps committed data in these beside the main file: they travel with it. */
const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/** A file name stamp that sorts by time and is valid on every file system (no ':'). */
export function asideStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/**
 * Moves a file FaxDesk cannot use out of the way, never deleting it: it
 * becomes `<file>.damaged-<time>` (with its -wal/-shm/-journal companions
 * renamed alike, so a database can still be recovered from the set) and
 * FaxDesk starts afresh. Returns the new path of the main file.
 */
export function moveAside(file: string, at: Date = new Date()): string {
  let aside = `${file}.damaged-${asideStamp(at)}`;
  // two moves in the same millisecond (a test, a fast restart loop) must not overwrite each other
  for (let n = 2; fs.existsSync(aside); n += 1) aside = `${file}.damaged-${asideStamp(at)}-${n}`;
  fs.renameSync(file, aside);
  for (const suffix of COMPANIONS) {
    try {
      fs.renameSync(file + suffix, aside + suffix);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return aside;
}
