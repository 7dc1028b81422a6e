/**
 * Mirrors every task this desk creates into the office database (DESIGN.md
 * "Local first, office second"). The history's writes are wrapped: each one
 * marks the tasks it touched in the local queue (a synchronous SQLite write;
 * a send never waits for the office server), and a flush writes the marked
 * tasks' current state, oldest mark first, as idempotent upserts. When the
 * server is away the marks stay, the status says "offline since", and the
 * flush tries again with a growing pause until it is back; nothing is lost,
 * and a task written twice is still one row. Demo tasks are never written.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type pg from 'pg';
import type { OfficeFields, OfficeStatus } from '../../shared/office/types';

export type { OfficeStatus } from '../../shared/office/types';
import type { History } from '../history/history';
import type { SendIntent, TaskDetail } from '../history/types';
import type { Logger } from '../log';
import { UserError } from '../errors';
import { describeOfficeFailure, type OpenOffice } from './office-connection';
import { withOfficeClient } from './checkout';
import { OFFICE_CHANNEL, officeRecordOf, upsertOfficeTasks, type Desk, type OfficeTaskRecord } from './office-records';
import type { OfficeDocument, OutboxQueue } from './outbox-queue';


export interface OfficeMirrorDeps {
  queue: OutboxQueue;
  /** the history's read side (the unwrapped history) */
  history: Pick<History, 'getTaskById' | 'getTask'>;
  /** who this desk is now (settings may change the display name) */
  desk(): Omit<Desk, 'deskId'>;
  /** opens the pool and brings the schema up to date (office-connection.ts openOffice with the stored password) */
  connect(): Promise<OpenOffice>;
  /** the server, user and database, for the words of a failed write */
  server: Pick<OfficeFields, 'host' | 'port' | 'database' | 'user'>;
  now?: () => number;
  log?: Logger;
  onStatus?: (status: OfficeStatus) => void;
  /** the pause before trying an away server again, doubling up to max */
  retryMs?: { first: number; max: number };
  /** tasks per transaction */
  batch?: number;
  /** another desk (or this one) changed office tasks: LISTEN faxdesk_tasks, gathered over a short pause */
  onOfficeTasksChanged?: () => void;
}

export interface OfficeMirror {
  /** the history whose writes mark tasks for the office */
  wrap(history: History): History;
  /** what the history's writes call (wrap's, for a history wrapped once for mirrors that come and go) */
  readonly hooks: MarkingHooks;
  /** these tasks changed: write them to the office database soon */
  touched(taskIds: readonly number[]): void;
  /** writes everything marked; settles when the queue is empty or the server is away */
  flush(): Promise<void>;
  status(): OfficeStatus;
  /** the pool lost a connection it held (the server stopped or restarted): offline now, and try again */
  connectionLost(e: UserError): void;
  /** the open pool while online (for the office views' reads), else null */
  pool(): pg.Pool | null;
  stop(): Promise<void>;
}

export interface MarkingHooks {
  touched(taskIds: readonly number[]): void;
  /** a send's intent was recorded: its documents' names, pages and sizes, and its fingerprint */
  sendRecorded(sendId: number, intent: SendIntent): void;
}

/**
 * The history, with each write that changes a task this desk created telling
 * `hooks` which tasks it touched. Reads pass through. A hook that throws is
 * logged by the caller's hooks, never thrown into the send.
 */
export function markingHistory(history: History, hooks: MarkingHooks): History {
  const touched = (ids: readonly number[]) => {
    try {
      hooks.touched(ids);
    } catch {
      // the office's bookkeeping never fails a send
    }
  };
  return {
    ...history,
    recordSend(intent) {
      const r = history.recordSend(intent);
      try {
        hooks.sendRecorded(r.sendId, intent);
      } catch {
        // hashed from the files at the first write instead
      }
      touched(r.taskIds);
      return r;
    },
    recordCreated(taskId, created) {
      const r = history.recordCreated(taskId, created);
      touched([taskId]);
      return r;
    },
    markOutcomeUnknown(taskId, error) {
      history.markOutcomeUnknown(taskId, error);
      touched([taskId]);
    },
    markCreateFailed(taskId, error) {
      history.markCreateFailed(taskId, error);
      touched([taskId]);
    },
    recoverInterrupted() {
      const ids = history.recoverInterrupted();
      touched(ids);
      return ids;
    },
    applyTaskResponse(task) {
      const r = history.applyTaskResponse(task);
      touched([r.taskId]);
      return r;
    },
    applyTaskResponses(tasks) {
      const r = history.applyTaskResponses(tasks);
      touched(r.map((c) => c.taskId));
      return r;
    },
    linkResend(newTaskRef, originalTaskRef) {
      const r = history.linkResend(newTaskRef, originalTaskRef);
      const id = history.getTask(newTaskRef)?.id;
      if (id !== undefined) touched([id]);
      return r;
    },
  };
}

/** a send's documents as the office will see them (hashed at the first write) and its fingerprint, kept in the queue */
export function queueSendDocuments(queue: OutboxQueue, sendId: number, intent: SendIntent): void {
  queue.setSendDocuments(
    sendId,
    intent.files.map((f) => ({ name: f.name, pages: f.pages, size: f.size, sha256: null })),
    intent.fingerprint ?? null,
  );
}

async function sha256Of(file: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}

