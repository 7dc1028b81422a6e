/**
 * The office database's schema, one step per released change, one file each
 * in ./migrations/, run the way the SQLite stores run theirs
 * (src/main/storage/sqlite.ts): the version read before anything is written
 * (a newer FaxDesk's schema is left untouched), then each missing step in its
 * own transaction with its version row. Several desks may start at once, so
 * the whole upgrade holds an advisory lock: the second desk waits, then finds
 * nothing left to do.
 */
import type { ClientBase } from 'pg';
import { m001 } from './migrations/001-office-outbox';
import { m002 } from './migrations/002-send-claims';
import { m004 } from './migrations/004-poll-leases';

/** One released schema change; never edit a released step, add one. */
export interface OfficeMigration {
  version: number;
  name: string;
  up(db: ClientBase): Promise<void>;
}

export const OFFICE_MIGRATIONS: readonly OfficeMigration[] = [m001, m002, m004];
export const OFFICE_SCHEMA_VERSION = OFFICE_MIGRATIONS[OFFICE_MIGRATIONS.length - 1]?.version ?? 0;

/** The table whose highest version is the schema's; also the journal of who upgraded it when. */
export const VERSION_TABLE = 'faxdesk_schema_migrations';
/** pg_advisory_lock key for upgrades: 'FAXD' */
const MIGRATION_LOCK = 0x46415844;

/** The schema's version, or 0 when FaxDesk never ran on this database. Writes nothing. */
export async function readOfficeVersion(db: ClientBase): Promise<number> {
  const exists = await db.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [VERSION_TABLE]);
  if (!exists.rows[0]?.present) return 0;
  const r = await db.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${VERSION_TABLE}`);
  return r.rows[0]?.v ?? 0;
}

export interface OfficeMigrateOptions {
  /** the error for a schema past the last step (a newer FaxDesk's) */
  tooNew(found: number): Error;
  /** stop after this version (default: the last step) */
  target?: number;
  /** who ran the step, for the administrator (the desk's computer name) */
  appliedBy: string;
  migrations?: readonly OfficeMigration[];
}

/** Brings the office database up to the target version; returns the versions applied. */
export async function runOfficeMigrations(db: ClientBase, options: OfficeMigrateOptions): Promise<number[]> {
  const migrations = options.migrations ?? OFFICE_MIGRATIONS;
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  // checked before anything is written (the lock included): a newer FaxDesk's schema is left as it is
  const before = await readOfficeVersion(db);
  if (before > latest) throw options.tooNew(before);
  const target = options.target ?? latest;
  if (before >= target) {
    // up to date unless a step below the highest is missing (a 003 released beside a 004 already run)
    const journal = await db.query<{ version: number }>(`SELECT version FROM ${VERSION_TABLE}`);
    const have = new Set(journal.rows.map((r) => Number(r.version)));
    if (migrations.every((m) => m.version > target || have.has(m.version))) return [];
  }
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await db.query(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), applied_by text NOT NULL)`);
    // another desk may have upgraded while this one waited for the lock
    const current = await readOfficeVersion(db);
    if (current > latest) throw options.tooNew(current);
    // each step not yet in the journal, not only those past the highest: a database upgraded by a
    // branch's 004 still gets a 003 released beside it
    const journal = await db.query<{ version: number }>(`SELECT version FROM ${VERSION_TABLE}`);
    const done = new Set(journal.rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version) || m.version > target) continue;
      await db.query('BEGIN');
      try {
        await m.up(db);
        await db.query(`INSERT INTO ${VERSION_TABLE} (version, name, applied_by) VALUES ($1, $2, $3)`, [m.version, m.name, options.appliedBy]);
        await db.query('COMMIT');
      } catch (e) {
        await db.query('ROLLBACK').catch(() => {});
        throw e;
      }
      applied.push(m.version);
    }
    return applied;
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
  }
}
