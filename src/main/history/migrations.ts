import type Database from 'better-sqlite3';
import { UserError } from '../errors';
import { latestVersion, runMigrations, type Migration } from '../storage/sqlite';

export type { Migration } from '../storage/sqlite';

/**
 * The history schema, one step per released change; never edit a released
 * step, add one. `PRAGMA user_version` is the applied version and
 * `schema_migrations` records when each step ran (for support, not for logic).
 */
export const MIGRATIONS: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    name: 'text search over task names and numbers',
    up(db) {
      // Trigram FTS answers "contains" searches (part of a name, the middle
      // of a number) from an index instead of scanning 200,000 recipients.
      db.exec(`
        CREATE VIRTUAL TABLE task_search USING fts5(name, numbers, tokenize = 'trigram');
        INSERT INTO task_search (rowid, name, numbers)
          SELECT t.id, t.name, coalesce((SELECT group_concat(r.phone_number, ' ') FROM recipients r WHERE r.task_id = t.id), '')
          FROM tasks t;
      `);
    },
  },
  {
    version: 3,
    name: 'profiles (demo apart from each account), send fingerprints for repeat detection',
    up(db) {
      // profile: 'demo', or the account key (service origin + API key, hashed);
      // '' for rows written before profiles existed, claimed when the history opens.
      // fingerprint: the documents' contents + the numbers, so "the same fax
      // again" is found from the history, across restarts.
      db.exec(`
        ALTER TABLE sends ADD COLUMN profile TEXT NOT NULL DEFAULT '';
        ALTER TABLE sends ADD COLUMN fingerprint TEXT;
        ALTER TABLE tasks ADD COLUMN profile TEXT NOT NULL DEFAULT '';
        CREATE INDEX tasks_by_profile ON tasks (profile, created_at_ms DESC, id DESC);
        CREATE INDEX tasks_by_resend_of ON tasks (resend_of) WHERE resend_of IS NOT NULL;
        CREATE INDEX sends_by_fingerprint ON sends (profile, fingerprint, created_at_ms) WHERE fingerprint IS NOT NULL;
      `);
    },
  },
];

export const LATEST_VERSION = latestVersion(MIGRATIONS);

export function tooNewError(found: number): UserError {
  return new UserError(
    'history.too_new',
    `The task history was written by a newer FaxDesk (format ${found}, this one reads up to ${LATEST_VERSION}). Update FaxDesk to open it.`,
  );
}

/**
 * Brings the database to `target` (default: latest), each step in its own
 * transaction with the version bump, so an interrupted upgrade resumes cleanly.
 * Returns the versions applied.
 */
export function migrate(db: Database.Database, target: number = LATEST_VERSION): number[] {
  return runMigrations(db, MIGRATIONS, { target, tooNew: tooNewError, journal: true });
}