export function createOfficeMirror(deps: OfficeMirrorDeps): OfficeMirror {
  const now = deps.now ?? Date.now;
  const retry = deps.retryMs ?? { first: 2_000, max: 60_000 };
  const batchSize = deps.batch ?? 50;
  let office: OpenOffice | null = null;
  let status: OfficeStatus = { state: 'connecting', offlineSinceMs: null, pending: deps.queue.pendingCount(), error: null };
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let pause = retry.first;
  /** one of the pool's two connections, held for LISTEN while online */
  let listener: pg.PoolClient | null = null;
  let notifyTimer: NodeJS.Timeout | null = null;

  const dropListener = () => {
    const l = listener;
    listener = null;
    if (notifyTimer) clearTimeout(notifyTimer);
    notifyTimer = null;
    l?.release(true);
  };

  async function listen(open: OpenOffice): Promise<void> {
    if (listener || !deps.onOfficeTasksChanged) return;
    const client = await open.pool.connect();
    client.on('notification', (n) => {
      if (n.channel !== OFFICE_CHANNEL || notifyTimer) return;
      // a send of 100 tasks is one refresh, not 100
      notifyTimer = setTimeout(() => {
        notifyTimer = null;
        deps.onOfficeTasksChanged?.();
      }, 150);
    });
    client.on('error', (e) => mirror.connectionLost(describeOfficeFailure(e, deps.server)));
    try {
      await client.query(`LISTEN ${OFFICE_CHANNEL}`);
    } catch (e) {
      // never left checked out: the pool's end() (going offline, quitting) waits for every such connection
      client.release(true);
      throw e;
    }
    listener = client;
  }

  const setStatus = (next: Partial<OfficeStatus>) => {
    status = { ...status, ...next, pending: deps.queue.pendingCount() };
    deps.onStatus?.(status);
  };

  const goOffline = async (e: unknown) => {
    const err = e instanceof UserError ? e : new UserError('office.failed', 'The office database refused the request.');
    if (status.state !== 'offline') deps.log?.warn(`Office outbox offline: ${err.message}`);
    setStatus({ state: 'offline', offlineSinceMs: status.offlineSinceMs ?? now(), error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
    dropListener();
    const closing = office;
    office = null;
    await closing?.close();
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void mirror.flush();
    }, pause);
    retryTimer.unref?.();
    pause = Math.min(pause * 2, retry.max);
  };

  /** name, pages, size and SHA-256 of a send's documents, hashed once and kept in the queue file */
  async function documentsOf(detail: TaskDetail): Promise<{ documents: OfficeDocument[]; fingerprint: string | null }> {
    const send = detail.send;
    if (!send) return { documents: [], fingerprint: null };
    const known = deps.queue.sendDocuments(send.id);
    if (known && known.documents.every((d) => d.sha256 !== null)) return known;
    const documents: OfficeDocument[] = [];
    for (const [i, f] of send.files.entries()) {
      documents.push({ name: f.name, pages: f.pages, size: f.size, sha256: known?.documents[i]?.sha256 ?? (await sha256Of(f.path)) });
    }
    const fingerprint = known?.fingerprint ?? null;
    deps.queue.setSendDocuments(send.id, documents, fingerprint);
    return { documents, fingerprint };
  }

  async function drain(): Promise<void> {
    if (!office) {
      try {
        office = await deps.connect();
        await listen(office);
        deps.onOfficeTasksChanged?.();
      } catch (e) {
        await goOffline(e);
        return;
      }
    }
    if (office.mode === 'read-only') {
      // a newer FaxDesk's schema: never a write that could break it; the marks wait for an update
      setStatus({ state: 'read-only', offlineSinceMs: null, error: null });
      return;
    }
    const desk: Desk = { deskId: deps.queue.deskId, ...deps.desk() };
    for (;;) {
      const marks = deps.queue.next(batchSize);
      if (marks.length === 0) break;
      const records: OfficeTaskRecord[] = [];
      for (const m of marks) {
        const detail = deps.history.getTaskById(m.taskId);
        // a demo task, a task only followed by ref, or one gone from the history: nothing for the office
        if (!detail || detail.profile === 'demo' || detail.source !== 'sent') continue;
        const { documents, fingerprint } = await documentsOf(detail);
        records.push(officeRecordOf(detail, desk, deps.queue.epoch, documents, fingerprint));
      }
      try {
        await withOfficeClient(office.pool, (client) => upsertOfficeTasks(client, desk, records));
      } catch (e) {
        await goOffline(describeOfficeFailure(e, deps.server));
        return;
      }
      for (const m of marks) deps.queue.done(m.taskId, m.seq);
    }
    pause = retry.first;
    setStatus({ state: 'online', offlineSinceMs: null, error: null });
  }

  const mark = (taskIds: readonly number[]) => {
    try {
      deps.queue.mark(taskIds);
    } catch (e) {
      // the send itself must never fail for the office's sake
      deps.log?.error(`Office outbox: could not queue tasks ${taskIds.join(', ')}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    void mirror.flush();
  };

  const hooks: MarkingHooks = {
    touched: mark,
    sendRecorded: (sendId, intent) => queueSendDocuments(deps.queue, sendId, intent),
  };

  const mirror: OfficeMirror = {
    wrap(history) {
      return markingHistory(history, hooks);
    },
    hooks,
    touched: mark,
    flush() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      if (retryTimer) {
        clearTimeout(retryTimer);
        retryTimer = null;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await drain();
          } while (again && status.state === 'online');
        } catch (e) {
          deps.log?.error(`Office outbox: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    status: () => ({ ...status, pending: deps.queue.pendingCount() }),
    connectionLost(e) {
      if (stopped || running) return; // a write in progress finds out by itself
      void goOffline(e);
    },
    pool: () => (status.state === 'online' || status.state === 'read-only' ? (office?.pool ?? null) : null),
    async stop() {
      stopped = true;
      dropListener();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await running;
      await office?.close();
      office = null;
    },
  };
  return mirror;
}
