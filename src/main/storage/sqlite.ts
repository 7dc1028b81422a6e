/**
 * FaxDesk's SQLite files (the task history, the phonebook) are opened and
 * upgraded one way: the version read before anything is written (a newer
 * FaxDesk's file is refused untouched), WAL, foreign keys, then the
 * migrations that the file lacks, each in its own transaction with its
 * version bump, so an interrupted upgrade resumes cleanly. What to do with a
 * file that cannot be opened is open-recovering.ts's job.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { readSqliteVersion } from './open-recovering';
import { PRIVATE_FILE_MODE } from './private-files';

export type Db = Database.Database;

/** One released schema change; never edit a released step, add one. */
export interface Migration {
  version: number;
  name: string;
  up(db: Db): void;
}

export interface MigrateOptions {
  /** the error for a file whose version is past the last step (written by a newer FaxDesk) */
  tooNew(found: number): Error;
  /** stop after this version (default: the last step) */
  target?: number;
  /** record when each step ran in schema_migrations (for support, not for logic) */
  journal?: boolean;
}

export const latestVersion = (migrations: readonly Migration[]): number => migrations[migrations.length - 1]?.version ?? 0;

/** Brings `db` up to the target version; returns the versions applied. */
export function runMigrations(db: Db, migrations: readonly Migration[], options: MigrateOptions): number[] {
  // checked before anything is written: a newer FaxDesk's file is left exactly as it is
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latestVersion(migrations)) throw options.tooNew(current);
  if (options.journal) {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at_ms INTEGER NOT NULL) STRICT`);
  }
  const target = options.target ?? latestVersion(migrations);
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      if (options.journal) db.prepare('INSERT INTO schema_migrations (version, name, applied_at_ms) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
      // user_version cannot be bound as a parameter; the value is our own integer.
      db.pragma(`user_version = ${Math.trunc(m.version)}`);
    })();
    applied.push(m.version);
  }
  return applied;
}

export interface OpenSqliteOptions {
  /** the version this FaxDesk reads up to, and the error for a newer file */
  latest: number;
  tooNew(found: number): Error;
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs: number;
  /** page cache in KiB, where the default is too small */
  cacheKiB?: number;
}

/**
 * Opens (creating if needed) a database file and hands it to `init` (which
 * migrates it and builds what uses it); the connection is closed if that
 * throws. A file that is not a database throws SQLITE_NOTADB.
 */
export function openSqlite<T>(file: string, options: OpenSqliteOptions, init: (db: Db) => T): T {
  const found = readSqliteVersion(file);
  if (found !== null && found > options.latest) throw options.tooNew(found);
  // A new database file is private to this user from its first byte (its -wal and -shm files take its mode).
  if (file !== ':memory:' && !fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous}`);
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs)}`);
    if (options.cacheKiB) db.pragma(`cache_size = -${Math.trunc(options.cacheKiB)}`);
    return init(db);
  } catch (e) {
    db.close();
    throw e;
  }
}
