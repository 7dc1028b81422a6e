/**
 * The office-wide "sent this fax at 11:06 from RECEPTION-PC — send it
 * again?" guard, decided in the database: under an advisory lock on the fax's
 * fingerprint, one transaction looks for another desk's send of it within the
 * window (a claim, or a task the mirror wrote) and, when there is none or the
 * user confirmed, records this desk's claim. Two desks sending the same fax
 * in the same second are serialised by the lock: the second finds the first.
 */
import type pg from 'pg';
import { withOfficeClient } from './checkout';
import type { Desk } from './office-records';

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
              WHERE fingerprint = $1 AND created_at_ms >= $2 AND desk_id <> $3 AND create_state <> 'failed'
           ) AS earlier ORDER BY at DESC LIMIT 1`,
          [claim.fingerprint, claim.sinceMs, claim.desk.deskId],
        );
        const e = r.rows[0];
        if (e) {
          await db.query('ROLLBACK');
          return { senderName: e.sender_name, computerName: e.computer_name, name: e.name, atMs: Number(e.at) };
        }
      }
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
