/**
 * The office-wide "sent this fax at 11:06 from RECEPTION-PC — send it
 * again?" guard, decided in the database: under an advisory lock on the fax's
 * fingerprint, one transaction looks for another desk's send of it within the
 * window (a claim, or a task the mirror wrote) and, when there is none or the
 * user confirmed, records this desk's claim. Two desks sending the same fax
 * in the same second are serialised by the lock: the second finds the first.
 * A mirrored task still being created does not count: while it is, its desk's
 * claim stands for it, and a send the service refused takes that claim back
 * while its mirrored row may still say "creating" (the other desk was then
 * asked about a fax that never went).
 */
import type pg from 'pg';
import { REPEAT_WINDOW_MINUTES } from '../../shared/errors/error-details';
import { withOfficeClient } from './checkout';
import type { Desk } from './office-records';
import type { EarlierResend } from '../tasks/resend-rules';

/**
 * How long a claim is kept. A send claim guards the repeat window (REPEAT_WINDOW_MINUTES: claimSend only
 * looks at claims made since then) and nothing after it; the margin covers desks whose clocks disagree
 * (each claim is stamped by its own desk's clock). A resend claim has no window of its own: it stands in for
 * the resend until that desk's mirror writes the task, so past the same age it goes only once the task is there.
 */
export const CLAIM_MARGIN_MINUTES = 30;
export const CLAIM_KEEP_MS = (REPEAT_WINDOW_MINUTES + CLAIM_MARGIN_MINUTES) * 60_000;

/**
 * Deletes the claims that guard nothing any more, in the claiming desk's transaction (so the table does not
 * grow forever). Rows another desk is deleting right now are skipped, never waited for. A desk role without
 * DELETE on faxdesk_send_claims (docs/office-outbox.md grants it) still claims: the clean-up alone is skipped.
 */
async function pruneClaims(db: pg.PoolClient, nowMs: number): Promise<void> {
  await db.query('SAVEPOINT prune_claims');
  try {
    await db.query(
      `DELETE FROM faxdesk_send_claims WHERE ctid IN (
         SELECT c.ctid FROM faxdesk_send_claims c
          WHERE c.claimed_at_ms < $1
            AND (c.fingerprint NOT LIKE 'resend:%' OR EXISTS (
                  SELECT 1 FROM faxdesk_tasks s JOIN faxdesk_recipients r ON r.intent_id = s.intent_id
                   WHERE s.desk_id = c.desk_id AND s.resend_of IS NOT NULL AND c.fingerprint = 'resend:' || s.resend_of || ':' || r.phone_number))
          FOR UPDATE SKIP LOCKED)`,
      [nowMs - CLAIM_KEEP_MS],
    );
    await db.query('RELEASE SAVEPOINT prune_claims');
  } catch (e) {
    if ((e as { code?: string }).code !== '42501') throw e;
    await db.query('ROLLBACK TO SAVEPOINT prune_claims');
  }
}

export interface EarlierOfficeSend {
  senderName: string;
  computerName: string;
  name: string;
  atMs: number;
}

export async function claimSend(
  pool: Pick<pg.Pool, 'connect'>,
  claim: { fingerprint: string; desk: Desk; name: string; nowMs: number; sinceMs: number; confirmed: boolean },
): Promise<EarlierOfficeSend | null> {
  return withOfficeClient(pool, async (db) => {
    await db.query('BEGIN');
    try {
      await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [claim.fingerprint]);
      if (!claim.confirmed) {
        const r = await db.query<{ sender_name: string; computer_name: string; name: string; at: string }>(
          `SELECT sender_name, computer_name, name, at FROM (
             SELECT sender_name, computer_name, name, claimed_at_ms AS at FROM faxdesk_send_claims
              WHERE fingerprint = $1 AND claimed_at_ms >= $2 AND desk_id <> $3
             UNION ALL
             SELECT sender_name, computer_name, name, created_at_ms AS at FROM faxdesk_tasks
              WHERE fingerprint = $1 AND created_at_ms >= $2 AND desk_id <> $3 AND create_state NOT IN ('failed', 'creating')
           ) AS earlier ORDER BY at DESC LIMIT 1`,
          [claim.fingerprint, claim.sinceMs, claim.desk.deskId],
        );
        const e = r.rows[0];
        if (e) {
          await db.query('ROLLBACK');
          return { senderName: e.sender_name, computerName: e.computer_name, name: e.name, atMs: Number(e.at) };
        }
      }
      await pruneClaims(db, claim.nowMs);
      await db.query(
        'INSERT INTO faxdesk_send_claims (fingerprint, desk_id, sender_name, computer_name, name, claimed_at_ms) VALUES ($1, $2, $3, $4, $5, $6)',
        [claim.fingerprint, claim.desk.deskId, claim.desk.displayName, claim.desk.computerName, claim.name, claim.nowMs],
      );
      await db.query('COMMIT');
      return null;
    } catch (e) {
      await db.query('ROLLBACK').catch(() => {});
      throw e;
    }
  });
}

