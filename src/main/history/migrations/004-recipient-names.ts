import type { Migration } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const m004: Migration = {
  version: 4,
  name: 'the phonebook name of each number, as it was when the task was created',
  up(db) {
    // Stored with the recipient, never looked up again: renaming a contact later does not rewrite the
    // history (the report of last month's fax names whom it went to then). Tasks from before this step,
    // and tasks only followed by reference, have no name (NULL).
    db.exec(`ALTER TABLE recipients ADD COLUMN contact_name TEXT;`);
  },
};
