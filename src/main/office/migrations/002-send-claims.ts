import type { OfficeMigration } from '../migrations';

/** Released: never edit; a change to the schema is a new file. */
export const m002: OfficeMigration = {
  version: 2,
  name: 'send claims (the office-wide "same fax again?" guard)',
  async up(db) {
    // A desk about to send records the fax's fingerprint here, under an advisory
    // lock on it, in the same transaction that looks for another desk's send of
    // it: two desks pressing Send on the same fax at once cannot both pass.
    await db.query(`
      CREATE TABLE faxdesk_send_claims (
        fingerprint   text NOT NULL,
        desk_id       text NOT NULL,
        sender_name   text NOT NULL,
        computer_name text NOT NULL,
        name          text NOT NULL DEFAULT '',
        claimed_at_ms bigint NOT NULL
      );
      CREATE INDEX faxdesk_send_claims_by_fingerprint ON faxdesk_send_claims (fingerprint, claimed_at_ms DESC);
    `);
  },
};