/**
 * Takes this desk's claim back when nothing of the send reached the service
 * (refused, an upload failed, the local repeat question stopped it): other
 * desks are then not asked about a fax that was never sent.
 */
export async function withdrawClaim(pool: Pick<pg.Pool, 'connect'>, claim: { fingerprint: string; deskId: string; nowMs: number }): Promise<void> {
  await withOfficeClient(pool, (db) =>
    db.query('DELETE FROM faxdesk_send_claims WHERE fingerprint = $1 AND desk_id = $2 AND claimed_at_ms = $3', [claim.fingerprint, claim.deskId, claim.nowMs]),
  );
}

/** An earlier resend of some of the same numbers of the same fax, by any desk (this one too): what the resend asks about. */
export type EarlierOfficeResend = EarlierResend;

/** The claim key of one number of one fax's resend (in faxdesk_send_claims beside the sends' fingerprints). */
const resendKey = (taskRef: string, phoneNumber: string) => `resend:${taskRef}:${phoneNumber}`;

/**
 * The office-wide "already resent?" guard, decided in the database like claimSend: under an advisory lock on
 * the original fax, one transaction looks for a resend of any of these numbers of it by any desk (a task the
 * mirror wrote, or another desk's claim its mirror has not written yet) and, when there is none or the user
 * confirmed, claims each number. Two desks resending the same numbers at once: the second finds the first.
 */
export async function claimResend(
  pool: Pick<pg.Pool, 'connect'>,
  claim: { taskRef: string; phoneNumbers: readonly string[]; desk: Desk; name: string; nowMs: number; confirmed: boolean },
): Promise<EarlierOfficeResend | null> {
  const keys = claim.phoneNumbers.map((n) => resendKey(claim.taskRef, n));
  return withOfficeClient(pool, async (db) => {
    await db.query('BEGIN');
    try {
      await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`resend:${claim.taskRef}`]);
      if (!claim.confirmed) {
        const r = await db.query<{ task_ref: string | null; name: string; sender_name: string; computer_name: string; desk_id: string; at: string }>(
          `SELECT task_ref, name, sender_name, computer_name, desk_id, at FROM (
             SELECT NULL::text AS task_ref, name, sender_name, computer_name, desk_id, claimed_at_ms AS at
               FROM faxdesk_send_claims WHERE fingerprint = ANY($1::text[])
             UNION ALL
             SELECT s.task_ref, s.name, s.sender_name, s.computer_name, s.desk_id, s.created_at_ms AS at
               FROM faxdesk_tasks s
              WHERE s.resend_of = $2 AND s.create_state NOT IN ('failed', 'creating')
                AND EXISTS (SELECT 1 FROM faxdesk_recipients r WHERE r.intent_id = s.intent_id AND r.phone_number = ANY($3::text[]))
           ) AS earlier ORDER BY (task_ref IS NULL), at DESC LIMIT 1`,
          [keys, claim.taskRef, claim.phoneNumbers],
        );
        const e = r.rows[0];
        if (e) {
          await db.query('ROLLBACK');
          return {
            taskRef: e.task_ref,
            name: e.name,
            senderName: e.sender_name,
            computerName: e.computer_name,
            mine: e.desk_id === claim.desk.deskId,
            atMs: Number(e.at),
          };
        }
      }
      await pruneClaims(db, claim.nowMs);
      await db.query(
        `INSERT INTO faxdesk_send_claims (fingerprint, desk_id, sender_name, computer_name, name, claimed_at_ms)
         SELECT k, $2, $3, $4, $5, $6 FROM unnest($1::text[]) AS k`,
        [keys, claim.desk.deskId, claim.desk.displayName, claim.desk.computerName, claim.name, claim.nowMs],
      );
      await db.query('COMMIT');
      return null;
    } catch (e) {
      await db.query('ROLLBACK').catch(() => {});
      throw e;
    }
  });
}

/** Takes a resend's claims back when its create was refused or never tried: nothing of it reached the service. */
export async function withdrawResendClaim(
  pool: Pick<pg.Pool, 'connect'>,
  claim: { taskRef: string; phoneNumbers: readonly string[]; deskId: string; nowMs: number },
): Promise<void> {
  await withOfficeClient(pool, (db) =>
    db.query('DELETE FROM faxdesk_send_claims WHERE fingerprint = ANY($1::text[]) AND desk_id = $2 AND claimed_at_ms = $3', [
      claim.phoneNumbers.map((n) => resendKey(claim.taskRef, n)),
      claim.deskId,
      claim.nowMs,
    ]),
  );
}
