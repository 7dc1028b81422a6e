/**
 * What the office mirror's parts share (office-mirror.ts assembles them): the open office, the status,
 * the running flush and the retry pause; and its connection's ups and downs — the LISTEN connection
 * while online, going offline with a growing pause before the next try.
 */
import type pg from 'pg';
import type { OfficeFields, OfficeStatus } from '../../shared/office/types';
import type { History } from '../history/history';
import type { Logger } from '../log';
import { UserError } from '../errors';
import { describeOfficeFailure, type OpenOffice } from './office-connection';
import { OFFICE_CHANNEL, type Desk } from './office-records';
import type { OutboxQueue } from './outbox-queue';

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

export interface MirrorState {
  readonly deps: OfficeMirrorDeps;
  readonly now: () => number;
  readonly retry: { first: number; max: number };
  readonly batchSize: number;
  office: OpenOffice | null;
  status: OfficeStatus;
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  retryTimer: NodeJS.Timeout | null;
  pause: number;
  /** one of the pool's two connections, held for LISTEN while online */
  listener: pg.PoolClient | null;
  notifyTimer: NodeJS.Timeout | null;
  /** the mirror's own flush and connectionLost (a retry and a lost LISTEN connection call them) */
  readonly flush: () => Promise<void>;
  readonly connectionLost: (e: UserError) => void;
}

export function setStatus(s: MirrorState, next: Partial<OfficeStatus>): void {
  s.status = { ...s.status, ...next, pending: s.deps.queue.pendingCount() };
  s.deps.onStatus?.(s.status);
}

export function dropListener(s: MirrorState): void {
  const l = s.listener;
  s.listener = null;
  if (s.notifyTimer) clearTimeout(s.notifyTimer);
  s.notifyTimer = null;
  l?.release(true);
}

export async function listen(s: MirrorState, open: OpenOffice): Promise<void> {
  const { deps } = s;
  if (s.listener || !deps.onOfficeTasksChanged) return;
  const client = await open.pool.connect();
  client.on('notification', (n) => {
    if (n.channel !== OFFICE_CHANNEL || s.notifyTimer) return;
    // a send of 100 tasks is one refresh, not 100
    s.notifyTimer = setTimeout(() => {
      s.notifyTimer = null;
      deps.onOfficeTasksChanged?.();
    }, 150);
  });
  client.on('error', (e) => s.connectionLost(describeOfficeFailure(e, deps.server)));
  try {
    await client.query(`LISTEN ${OFFICE_CHANNEL}`);
  } catch (e) {
    // never left checked out: the pool's end() (going offline, quitting) waits for every such connection
    client.release(true);
    throw e;
  }
  s.listener = client;
}

export async function goOffline(s: MirrorState, e: unknown): Promise<void> {
  const err = e instanceof UserError ? e : new UserError('office.failed', 'The office database refused the request.');
  if (s.status.state !== 'offline') s.deps.log?.warn(`Office outbox offline: ${err.message}`);
  setStatus(s, { state: 'offline', offlineSinceMs: s.status.offlineSinceMs ?? s.now(), error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
  dropListener(s);
  const closing = s.office;
  s.office = null;
  await closing?.close();
  if (s.stopped || s.retryTimer) return;
  s.retryTimer = setTimeout(() => {
    s.retryTimer = null;
    void s.flush();
  }, s.pause);
  s.retryTimer.unref?.();
  s.pause = Math.min(s.pause * 2, s.retry.max);
}
