import type { Db } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const m001 = (db: Db): void => {
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
};
