import type { Migration } from '../../storage/sqlite';

/** Released: never edit; a change to the schema is a new file. */
export const m002: Migration = {
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
};
