import { openSqlite, runMigrations, type Db } from '../storage/sqlite';

import { m001 } from './migrations/001-contacts-groups';

export type { Db } from '../storage/sqlite';

/**
 * Versioned migrations, one file each in ./migrations/: entry i takes the database from
 * user_version i to i + 1. Append only; never edit a migration that has shipped.
 */
export const MIGRATIONS: ReadonlyArray<(db: Db) => void> = [m001];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The file was written by a newer FaxDesk: opening it would risk its data. */
export class NewerSchemaError extends Error {
  constructor(readonly found: number) {
    super(`phonebook schema ${found} is newer than this FaxDesk understands (${SCHEMA_VERSION})`);
    this.name = 'NewerSchemaError';
  }
}

/** Brings a database up to the last of `migrations` (step i takes version i to i + 1), each step in its own transaction. */
export function migrate(db: Db, migrations: ReadonlyArray<(db: Db) => void> = MIGRATIONS): number {
  const steps = migrations.map((up, i) => ({ version: i + 1, name: `phonebook ${i + 1}`, up }));
  runMigrations(db, steps, { tooNew: (found) => new NewerSchemaError(found) });
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Opens (creating if needed) the phonebook database. The version is read
 * before anything is written, so a file from a newer FaxDesk is refused
 * untouched (NewerSchemaError); a file that is not a database throws
 * SQLITE_NOTADB. What to do then is ../storage/open-recovering's job.
 */
export function openPhonebookDb(file: string): Db {
  return openSqlite(
    file,
    { latest: SCHEMA_VERSION, tooNew: (found) => new NewerSchemaError(found), synchronous: 'NORMAL', busyTimeoutMs: 2000 },
    (db) => {
      migrate(db);
      return db;
    },
  );
}
