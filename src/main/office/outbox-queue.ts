/**
 * The desk's side of the office outbox, in a local SQLite file beside the
 * task history: which tasks the office database has not seen yet, in order.
 * A mark is a synchronous local write, so a send never waits for the office
 * server; the mirror reads the task's current state from the history when it
 * writes, so replaying after a day offline writes each task once, as it is now.
 */
import { randomUUID } from 'node:crypto';
import { UserError } from '../errors';
import { latestVersion, openSqlite, runMigrations, type Db, type Migration } from '../storage/sqlite';
import { q001 } from './queue-migrations/001-queue';

const MIGRATIONS: readonly Migration[] = [q001];
const LATEST = latestVersion(MIGRATIONS);

export interface OfficeDocument {
  name: string;
  pages: number | null;
  size: number;
  /** null when the local file was gone before it could be hashed */
  sha256: string | null;
}

export interface OutboxQueue {
  readonly deskId: string;
  /** these tasks changed: the office database must see their state (idempotent) */
  mark(taskIds: readonly number[]): void;
  /** the oldest marks first */
  next(limit: number): { taskId: number; seq: number }[];
  /** the task was written as of `seq`; a later mark stays */
  done(taskId: number, seq: number): void;
  pendingCount(): number;
  sendDocuments(sendId: number): { documents: OfficeDocument[]; fingerprint: string | null } | null;
  setSendDocuments(sendId: number, documents: OfficeDocument[], fingerprint: string | null): void;
  close(): void;
}

function tooNew(found: number): UserError {
  return new UserError(
    'office.queue_too_new',
    `The office outbox queue was written by a newer FaxDesk (format ${found}, this one reads up to ${LATEST}). Update FaxDesk to open it.`,
  );
}

export function openOutboxQueue(file: string): OutboxQueue {
  return openSqlite(file, { latest: LATEST, tooNew, synchronous: 'FULL', busyTimeoutMs: 2_000 }, (db: Db) => {
    runMigrations(db, MIGRATIONS, { tooNew });
    db.prepare('INSERT OR IGNORE INTO desk (id, desk_id) VALUES (1, ?)').run(randomUUID());
    const deskId = (db.prepare('SELECT desk_id FROM desk WHERE id = 1').get() as { desk_id: string }).desk_id;
    const s = {
      mark: db.prepare(
        `INSERT INTO pending (task_id, seq) VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM pending))
         ON CONFLICT (task_id) DO UPDATE SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM pending)`,
      ),
      next: db.prepare('SELECT task_id AS taskId, seq FROM pending ORDER BY seq LIMIT ?'),
      done: db.prepare('DELETE FROM pending WHERE task_id = ? AND seq = ?'),
      count: db.prepare('SELECT count(*) AS n FROM pending'),
      docs: db.prepare('SELECT documents, fingerprint FROM send_documents WHERE send_id = ?'),
      setDocs: db.prepare('INSERT OR REPLACE INTO send_documents (send_id, documents, fingerprint) VALUES (?, ?, ?)'),
    };
    const markAll = db.transaction((ids: readonly number[]) => {
      for (const id of ids) s.mark.run(id);
    });
    return {
      deskId,
      mark(taskIds) {
        if (taskIds.length) markAll(taskIds);
      },
      next(limit) {
        return s.next.all(limit) as { taskId: number; seq: number }[];
      },
      done(taskId, seq) {
        s.done.run(taskId, seq);
      },
      pendingCount() {
        return (s.count.get() as { n: number }).n;
      },
      sendDocuments(sendId) {
        const r = s.docs.get(sendId) as { documents: string; fingerprint: string | null } | undefined;
        return r ? { documents: JSON.parse(r.documents) as OfficeDocument[], fingerprint: r.fingerprint } : null;
      },
      setSendDocuments(sendId, documents, fingerprint) {
        s.setDocs.run(sendId, JSON.stringify(documents), fingerprint);
      },
      close() {
        db.close();
      },
    };
  });
}
