/**
 * Mirrors every task this desk creates into the office database (DESIGN.md
 * "Local first, office second"). The history's writes are wrapped: each one
 * marks the tasks it touched in the local queue (a synchronous SQLite write;
 * a send never waits for the office server), and a flush writes the marked
 * tasks' current state, oldest mark first, as idempotent upserts. When the
 * server is away the marks stay, the status says "offline since", and the
 * flush tries again with a growing pause until it is back; nothing is lost,
 * and a task written twice is still one row. Demo tasks are never written.
 *
 * Its parts share one MirrorState (office-mirror-state.ts, with the connection's ups and downs); a
 * drain is office-mirror-drain.ts; the history's marking wrapper is marking-history.ts.
 */
import type pg from 'pg';
import type { OfficeStatus } from '../../shared/office/types';
import type { History } from '../history/history';
import type { UserError } from '../errors';
import { markingHistory, queueSendDocuments, type MarkingHooks } from './marking-history';
import { drain } from './office-mirror-drain';
import { dropListener, goOffline, type MirrorState, type OfficeMirrorDeps } from './office-mirror-state';

export type { OfficeStatus } from '../../shared/office/types';
export { markingHistory, queueSendDocuments, type MarkingHooks } from './marking-history';
export type { OfficeMirrorDeps } from './office-mirror-state';

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

/** one flush at a time: a flush asked for while one runs makes it go round again (while online) */
function flush(s: MirrorState): Promise<void> {
  if (s.stopped) return Promise.resolve();
  if (s.running) {
    s.again = true;
    return s.running;
  }
  if (s.retryTimer) {
    clearTimeout(s.retryTimer);
    s.retryTimer = null;
  }
  s.running = (async () => {
    try {
      do {
        s.again = false;
        await drain(s);
      } while (s.again && s.status.state === 'online');
    } catch (e) {
      s.deps.log?.error(`Office outbox: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      s.running = null;
    }
  })();
  return s.running;
}

function connectionLost(s: MirrorState, e: UserError): void {
  if (s.stopped || s.running) return; // a write in progress finds out by itself
  void goOffline(s, e);
}

function createMirrorState(deps: OfficeMirrorDeps): MirrorState {
  const retry = deps.retryMs ?? { first: 2_000, max: 60_000 };
  const s: MirrorState = {
    deps,
    now: deps.now ?? Date.now,
    retry,
    batchSize: deps.batch ?? 50,
    office: null,
    status: { state: 'connecting', offlineSinceMs: null, pending: deps.queue.pendingCount(), error: null },
    running: null,
    again: false,
    stopped: false,
    retryTimer: null,
    pause: retry.first,
    listener: null,
    notifyTimer: null,
    flush: () => flush(s),
    connectionLost: (e) => connectionLost(s, e),
  };
  return s;
}

export function createOfficeMirror(deps: OfficeMirrorDeps): OfficeMirror {
  const s = createMirrorState(deps);
  const mark = (taskIds: readonly number[]) => {
    try {
      deps.queue.mark(taskIds);
    } catch (e) {
      // the send itself must never fail for the office's sake
      deps.log?.error(`Office outbox: could not queue tasks ${taskIds.join(', ')}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    void flush(s);
  };
  const hooks: MarkingHooks = {
    touched: mark,
    sendRecorded: (sendId, intent) => queueSendDocuments(deps.queue, sendId, intent),
  };
  return {
    wrap: (history) => markingHistory(history, hooks),
    hooks,
    touched: mark,
    flush: s.flush,
    status: () => ({ ...s.status, pending: deps.queue.pendingCount() }),
    connectionLost: s.connectionLost,
    pool: () => (s.status.state === 'online' || s.status.state === 'read-only' ? (s.office?.pool ?? null) : null),
    async stop() {
      s.stopped = true;
      dropListener(s);
      if (s.retryTimer) clearTimeout(s.retryTimer);
      s.retryTimer = null;
      await s.running;
      await s.office?.close();
      s.office = null;
    },
  };
}
