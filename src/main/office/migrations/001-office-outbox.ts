import type { OfficeMigration } from '../migrations';

/** Released: never edit; a change to the schema is a new file. */
export const m001: OfficeMigration = {
  version: 1,
  name: 'desks, tasks, recipients',
  async up(db) {
    await db.query(`
      CREATE TABLE faxdesk_desks (
        desk_id       text PRIMARY KEY,
        display_name  text NOT NULL,
        computer_name text NOT NULL,
        last_seen_at  timestamptz NOT NULL DEFAULT now()
      );

      -- One row per task a desk creates, written as an intent before the create
      -- call (task_ref NULL) and updated from the service's answers. intent_id
      -- is '<desk id>:<the desk's local task id>', so a replay or a re-sync is
      -- an upsert, never a second row.
      CREATE TABLE faxdesk_tasks (
        intent_id       text PRIMARY KEY,
        task_ref        text UNIQUE,
        desk_id         text NOT NULL REFERENCES faxdesk_desks (desk_id),
        sender_name     text NOT NULL,
        computer_name   text NOT NULL,
        kind            text NOT NULL CHECK (kind IN ('send', 'resend', 'auto_retry')),
        name            text NOT NULL DEFAULT '',
        create_state    text NOT NULL CHECK (create_state IN ('creating', 'created', 'outcome_unknown', 'failed')),
        status          text,
        resend_of       text,
        -- [{name, pages, size, sha256}]: never the documents themselves
        documents       jsonb NOT NULL DEFAULT '[]',
        -- documents + numbers, for the office-wide "same fax again?" question
        fingerprint     text,
        scheduled_at    text,
        created_at      text,
        created_at_ms   bigint NOT NULL,
        recipient_count integer NOT NULL DEFAULT 0,
        success_count   integer NOT NULL DEFAULT 0,
        failed_count    integer NOT NULL DEFAULT 0,
        pending_count   integer NOT NULL DEFAULT 0,
        canceled_count  integer NOT NULL DEFAULT 0,
        pages           integer NOT NULL DEFAULT 0,
        charges         numeric(14, 4) NOT NULL DEFAULT 0,
        error           text,
        updated_at      timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX faxdesk_tasks_by_created ON faxdesk_tasks (created_at_ms DESC, intent_id);
      CREATE INDEX faxdesk_tasks_by_desk ON faxdesk_tasks (desk_id, created_at_ms DESC);
      CREATE INDEX faxdesk_tasks_by_fingerprint ON faxdesk_tasks (fingerprint, created_at_ms DESC) WHERE fingerprint IS NOT NULL;

      CREATE TABLE faxdesk_recipients (
        intent_id      text NOT NULL REFERENCES faxdesk_tasks (intent_id) ON DELETE CASCADE,
        position       integer NOT NULL,
        phone_number   text NOT NULL,
        rcpt_ref       text,
        status         text,
        page_count     integer,
        charged_amount numeric(14, 4),
        failed_code    text,
        failed_reason  text,
        completed_at   text,
        PRIMARY KEY (intent_id, position)
      );
      CREATE INDEX faxdesk_recipients_failed ON faxdesk_recipients (intent_id) WHERE status = 'failed';
    `);
  },
};
