/**
 * The office's send and resend claims (faxdesk_send_claims) do not pile up for good: a desk that claims
 * deletes, in the same transaction, the claims that guard nothing any more — a send claim older than the
 * user's 30-minute repeat window plus 30 minutes for desks' clocks that disagree (docs/office-outbox.md), on
 * both sides of that age; a resend claim as old only once its resend is in the office database. A desk role without DELETE still claims.
 * Against a real PostgreSQL.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOfficeMigrations } from '@main/office/migrations';
import { claimResend, claimSend } from '@main/office/office-guard';
import { ADMIN, OFFICE_DB, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';

const missing = postgresMissing();
/** the user's "send it again?" window */
const REPEAT_WINDOW_MS = 30 * 60_000;
/** how long a claim is kept: the repeat window and a margin of as much again for desks' clocks */
const CLAIM_KEEP_MS = 60 * 60_000;
const NOW = 1_800_000_000_000;
const DESK_A = { deskId: 'desk-a', displayName: 'Li Na', computerName: 'RECEPTION-PC' };
const DESK_B = { deskId: 'desk-b', displayName: 'Wang Wei', computerName: 'FRONT-PC' };
const LIMITED = { user: 'faxdesk_limited', password: 'Lim-9x$secret' };

let pgServer: RunningPostgres;
let db: pg.Client;
const pools: pg.Pool[] = [];
const poolAs = (who: { user: string; password: string }) => {
  const pool = new pg.Pool({ host: '127.0.0.1', port: pgServer.port, database: OFFICE_DB, user: who.user, password: who.password, max: 1 });
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  if (missing) return;
  pgServer = await startPostgres();
  db = await pgServer.admin();
  await runOfficeMigrations(db, { tooNew: () => new Error('too new'), appliedBy: 'TEST-PC' });
  await db.query(`INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('desk-a', 'Li Na', 'RECEPTION-PC'), ('desk-b', 'Wang Wei', 'FRONT-PC')`);
  // the everyday role as docs/office-outbox.md gave it before claims were cleaned up: no DELETE
  await db.query(`CREATE ROLE ${LIMITED.user} LOGIN PASSWORD '${LIMITED.password}'`);
  await db.query(`GRANT SELECT, INSERT, UPDATE ON faxdesk_desks, faxdesk_tasks, faxdesk_recipients, faxdesk_send_claims, faxdesk_poll_leases TO ${LIMITED.user}`);
});
afterEach(async () => {
  if (missing) return;
  await db.query('TRUNCATE faxdesk_send_claims, faxdesk_recipients, faxdesk_tasks');
});
afterAll(async () => {
  for (const p of pools) await p.end();
  await db?.end();
  await pgServer?.stop();
});

async function oldClaim(fingerprint: string, deskId: string, claimedAtMs: number) {
  await db.query(
    `INSERT INTO faxdesk_send_claims (fingerprint, desk_id, sender_name, computer_name, name, claimed_at_ms) VALUES ($1, $2, 'x', 'X-PC', 'Old', $3)`,
    [fingerprint, deskId, claimedAtMs],
  );
}

async function claims(): Promise<string[]> {
  const r = await db.query<{ fingerprint: string }>('SELECT fingerprint FROM faxdesk_send_claims ORDER BY fingerprint');
  return r.rows.map((row) => row.fingerprint);
}

/** desk B's resend of TASK-1 that took `phone`, as its mirror writes it */
async function resendWritten(phone: string) {
  await db.query(
    `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, resend_of, created_at_ms)
     VALUES ('intent-r', 'TASK-2', 'desk-b', 'Wang Wei', 'FRONT-PC', 'resend', 'Fax (resend)', 'created', 'pending', 'TASK-1', $1)`,
    [NOW - CLAIM_KEEP_MS - 60_000],
  );
  await db.query(`INSERT INTO faxdesk_recipients (intent_id, position, phone_number, status) VALUES ('intent-r', 0, $1, 'pending')`, [phone]);
}

describe.skipIf(missing)('cleaning up the office claims', () => {
  it('keeps the repeat window and a margin: a claim older than that is deleted when a desk claims, one a moment younger stays', async () => {
    await oldClaim('fp-too-old', 'desk-b', NOW - CLAIM_KEEP_MS - 1);
    await oldClaim('fp-at-limit', 'desk-b', NOW - CLAIM_KEEP_MS);
    await oldClaim('fp-recent', 'desk-b', NOW - 60_000);
    const earlier = await claimSend(poolAs(ADMIN), { fingerprint: 'fp-new', desk: DESK_A, name: 'New', nowMs: NOW, sinceMs: NOW - REPEAT_WINDOW_MS, confirmed: false });
    expect(earlier).toBeNull();
    expect(await claims()).toEqual(['fp-at-limit', 'fp-new', 'fp-recent']);
    // a claim inside the repeat window still asks the question afterwards
    const again = await claimSend(poolAs(ADMIN), { fingerprint: 'fp-recent', desk: DESK_A, name: 'Again', nowMs: NOW, sinceMs: NOW - REPEAT_WINDOW_MS, confirmed: false });
    expect(again).toMatchObject({ senderName: 'x', atMs: NOW - 60_000 });
  });

  it('deletes an old resend claim once its resend is in the office database, and keeps one whose resend is not written yet', async () => {
    await oldClaim('resend:TASK-1:8613800138001', 'desk-b', NOW - CLAIM_KEEP_MS - 1);
    await oldClaim('resend:TASK-1:8613800138002', 'desk-b', NOW - CLAIM_KEEP_MS - 1);
    await resendWritten('8613800138001');
    const earlier = await claimResend(poolAs(ADMIN), { taskRef: 'TASK-9', phoneNumbers: ['8613800138009'], desk: DESK_A, name: 'Other', nowMs: NOW, confirmed: false });
    expect(earlier).toBeNull();
    expect(await claims()).toEqual(['resend:TASK-1:8613800138002', 'resend:TASK-9:8613800138009']);
    // the one kept still stops a second resend of that number
    const stopped = await claimResend(poolAs(ADMIN), { taskRef: 'TASK-1', phoneNumbers: ['8613800138002'], desk: DESK_A, name: 'Again', nowMs: NOW, confirmed: false });
    expect(stopped).toMatchObject({ taskRef: null, mine: false });
  });

  it('a young resend claim stays although its resend is written', async () => {
    await oldClaim('resend:TASK-1:8613800138001', 'desk-b', NOW - CLAIM_KEEP_MS);
    await resendWritten('8613800138001');
    await claimSend(poolAs(ADMIN), { fingerprint: 'fp-new', desk: DESK_B, name: 'New', nowMs: NOW, sinceMs: NOW - REPEAT_WINDOW_MS, confirmed: false });
    expect(await claims()).toEqual(['fp-new', 'resend:TASK-1:8613800138001']);
  });

  it('a desk whose role may not DELETE still claims; the old claims stay', async () => {
    await oldClaim('fp-too-old', 'desk-b', NOW - CLAIM_KEEP_MS - 1);
    const earlier = await claimSend(poolAs(LIMITED), { fingerprint: 'fp-new', desk: DESK_A, name: 'New', nowMs: NOW, sinceMs: NOW - REPEAT_WINDOW_MS, confirmed: false });
    expect(earlier).toBeNull();
    expect(await claims()).toEqual(['fp-new', 'fp-too-old']);
  });
});
