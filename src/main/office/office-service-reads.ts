/**
 * The office service's reads of the shared view (Tasks → Everyone, spending, Failures, resends) and its
 * office-wide guards before a send or a resend, which never keep a desk waiting for the server.
 */
import type pg from 'pg';
import type { OfficeResend, OfficeSpending, OfficeTaskList } from '../../shared/office/types';
import type { FailuresView } from '../../shared/tasks/types';
import { REPEAT_WINDOW_MINUTES, SEND_REPEAT_CODE } from '../../shared/errors/error-details';
import { UserError } from '../errors';
import { describeOfficeFailure } from './office-connection';
import { claimResend, claimSend, withdrawClaim, withdrawResendClaim, type EarlierOfficeResend, type EarlierOfficeSend } from './office-guard';
import type { OfficeState } from './office-service-state';
import { withinGuardWait } from './guard-wait';
import { displayNameOf, effective } from './office-service-settings';
import { listOfficeTasks, officeFailuresSince, officeFaxForResend, officeResendsOf, officeSpendingSince, type OfficeFaxForResend } from './office-views';

/** A read of the office's shared view: 'office.unavailable' while not connected, a database failure in plain words. */
async function readOffice<T>(state: OfficeState, read: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = state.mirror?.pool();
  if (!pool) {
    throw new UserError('office.unavailable', 'The office database is not connected: only this desk’s faxes can be shown. Check Settings → Office outbox.');
  }
  try {
    return await read(pool);
  } catch (e) {
    throw describeOfficeFailure(e, effective(state)?.fields ?? { host: '', port: 0, database: '', user: '' });
  }
}

export function listTasks(state: OfficeState, page: { offset: number; limit: number; senderDeskId?: string | undefined }): Promise<OfficeTaskList> {
  return readOffice(state, (pool) => listOfficeTasks(pool, state.queue.deskId, page));
}

export function spending(state: OfficeState): Promise<OfficeSpending> {
  const now = new Date();
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  return readOffice(state, (pool) => officeSpendingSince(pool, state.queue.deskId, monthStart));
}

export function failures(state: OfficeState, days: number): Promise<FailuresView> {
  const toMs = state.deps.serviceTimeToMs ?? (() => null);
  return readOffice(state, (pool) => officeFailuresSince(pool, state.queue.deskId, Date.now() - days * 86_400_000, toMs));
}

export function resendsOf(state: OfficeState, taskRef: string): Promise<OfficeResend[]> {
  return readOffice(state, (pool) => officeResendsOf(pool, state.queue.deskId, taskRef));
}

export async function faxForResend(state: OfficeState, taskRef: string): Promise<OfficeFaxForResend | null> {
  if (!state.mirror?.pool()) return null;
  return readOffice(state, (pool) => officeFaxForResend(pool, state.queue.deskId, taskRef));
}

/** the pool and this desk while the office is online (a guard passes otherwise) */
function onlineDesk(state: OfficeState): { pool: pg.Pool; desk: { deskId: string; displayName: string; computerName: string } } | null {
  const pool = state.mirror?.pool();
  const config = effective(state);
  if (!pool || !config || state.mirror?.status().state !== 'online') return null;
  return { pool, desk: { deskId: state.queue.deskId, displayName: displayNameOf(state, config.fields), computerName: state.computer } };
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A claim's withdrawal, for the send or resend to wait for before it answers (so another desk is not then asked
 * about what never went out), at most as long as a claim is waited for: a server that does not answer holds
 * nothing back. A failure within the wait is the caller's to log; one that comes after it is logged here.
 */
function withdrawal(state: OfficeState, take: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    const withdrawn = take();
    const failed = Symbol('failed');
    let failure: unknown;
    const outcome = await withinGuardWait(withdrawn, failed, (e) => (failure = e));
    if (outcome === failed) throw failure;
    if (outcome === 'late') withdrawn.catch((e: unknown) => state.deps.log.warn(`office outbox: the office-wide claim could not be taken back: ${messageOf(e)}`));
  };
}

export async function guardResend(
  state: OfficeState,
  taskRef: string,
  phoneNumbers: readonly string[],
  name: string,
  confirmed: boolean,
): Promise<EarlierOfficeResend | (() => Promise<void>) | undefined> {
  const online = onlineDesk(state);
  if (!online) return undefined;
  const { pool, desk } = online;
  const nowMs = Date.now();
  const earlier = await withinGuardWait(claimResend(pool, { taskRef, phoneNumbers, desk, name, nowMs, confirmed }), 'late' as const, (e) =>
    state.deps.log.warn(`office outbox: the office-wide resend check was skipped: ${messageOf(e)}`),
  );
  if (earlier === 'late') return undefined;
  if (earlier) return earlier;
  return withdrawal(state, () => withdrawResendClaim(pool, { taskRef, phoneNumbers, deskId: desk.deskId, nowMs }));
}

function repeatError(earlier: EarlierOfficeSend, name: string): UserError {
  const at = new Date(earlier.atMs).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return new UserError(
    SEND_REPEAT_CODE,
    `${earlier.senderName} sent this fax (the same documents to the same numbers) at ${at} from ${earlier.computerName} as “${earlier.name}”. Send it again?`,
    undefined,
    {
      sentAtMs: earlier.atMs,
      taskName: earlier.name || name,
      taskRef: null,
      sendId: 0,
      windowMinutes: REPEAT_WINDOW_MINUTES,
      senderName: earlier.senderName,
      computerName: earlier.computerName,
    },
  );
}

export async function guardSend(state: OfficeState, profile: string, fingerprint: string, name: string, confirmed: boolean): Promise<(() => Promise<void>) | void> {
  const online = profile === 'demo' ? null : onlineDesk(state);
  if (!online) return;
  const { pool, desk } = online;
  const nowMs = Date.now();
  const claim = claimSend(pool, { fingerprint, desk, name, nowMs, sinceMs: nowMs - REPEAT_WINDOW_MINUTES * 60_000, confirmed });
  const earlier = await withinGuardWait(claim, null, (e) => state.deps.log.warn(`office outbox: the office-wide repeat check was skipped: ${messageOf(e)}`));
  if (earlier === 'late') {
    state.deps.log.warn('office outbox: the office-wide repeat check did not answer in time and was skipped');
    return;
  }
  if (!earlier) return withdrawal(state, () => withdrawClaim(pool, { fingerprint, deskId: desk.deskId, nowMs }));
  throw repeatError(earlier, name);
}
