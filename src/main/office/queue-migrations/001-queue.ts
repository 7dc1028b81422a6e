import type { Migration } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const q001: Migration = {
  version: 1,
  name: 'office outbox queue',
  up(db) {
    db.exec(`
      -- who this desk is in the office database (one row)
      CREATE TABLE desk (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        desk_id TEXT NOT NULL
      ) STRICT;

      -- local tasks whose state the office database has not seen yet, in the
      -- order they changed: a task changed twice while offline is written once,
      -- with its latest state, at the place of its latest change
      CREATE TABLE pending (
        task_id INTEGER PRIMARY KEY,
        seq     INTEGER NOT NULL UNIQUE
      ) STRICT;

      -- what a send's documents were (name, pages, size, SHA-256), hashed once,
      -- and its fingerprint (documents + numbers)
      CREATE TABLE send_documents (
        send_id     INTEGER PRIMARY KEY,
        documents   TEXT NOT NULL,
        fingerprint TEXT
      ) STRICT;
    `);
  },
};
