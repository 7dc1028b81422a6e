import fs from 'node:fs';
import Database from 'better-sqlite3';

export type Db = Database.Database;

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

/** Brings a database up to SCHEMA_VERSION, each step in its own transaction. */
export function migrate(db: Db, migrations: ReadonlyArray<(db: Db) => void> = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) throw new NewerSchemaError(current);
  for (let v = current; v < migrations.length; v += 1) {
    const step = migrations[v];
    if (!step) break;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

export interface OpenedDb {
  db: Db;
  /** set when an unreadable file was moved aside and a new one started */
  movedAside: string | null;
}

function openAndMigrate(file: string): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 2000');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function isNotADatabase(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
}

/**
 * Opens (creating if needed) the phonebook database. A file that is not a
 * database is moved aside rather than deleted, so nothing is lost for good;
 * a file from a newer FaxDesk is refused, never downgraded.
 */
export function openPhonebookDb(file: string): OpenedDb {
  if (file === ':memory:') return { db: openAndMigrate(file), movedAside: null };
  try {
    return { db: openAndMigrate(file), movedAside: null };
  } catch (e) {
    if (!isNotADatabase(e)) throw e;
    const aside = `${file}.unreadable-${Date.now()}`;
    fs.renameSync(file, aside);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    return { db: openAndMigrate(file), movedAside: aside };
  }
}
