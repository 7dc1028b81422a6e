/**
 * The desk's side of the office outbox, in a local SQLite file beside the
 * task history: which tasks the office database has not seen yet, in order.
 * A mark is a synchronous local write, so a send never waits for the office
 * server; the mirror reads the task's current state from the history when it
 * writes, so replaying after a day offline writes each task once, as it is now.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { UserError } from '../errors';
import { latestVersion, openSqlite, runMigrations, type Db, type Migration } from '../storage/sqlite';
import { q001 } from './queue-migrations/001-queue';
import { q002 } from './queue-migrations/002-history-epochs';

const MIGRATIONS: readonly Migration[] = [q001, q002];
const LATEST = latestVersion(MIGRATIONS);

export interface OfficeDocument {
  name: string;
  pages: number | null;
  size: number;
  /** null when the local file was gone before it could be hashed */
  sha256: string | null;
}

/** The local history the marks are about (services.ts: the file openRecovering opened). */
export interface HistoryInUse {
  /** its file name in the data folder; ':memory:' for a history kept in memory only */
  name: string;
  /** a damaged file was set aside at this start and this one started afresh: its task ids begin again */
  fresh: boolean;
}

export const DEFAULT_HISTORY: HistoryInUse = { name: 'history.sqlite', fresh: false };

export interface OutboxQueue {
  readonly deskId: string;
  /**
   * The history's epoch: '' for the history the office outbox started with, else random, given when a
   * history is started afresh (or kept in memory only). Marks and documents are the epoch's own.
   */
  readonly epoch: string;
  /** marks left by a history that was set aside at this start (their task ids are another history's): dropped */
  readonly droppedMarks: number;
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

/** 48 random bits: unique among one desk's histories */
const newEpoch = () => randomBytes(6).toString('hex');

/**
 * The epoch of the history in use: the one recorded for its file, or a new one for a history started
 * afresh (the set-aside history's marks and documents are dropped: its task ids now name other tasks)
 * or kept in memory only (its ids begin again at every start; not recorded).
 */
function bindHistory(db: Db, history: HistoryInUse): { epoch: string; dropped: number } {
  if (history.name === ':memory:') return { epoch: newEpoch(), dropped: 0 };
  return db.transaction(() => {
    const known = db.prepare('SELECT epoch FROM histories WHERE name = ?').get(history.name) as { epoch: string } | undefined;
    if (known && !history.fresh) return { epoch: known.epoch, dropped: 0 };
    let dropped = 0;
    if (known) {
      dropped = db.prepare('DELETE FROM pending WHERE epoch = ?').run(known.epoch).changes;
      db.prepare('DELETE FROM send_documents WHERE epoch = ?').run(known.epoch);
    }
    const epoch = newEpoch();
    db.prepare('INSERT INTO histories (name, epoch) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET epoch = excluded.epoch').run(history.name, epoch);
    return { epoch, dropped };
  })();
}

export function openOutboxQueue(file: string, history: HistoryInUse = DEFAULT_HISTORY): OutboxQueue {
  return openSqlite(file, { latest: LATEST, tooNew, synchronous: 'FULL', busyTimeoutMs: 2_000 }, (db: Db) => {
    runMigrations(db, MIGRATIONS, { tooNew });
    db.prepare('INSERT OR IGNORE INTO desk (id, desk_id) VALUES (1, ?)').run(randomUUID());
    const deskId = (db.prepare('SELECT desk_id FROM desk WHERE id = 1').get() as { desk_id: string }).desk_id;
    const { epoch, dropped } = bindHistory(db, history);
    const s = {
      mark: db.prepare(
        `INSERT INTO pending (epoch, task_id, seq) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM pending))
         ON CONFLICT (epoch, task_id) DO UPDATE SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM pending)`,
      ),
      next: db.prepare('SELECT task_id AS taskId, seq FROM pending WHERE epoch = ? ORDER BY seq LIMIT ?'),
      done: db.prepare('DELETE FROM pending WHERE epoch = ? AND task_id = ? AND seq = ?'),
      count: db.prepare('SELECT count(*) AS n FROM pending WHERE epoch = ?'),
      docs: db.prepare('SELECT documents, fingerprint FROM send_documents WHERE epoch = ? AND send_id = ?'),
      setDocs: db.prepare('INSERT OR REPLACE INTO send_documents (epoch, send_id, documents, fingerprint) VALUES (?, ?, ?, ?)'),
    };
    const markAll = db.transaction((ids: readonly number[]) => {
      for (const id of ids) s.mark.run(epoch, id);
    });
    return {
      deskId,
      epoch,
      droppedMarks: dropped,
      mark(taskIds) {
        if (taskIds.length) markAll(taskIds);
      },
      next(limit) {
        return s.next.all(epoch, limit) as { taskId: number; seq: number }[];
      },
      done(taskId, seq) {
        s.done.run(epoch, taskId, seq);
      },
      pendingCount() {
        return (s.count.get(epoch) as { n: number }).n;
      },
      sendDocuments(sendId) {
        const r = s.docs.get(epoch, sendId) as { documents: string; fingerprint: string | null } | undefined;
        return r ? { documents: JSON.parse(r.documents) as OfficeDocument[], fingerprint: r.fingerprint } : null;
      },
      setSendDocuments(sendId, documents, fingerprint) {
        s.setDocs.run(epoch, sendId, JSON.stringify(documents), fingerprint);
      },
      close() {
        db.close();
      },
    };
  });
}
