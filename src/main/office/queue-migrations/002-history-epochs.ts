import type { Migration } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const q002: Migration = {
  version: 2,
  name: 'history epochs (task ids of a history set aside and started afresh are not the old ones)',
  up(db) {
    // A task's office key was '<desk id>:<local task id>'. A history that is set aside (a damaged
    // file moved away and a fresh one started) restarts the local ids, so its new tasks took the old
    // rows' keys. Each history file now has an epoch: '' for the history the office outbox started
    // with (its rows keep their keys: nothing written is doubled), a random one for a history started
    // afresh; the key is '<desk id>:<epoch>:<task id>' when the epoch is not ''. Marks and documents
    // belong to their epoch, so the old history's send 3 is never read as the new one's.
    db.exec(`
      CREATE TABLE histories (
        name  TEXT PRIMARY KEY,
        epoch TEXT NOT NULL UNIQUE
      ) STRICT;
      INSERT INTO histories (name, epoch) VALUES ('history.sqlite', '');

      CREATE TABLE pending_by_epoch (
        epoch   TEXT NOT NULL,
        task_id INTEGER NOT NULL,
        seq     INTEGER NOT NULL UNIQUE,
        PRIMARY KEY (epoch, task_id)
      ) STRICT;
      INSERT INTO pending_by_epoch (epoch, task_id, seq) SELECT '', task_id, seq FROM pending;
      DROP TABLE pending;
      ALTER TABLE pending_by_epoch RENAME TO pending;

      CREATE TABLE send_documents_by_epoch (
        epoch       TEXT NOT NULL,
        send_id     INTEGER NOT NULL,
        documents   TEXT NOT NULL,
        fingerprint TEXT,
        PRIMARY KEY (epoch, send_id)
      ) STRICT;
      INSERT INTO send_documents_by_epoch (epoch, send_id, documents, fingerprint) SELECT '', send_id, documents, fingerprint FROM send_documents;
      DROP TABLE send_documents;
      ALTER TABLE send_documents_by_epoch RENAME TO send_documents;
    `);
  },
};
