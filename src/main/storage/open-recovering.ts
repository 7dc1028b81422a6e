import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { StartupNotice } from '../../shared/app/startup-notice';
import { moveAside } from './move-aside';

export type FileNotice = Omit<StartupNotice, 'file'>;

export interface Recovered<T> {
  value: T;
  /** the file in use; ':memory:' when none could be opened */
  file: string;
  notice: FileNotice | null;
}

export interface RecoveringOptions {
  /** the error says the file was written by a newer FaxDesk */
  isNewer(e: unknown): boolean;
  /** where this version keeps its data while a newer file is left alone */
  newerFallback: string;
}

/** SQLite's own verdict that the bytes are not (or no longer) a usable database. */
export function isDamagedDatabase(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'));
}

/**
 * The schema version of an existing SQLite file (null when there is none),
 * read through a read-only connection: a writable one would, on closing,
 * checkpoint and delete the -wal of a file we must not change (a newer
 * FaxDesk's) or cannot read (a damaged one, whose WAL must be kept with it).
 * Throws SQLITE_NOTADB / SQLITE_CORRUPT for a damaged file.
 */
export function readSqliteVersion(file: string): number | null {
  if (file === ':memory:' || !fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // reading the schema makes SQLite look past the header
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 300);

/**
 * Opens one of FaxDesk's SQLite files so that start-up never dies on it:
 * - damaged: the file (with its -wal/-shm) is moved aside and a fresh one opened;
 * - written by a newer FaxDesk: left untouched, this run uses `newerFallback`;
 * - anything else (permissions, a full or failing disk): this run keeps the data in memory.
 * Each case comes back with a notice for the user saying what was kept where.
 */
export function openRecovering<T>(file: string, open: (file: string) => T, options: RecoveringOptions): Recovered<T> {
  const inMemory = (keptAt: string, e: unknown): Recovered<T> => ({
    value: open(':memory:'),
    file: ':memory:',
    notice: { problem: 'unavailable', keptAt, usingInstead: null, reason: reasonOf(e) },
  });

  /** opens `f`, replacing it when damaged; returns the notice of a replacement */
  const openOrReplace = (f: string): { value: T; moved: { keptAt: string; reason: string } | null } => {
    try {
      return { value: open(f), moved: null };
    } catch (e) {
      if (!isDamagedDatabase(e) || !fs.existsSync(f)) throw e;
      const keptAt = moveAside(f);
      return { value: open(f), moved: { keptAt, reason: reasonOf(e) } };
    }
  };

  try {
    const { value, moved } = openOrReplace(file);
    return { value, file, notice: moved ? { problem: 'damaged', keptAt: moved.keptAt, usingInstead: null, reason: moved.reason } : null };
  } catch (e) {
    if (!options.isNewer(e)) return inMemory(file, e);
    const newer: FileNotice = { problem: 'newer', keptAt: file, usingInstead: options.newerFallback, reason: reasonOf(e) };
    try {
      return { value: openOrReplace(options.newerFallback).value, file: options.newerFallback, notice: newer };
    } catch (e2) {
      return { ...inMemory(file, e2), notice: { ...newer, usingInstead: null } };
    }
  }
}
