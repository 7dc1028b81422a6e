import { openSqlite, runMigrations, type Db } from '../storage/sqlite';

export type { Db } from '../storage/sqlite';

/**
 * Versioned migrations: entry i takes the database from user_version i to
 * i + 1. Append only; never edit a migration that has shipped.
 */
export const MIGRATIONS: ReadonlyArray<(db: Db) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE contacts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        fax TEXT NOT NULL UNIQUE,
        company TEXT,
        note TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX contacts_name ON contacts (name COLLATE NOCASE);
      CREATE TABLE groups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE group_members (
        group_id TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        contact_id TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, contact_id)
      ) WITHOUT ROWID;
      CREATE INDEX group_members_contact ON group_members (contact_id);
    `);
  },
];

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
