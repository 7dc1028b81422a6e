import type { OfficeMigration } from '../migrations';

/** Released: never edit; a change to the schema is a new file. (003 is left to the office views.) */
export const m004: OfficeMigration = {
  version: 4,
  name: 'poll leases (one desk follows each unfinished task)',
  async up(db) {
    // One row per task a desk has asked the service about. A desk polls a task
    // only after claiming it here in one statement (INSERT ... ON CONFLICT DO
    // UPDATE ... WHERE the lease is its own or has expired, and the spec's
    // interval has passed since the last ask by any desk). Times are the
    // desks' clocks in ms, so tests can drive them. The last answer is kept, so
    // the desk that sent the task learns what another desk found.
    await db.query(`
      CREATE TABLE faxdesk_poll_leases (
        task_ref         text PRIMARY KEY,
        owner_desk_id    text NOT NULL,
        status           text,
        holder_desk_id   text,
        lease_expires_ms bigint NOT NULL DEFAULT 0,
        polled_at_ms     bigint NOT NULL DEFAULT 0,
        response         jsonb,
        response_seq     bigint,
        answered_by      text
      );
      CREATE SEQUENCE faxdesk_poll_response_seq OWNED BY faxdesk_poll_leases.response_seq;
      CREATE INDEX faxdesk_poll_leases_open ON faxdesk_poll_leases (lease_expires_ms) WHERE status IS NULL OR status NOT IN ('done', 'failed');
      CREATE INDEX faxdesk_poll_leases_news ON faxdesk_poll_leases (owner_desk_id, response_seq);
      CREATE INDEX faxdesk_tasks_open ON faxdesk_tasks (created_at_ms) WHERE task_ref IS NOT NULL AND (status IS NULL OR status NOT IN ('done', 'failed'));
    `);
  },
};
