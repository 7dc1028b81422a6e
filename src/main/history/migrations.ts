import type Database from 'better-sqlite3';
import { UserError } from '../errors';
import { latestVersion, runMigrations, type Migration } from '../storage/sqlite';
import { m001 } from './migrations/001-sends-tasks-recipients';
import { m002 } from './migrations/002-task-search';
import { m003 } from './migrations/003-profiles-fingerprints';
import { m004 } from './migrations/004-recipient-names';

export type { Migration } from '../storage/sqlite';

/**
 * The history schema, one step per released change, one file each in ./migrations/; never edit a
 * released step, add one. `PRAGMA user_version` is the applied version and
 * `schema_migrations` records when each step ran (for support, not for logic).
 */
export const MIGRATIONS: readonly Migration[] = [m001, m002, m003, m004];

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
