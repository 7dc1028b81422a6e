import type Database from 'better-sqlite3';

export interface RecentUse {
  number: string;
  lastUsedAt: number;
}

/**
 * The latest distinct numbers sent to, newest first, read from the task
 * history, for the phonebook's "recent" list.
 * Walks tasks newest first through their indexes and stops as soon as it has
 * enough distinct numbers, so it stays fast over years of history.
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
