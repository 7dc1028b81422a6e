import type { Migration } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const m001: Migration = {
  version: 1,
  name: 'sends, tasks, recipients',
  up(db) {
    db.exec(`
      CREATE TABLE sends (
        id            INTEGER PRIMARY KEY,
        created_at_ms INTEGER NOT NULL,
        name          TEXT NOT NULL,
        files         TEXT NOT NULL DEFAULT '[]',  -- JSON SendFile[]: local path, file_ref, size, pages
        scheduled_at  TEXT,
        outcome       TEXT NOT NULL DEFAULT 'pending'
                      CHECK (outcome IN ('pending', 'created', 'partial', 'outcome_unknown', 'failed')),
        error         TEXT,
        resend_of     TEXT
      ) STRICT;

      -- A task exists locally before the service has answered (task_ref NULL), so
      -- that a crash between request and answer leaves a trace, never a lost fax.
      CREATE TABLE tasks (
        id                 INTEGER PRIMARY KEY,
        task_ref           TEXT UNIQUE,
        send_id            INTEGER REFERENCES sends(id) ON DELETE CASCADE,
        part_index         INTEGER NOT NULL DEFAULT 0,
        source             TEXT NOT NULL CHECK (source IN ('sent', 'added_by_ref')),
        create_state       TEXT NOT NULL CHECK (create_state IN ('creating', 'created', 'outcome_unknown', 'failed')),
        name               TEXT NOT NULL DEFAULT '',
        status             TEXT,
        view_status        TEXT GENERATED ALWAYS AS (
                             CASE WHEN create_state = 'created' THEN coalesce(status, 'unchecked')
                                  WHEN create_state = 'failed' THEN 'create_failed'
                                  ELSE create_state END) VIRTUAL,
        scheduled_at       TEXT,
        scheduled_at_ms    INTEGER,
        created_at         TEXT,
        created_at_ms      INTEGER NOT NULL,
        last_checked_at_ms INTEGER,
        recipient_count    INTEGER NOT NULL DEFAULT 0,
        success_count      INTEGER NOT NULL DEFAULT 0,
        failed_count       INTEGER NOT NULL DEFAULT 0,
        pending_count      INTEGER NOT NULL DEFAULT 0,
        canceled_count     INTEGER NOT NULL DEFAULT 0,
        pages              INTEGER NOT NULL DEFAULT 0,
        charges            REAL NOT NULL DEFAULT 0,
        resend_of          TEXT,
        error              TEXT
      ) STRICT;
      CREATE INDEX tasks_by_created ON tasks (created_at_ms DESC, id DESC);
      CREATE INDEX tasks_by_status ON tasks (view_status, created_at_ms DESC, id DESC);
      CREATE INDEX tasks_by_send ON tasks (send_id);
      -- Only the few unfinished tasks are polled: keep them in a small index.
      CREATE INDEX tasks_active ON tasks (id)
        WHERE task_ref IS NOT NULL AND create_state = 'created' AND (status IS NULL OR status NOT IN ('done', 'failed'));

      CREATE TABLE recipients (
        id             INTEGER PRIMARY KEY,
        task_id        INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        position       INTEGER NOT NULL,
        rcpt_ref       TEXT UNIQUE,
        phone_number   TEXT NOT NULL,
        status         TEXT,
        unit_price     REAL,
        page_count     INTEGER,
        charged_amount REAL,
        failed_code    TEXT,
        failed_reason  TEXT,
        completed_at   TEXT,
        completed_at_ms INTEGER,
        created_at     TEXT,
        -- completed_at_ms, or when we first saw the final state if the service gave no time
        finished_at_ms INTEGER
      ) STRICT;
      CREATE INDEX recipients_by_task ON recipients (task_id, position);
      CREATE INDEX recipients_failed ON recipients (finished_at_ms) WHERE status = 'failed';
    `);
  },
};
