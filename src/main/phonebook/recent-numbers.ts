import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Logger } from '../log';

export interface RecentUse {
  number: string;
  lastUsedAt: number;
}

/**
 * The latest distinct numbers sent to, newest first, read from the task
 * history (helper-owned schema: tasks.created_at_ms, recipients.phone_number).
 * Walks tasks newest first through their indexes and stops as soon as it has
 * enough distinct numbers, so it stays fast over years of history. Read-only.
 */
export function queryRecentNumbers(db: Database.Database, limit: number, profile: string | null = null): RecentUse[] {
  const out: RecentUse[] = [];
  const seen = new Set<string>();
  // Only tasks the service created (a refused or unanswered create sent nothing), of the profile in use
  // (a demo number is not a customer's).
  const rows = db
    .prepare<[string | null, string | null], { number: string; at: number }>(
      `SELECT r.phone_number AS number, t.created_at_ms AS at
       FROM tasks t JOIN recipients r ON r.task_id = t.id
       WHERE t.create_state = 'created' AND (? IS NULL OR t.profile = ?)
       ORDER BY t.created_at_ms DESC, t.id DESC, r.position`,
    )
    .iterate(profile, profile);
  for (const row of rows) {
    if (seen.has(row.number)) continue;
    seen.add(row.number);
    out.push({ number: row.number, lastUsedAt: row.at });
    if (out.length >= limit) {
      // Leaving the loop early closes the statement's iterator.
      break;
    }
  }
  return out;
}

export interface HistoryReader {
  /** the read-only connection, or null while there is no history file yet */
  db(): Database.Database | null;
  close(): void;
}

/**
 * A read-only connection of our own to the history file, opened on first use
 * (the history creates the file; until then there are no recent numbers).
 * Read-only: the phonebook can never change or lock the history.
 */
export function openHistoryReader(file: string, log: Logger): HistoryReader {
  let db: Database.Database | null = null;
  return {
    db() {
      if (db?.open) return db;
      if (!fs.existsSync(file)) return null;
      try {
        db = new Database(file, { readonly: true, fileMustExist: true });
        db.pragma('busy_timeout = 2000');
        return db;
      } catch (e) {
        log.warn('recent numbers: the task history could not be opened', e);
        return null;
      }
    },
    close() {
      if (db?.open) db.close();
      db = null;
    },
  };
}
