import type { Migration } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const m003: Migration = {
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
};
