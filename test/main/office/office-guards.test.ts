/**
 * The office outbox's guards, each called as a desk calls it, against a real PostgreSQL: the office-wide
 * "same fax again?" claim (two desks pressing Send on the same fax at once: one goes ahead, the other is
 * asked, naming the first), the "already resent?" claim, and the poll lease (one desk asks the service
 * about a task; the spec's 30 s / 60 s between asks by any desk; a lease of 2 minutes, after which another
 * desk takes over). Every window is tried just inside and just outside. The limits are the rules' own:
 * the user's 30-minute "send it again?" window, the spec's intervals, the 2-minute lease of
 * docs/office-outbox.md — never the implementation's constants. And the claims do not pile up for good: a
 * desk that claims deletes, in the same transaction, the claims that guard nothing any more (a send claim
 * older than the 30-minute window plus 30 minutes for desks' clocks that disagree; a resend claim as old
 * only once its resend is in the office database); a desk role without DELETE still claims.
 * One PostgreSQL for the file (a mutant's run starts one, not one per file).
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOfficeMigrations } from '@main/office/migrations';
import { claimResend, claimSend, withdrawClaim, withdrawResendClaim } from '@main/office/office-guard';
import { createPollLease } from '@main/office/poll-lease';
import { ADMIN, OFFICE_DB, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';

const missing = postgresMissing();
const MINUTE = 60_000;
/** the user's "send it again?" window */
const REPEAT_WINDOW = 30 * MINUTE;
/** the spec's intervals between two asks about one task, by any desk */
const PENDING_INTERVAL = 30_000;
const SENDING_INTERVAL = 60_000;
/** a lease not renewed for this long is free (docs/office-outbox.md) */
const LEASE = 2 * MINUTE;
/** how long a claim is kept: the repeat window and a margin of as much again for desks' clocks */
const CLAIM_KEEP = 60 * MINUTE;
/** the everyday role as docs/office-outbox.md gave it before claims were cleaned up: no DELETE */
const LIMITED = { user: 'faxdesk_limited', password: 'Lim-9x$secret' };
const T0 = 1_800_000_000_000;

const LI_NA = { deskId: 'desk-a', displayName: 'Li Na', computerName: 'RECEPTION-PC' };
const WANG_WEI = { deskId: 'desk-b', displayName: 'Wang Wei', computerName: 'FRONT-PC' };
const ZHAO_LEI = { deskId: 'desk-c', displayName: 'Zhao Lei', computerName: 'BACK-PC' };

let server: RunningPostgres;
let db: pg.Client;
/** one pool per desk, as each desk has its own connections */
const pools = new Map<string, pg.Pool>();
const poolOf = (deskId: string, who: { user: string; password: string } = ADMIN): pg.Pool => {
  const key = `${deskId} ${who.user}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({ host: '127.0.0.1', port: server.port, database: OFFICE_DB, user: who.user, password: who.password, max: 2 });
    pools.set(key, pool);
  }
  return pool;
};

beforeAll(async () => {
  if (missing) return;
  server = await startPostgres();
  db = await server.admin();
  await runOfficeMigrations(db, { tooNew: () => new Error('too new'), appliedBy: 'TEST-PC' });
  await db.query(
    `INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('desk-a', 'Li Na', 'RECEPTION-PC'), ('desk-b', 'Wang Wei', 'FRONT-PC'), ('desk-c', 'Zhao Lei', 'BACK-PC')`,
  );
  await db.query(`CREATE ROLE ${LIMITED.user} LOGIN PASSWORD '${LIMITED.password}'`);
  await db.query(`GRANT SELECT, INSERT, UPDATE ON faxdesk_desks, faxdesk_tasks, faxdesk_recipients, faxdesk_send_claims, faxdesk_poll_leases TO ${LIMITED.user}`);
}, 60_000);
afterEach(async () => {
  if (missing) return;
  await db.query('TRUNCATE faxdesk_send_claims, faxdesk_recipients, faxdesk_tasks, faxdesk_poll_leases');
});
afterAll(async () => {
  for (const p of pools.values()) await p.end();
  await db?.end();
  await server?.stop();
});

/** a desk sends `fingerprint` at `nowMs`: null when it goes ahead, else the earlier send it is asked about */
const send = (desk: typeof LI_NA, fingerprint: string, nowMs: number, confirmed = false, name = 'Contract', who = ADMIN) =>
  claimSend(poolOf(desk.deskId, who), { fingerprint, desk, name, nowMs, sinceMs: nowMs - REPEAT_WINDOW, confirmed });

const resend = (desk: typeof LI_NA, taskRef: string, phoneNumbers: string[], nowMs: number, confirmed = false) =>
  claimResend(poolOf(desk.deskId), { taskRef, phoneNumbers, desk, name: 'Contract (resend)', nowMs, confirmed });

/** a task as a desk's mirror writes it to the office database */
async function taskWritten(t: {
  intentId: string;
  taskRef: string | null;
  desk: typeof LI_NA;
  createdAtMs: number;
  fingerprint?: string;
  resendOf?: string;
  createState?: string;
  status?: string | null;
  numbers?: string[];
  name?: string;
}) {
  await db.query(
    `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, resend_of, fingerprint, created_at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      t.intentId, t.taskRef, t.desk.deskId, t.desk.displayName, t.desk.computerName, t.resendOf ? 'resend' : 'send', t.name ?? 'Contract',
      t.createState ?? 'created', t.status === undefined ? 'pending' : t.status, t.resendOf ?? null, t.fingerprint ?? null, t.createdAtMs,
    ],
  );
  for (const [i, n] of (t.numbers ?? []).entries()) {
    await db.query(`INSERT INTO faxdesk_recipients (intent_id, position, phone_number, status) VALUES ($1, $2, $3, 'pending')`, [t.intentId, i, n]);
  }
}

async function claimRows(): Promise<Array<{ fingerprint: string; desk_id: string; at: number }>> {
  const r = await db.query<{ fingerprint: string; desk_id: string; claimed_at_ms: string }>(
    'SELECT fingerprint, desk_id, claimed_at_ms FROM faxdesk_send_claims ORDER BY fingerprint, desk_id, claimed_at_ms',
  );
  return r.rows.map((x) => ({ fingerprint: x.fingerprint, desk_id: x.desk_id, at: Number(x.claimed_at_ms) }));
}

describe.skipIf(missing)('the office-wide "same fax again?" claim', () => {
  it('two desks sending the same fax at the same moment: one goes ahead, the other is asked, naming the first', async () => {
    for (let i = 0; i < 5; i++) {
      const fp = `fp-race-${i}`;
      const [a, b] = await Promise.all([send(LI_NA, fp, T0), send(WANG_WEI, fp, T0)]);
      expect([a, b].filter((x) => x === null)).toHaveLength(1);
      const asked = a ?? b;
      const first = a === null ? LI_NA : WANG_WEI;
      expect(asked).toEqual({ senderName: first.displayName, computerName: first.computerName, name: 'Contract', atMs: T0 });
    }
  });

  it('asks within the user’s 30 minutes (the last millisecond included) and not one millisecond after', async () => {
    expect(await send(LI_NA, 'fp-1', T0, false, 'Invoice 12')).toBeNull();
    expect(await send(WANG_WEI, 'fp-1', T0 + REPEAT_WINDOW)).toEqual({ senderName: 'Li Na', computerName: 'RECEPTION-PC', name: 'Invoice 12', atMs: T0 });
    expect(await send(ZHAO_LEI, 'fp-1', T0 + REPEAT_WINDOW + 1)).toBeNull();
    // another fax (other documents or numbers) is never asked about
    expect(await send(WANG_WEI, 'fp-2', T0 + 1)).toBeNull();
  });

  it('a desk is not asked about its own send by the office (its own history asks); the other desk is', async () => {
    expect(await send(LI_NA, 'fp-own', T0)).toBeNull();
    expect(await send(LI_NA, 'fp-own', T0 + MINUTE)).toBeNull();
    expect(await send(WANG_WEI, 'fp-own', T0 + 2 * MINUTE)).toMatchObject({ senderName: 'Li Na', atMs: T0 + MINUTE });
  });

  it('a fax another desk’s mirror wrote counts like a claim, within the window; one whose create failed or is still being made does not', async () => {
    await taskWritten({ intentId: 'i-1', taskRef: 'TASK-1', desk: WANG_WEI, createdAtMs: T0, fingerprint: 'fp-w', name: 'Lease' });
    await taskWritten({ intentId: 'i-2', taskRef: null, desk: WANG_WEI, createdAtMs: T0, fingerprint: 'fp-f', createState: 'failed' });
    // still being created: its desk's claim stands for it (a refused send's row says "creating" until its mirror catches up)
    await taskWritten({ intentId: 'i-3', taskRef: null, desk: WANG_WEI, createdAtMs: T0, fingerprint: 'fp-c', createState: 'creating' });
    // it may have gone: asked
    await taskWritten({ intentId: 'i-4', taskRef: null, desk: WANG_WEI, createdAtMs: T0, fingerprint: 'fp-u', createState: 'outcome_unknown', name: 'Unknown' });
    expect(await send(LI_NA, 'fp-f', T0 + MINUTE)).toBeNull();
    expect(await send(LI_NA, 'fp-c', T0 + MINUTE)).toBeNull();
    expect(await send(LI_NA, 'fp-u', T0 + MINUTE)).toMatchObject({ senderName: 'Wang Wei', name: 'Unknown' });
    expect(await send(LI_NA, 'fp-w', T0 + REPEAT_WINDOW)).toEqual({ senderName: 'Wang Wei', computerName: 'FRONT-PC', name: 'Lease', atMs: T0 });
    expect(await send(LI_NA, 'fp-w', T0 + REPEAT_WINDOW + 1)).toBeNull();
  });

  it('the latest earlier send is named; confirmed, a desk sends without the question and is named to the next', async () => {
    await taskWritten({ intentId: 'i-1', taskRef: 'TASK-1', desk: WANG_WEI, createdAtMs: T0, fingerprint: 'fp-c', name: 'First' });
    expect(await send(LI_NA, 'fp-c', T0 + MINUTE)).toMatchObject({ senderName: 'Wang Wei', name: 'First' });
    expect(await send(LI_NA, 'fp-c', T0 + MINUTE, true, 'Second')).toBeNull();
    expect(await send(ZHAO_LEI, 'fp-c', T0 + 2 * MINUTE)).toEqual({ senderName: 'Li Na', computerName: 'RECEPTION-PC', name: 'Second', atMs: T0 + MINUTE });
    expect(await claimRows()).toEqual([{ fingerprint: 'fp-c', desk_id: 'desk-a', at: T0 + MINUTE }]);
  });

  it('a claim taken back (nothing reached the service) asks nobody; only that desk’s claim of that moment goes', async () => {
    expect(await send(LI_NA, 'fp-x', T0)).toBeNull();
    expect(await send(WANG_WEI, 'fp-x', T0 + MINUTE, true)).toBeNull();
    await withdrawClaim(poolOf('desk-a'), { fingerprint: 'fp-x', deskId: 'desk-a', nowMs: T0 + 1 });
    await withdrawClaim(poolOf('desk-a'), { fingerprint: 'fp-y', deskId: 'desk-a', nowMs: T0 });
    expect((await claimRows()).map((c) => c.desk_id)).toEqual(['desk-a', 'desk-b']);
    await withdrawClaim(poolOf('desk-a'), { fingerprint: 'fp-x', deskId: 'desk-a', nowMs: T0 });
    expect(await claimRows()).toEqual([{ fingerprint: 'fp-x', desk_id: 'desk-b', at: T0 + MINUTE }]);
    await withdrawClaim(poolOf('desk-b'), { fingerprint: 'fp-x', deskId: 'desk-b', nowMs: T0 + MINUTE });
    expect(await send(ZHAO_LEI, 'fp-x', T0 + 2 * MINUTE)).toBeNull();
  });

  it('a claim that fails leaves nothing behind and the desk’s connection usable', async () => {
    const pool = poolOf('desk-a');
    await expect(claimSend(pool, { fingerprint: 'fp-bad', desk: LI_NA, name: 'x', nowMs: Number.NaN, sinceMs: T0, confirmed: true })).rejects.toThrow();
    expect(await claimRows()).toEqual([]);
    // the same connections serve the next claim (no transaction left open on them)
    expect(await Promise.all([send(LI_NA, 'fp-ok', T0), send(LI_NA, 'fp-ok2', T0)])).toEqual([null, null]);
    expect((await claimRows()).map((c) => c.fingerprint)).toEqual(['fp-ok', 'fp-ok2']);
  });
});

describe.skipIf(missing)('the office-wide "already resent?" claim', () => {
  it('two desks resending the same numbers at once make one resend: the other is asked, naming the first', async () => {
    for (let i = 0; i < 5; i++) {
      const ref = `TASK-R${i}`;
      const [a, b] = await Promise.all([resend(LI_NA, ref, ['8613800138001', '8613800138002'], T0), resend(WANG_WEI, ref, ['8613800138002'], T0)]);
      expect([a, b].filter((x) => x === null)).toHaveLength(1);
      const first = a === null ? LI_NA : WANG_WEI;
      expect(a ?? b).toEqual({ taskRef: null, name: 'Contract (resend)', senderName: first.displayName, computerName: first.computerName, mine: false, atMs: T0 });
    }
  });

  it('asks about any number already claimed, not about other numbers or another fax’s same number', async () => {
    expect(await resend(LI_NA, 'TASK-1', ['8613800138001', '8613800138002'], T0)).toBeNull();
    expect(await resend(WANG_WEI, 'TASK-1', ['8613800138003', '8613800138002'], T0 + MINUTE)).toMatchObject({ senderName: 'Li Na', mine: false });
    expect(await resend(WANG_WEI, 'TASK-1', ['8613800138003'], T0 + MINUTE)).toBeNull();
    expect(await resend(WANG_WEI, 'TASK-2', ['8613800138001'], T0 + MINUTE)).toBeNull();
    // this desk's own earlier claim is said to be its own
    expect(await resend(LI_NA, 'TASK-1', ['8613800138001'], T0 + 2 * MINUTE)).toMatchObject({ senderName: 'Li Na', mine: true });
  });

  it('a resend task any desk’s mirror wrote is named with its task (before a bare claim); a failed create, or one still being made, is not', async () => {
    await taskWritten({ intentId: 'r-1', taskRef: 'TASK-9', desk: ZHAO_LEI, createdAtMs: T0, resendOf: 'TASK-1', numbers: ['8613800138001'], name: 'Contract (resend)' });
    await taskWritten({ intentId: 'r-2', taskRef: null, desk: ZHAO_LEI, createdAtMs: T0, resendOf: 'TASK-1', numbers: ['8613800138005'], createState: 'failed' });
    await taskWritten({ intentId: 'r-3', taskRef: null, desk: ZHAO_LEI, createdAtMs: T0, resendOf: 'TASK-1', numbers: ['8613800138006'], createState: 'creating' });
    expect(await resend(WANG_WEI, 'TASK-1', ['8613800138004'], T0 + MINUTE)).toBeNull();
    expect(await resend(LI_NA, 'TASK-1', ['8613800138004', '8613800138001'], T0 + 2 * MINUTE)).toEqual({
      taskRef: 'TASK-9', name: 'Contract (resend)', senderName: 'Zhao Lei', computerName: 'BACK-PC', mine: false, atMs: T0,
    });
    expect(await resend(ZHAO_LEI, 'TASK-1', ['8613800138001'], T0 + 2 * MINUTE)).toMatchObject({ taskRef: 'TASK-9', mine: true });
    expect(await resend(LI_NA, 'TASK-1', ['8613800138005'], T0 + 2 * MINUTE)).toBeNull();
    expect(await resend(LI_NA, 'TASK-1', ['8613800138006'], T0 + 2 * MINUTE)).toBeNull();
    // another fax's resend of the same number is not this fax's
    expect(await resend(LI_NA, 'TASK-7', ['8613800138001'], T0 + 2 * MINUTE)).toBeNull();
  });

  it('confirmed, a desk claims the numbers without the question; a claim taken back asks nobody', async () => {
    expect(await resend(LI_NA, 'TASK-1', ['8613800138001'], T0)).toBeNull();
    expect(await resend(WANG_WEI, 'TASK-1', ['8613800138001', '8613800138002'], T0 + MINUTE, true)).toBeNull();
    expect((await claimRows()).map((c) => `${c.fingerprint} ${c.desk_id}`)).toEqual([
      'resend:TASK-1:8613800138001 desk-a', 'resend:TASK-1:8613800138001 desk-b', 'resend:TASK-1:8613800138002 desk-b',
    ]);
    // taking back: only this desk's claims of that moment, of those numbers
    await withdrawResendClaim(poolOf('desk-b'), { taskRef: 'TASK-1', phoneNumbers: ['8613800138001', '8613800138002'], deskId: 'desk-b', nowMs: T0 });
    await withdrawResendClaim(poolOf('desk-b'), { taskRef: 'TASK-2', phoneNumbers: ['8613800138002'], deskId: 'desk-b', nowMs: T0 + MINUTE });
    expect(await claimRows()).toHaveLength(3);
    await withdrawResendClaim(poolOf('desk-b'), { taskRef: 'TASK-1', phoneNumbers: ['8613800138002'], deskId: 'desk-b', nowMs: T0 + MINUTE });
    expect(await resend(ZHAO_LEI, 'TASK-1', ['8613800138002'], T0 + 2 * MINUTE)).toBeNull();
    expect(await resend(ZHAO_LEI, 'TASK-1', ['8613800138001'], T0 + 2 * MINUTE)).toMatchObject({ senderName: 'Wang Wei', atMs: T0 + MINUTE });
  });

  it('a resend claim that fails leaves nothing behind', async () => {
    await expect(claimResend(poolOf('desk-a'), { taskRef: 'TASK-1', phoneNumbers: ['8613800138001'], desk: LI_NA, name: 'x', nowMs: Number.NaN, confirmed: true })).rejects.toThrow();
    expect(await claimRows()).toEqual([]);
    expect(await resend(LI_NA, 'TASK-1', ['8613800138001'], T0)).toBeNull();
  });
});

describe.skipIf(missing)('the poll lease: one desk asks the service about each task', () => {
  const leaseOf = (desk: typeof LI_NA) => createPollLease(poolOf(desk.deskId), desk.deskId);

  it('a desk asks about its own task again once the spec’s interval has passed: 30 s while pending, 60 s while sending', async () => {
    const a = leaseOf(LI_NA);
    const due = [{ taskRef: 'TASK-P', status: 'pending' }, { taskRef: 'TASK-S', status: 'sending' }];
    expect([...(await a.claimOwn(due, T0))].sort()).toEqual(['TASK-P', 'TASK-S']);
    expect([...(await a.claimOwn(due, T0 + PENDING_INTERVAL - 1))]).toEqual([]);
    expect([...(await a.claimOwn(due, T0 + PENDING_INTERVAL))]).toEqual(['TASK-P']);
    expect([...(await a.claimOwn(due, T0 + SENDING_INTERVAL - 1))]).toEqual([]);
    expect([...(await a.claimOwn(due, T0 + SENDING_INTERVAL))].sort()).toEqual(['TASK-P', 'TASK-S']);
    expect(await a.claimOwn([], T0 + 10 * MINUTE)).toEqual(new Set());
  });

  it('another desk takes a held task over only once the 2-minute lease ran out, never within the interval', async () => {
    const a = leaseOf(LI_NA);
    const b = leaseOf(WANG_WEI);
    await taskWritten({ intentId: 'i-1', taskRef: 'TASK-1', desk: LI_NA, createdAtMs: T0 - 10 * MINUTE });
    expect([...(await a.claimOwn([{ taskRef: 'TASK-1', status: 'pending' }], T0))]).toEqual(['TASK-1']);
    // A stops renewing (closed, crashed, offline)
    expect(await b.claimForeign(T0 + LEASE - 1, 10)).toEqual([]);
    expect(await b.claimForeign(T0 + LEASE, 10)).toEqual(['TASK-1']);
    // now B holds it: A, back, does not ask until B's lease ran out
    expect([...(await a.claimOwn([{ taskRef: 'TASK-1', status: 'pending' }], T0 + LEASE + PENDING_INTERVAL))]).toEqual([]);
    expect([...(await a.claimOwn([{ taskRef: 'TASK-1', status: 'pending' }], T0 + 2 * LEASE - 1))]).toEqual([]);
    expect([...(await a.claimOwn([{ taskRef: 'TASK-1', status: 'pending' }], T0 + 2 * LEASE))]).toEqual(['TASK-1']);
  });

  it('a lease expired but asked about by another desk within the interval is not taken: no two asks within 30 s', async () => {
    const a = leaseOf(LI_NA);
    const b = leaseOf(WANG_WEI);
    const c = leaseOf(ZHAO_LEI);
    await taskWritten({ intentId: 'i-1', taskRef: 'TASK-1', desk: LI_NA, createdAtMs: T0 - 10 * MINUTE });
    await a.claimOwn([{ taskRef: 'TASK-1', status: 'pending' }], T0);
    expect(await b.claimForeign(T0 + LEASE, 10)).toEqual(['TASK-1']);
    await b.release();
    // B's lease is free at once, but B asked at T0 + LEASE: C waits for the interval
    expect(await c.claimForeign(T0 + LEASE + PENDING_INTERVAL - 1, 10)).toEqual([]);
    expect(await c.claimForeign(T0 + LEASE + PENDING_INTERVAL, 10)).toEqual(['TASK-1']);
  });

  it('a desk closed cleanly frees its leases at once: another desk follows after the interval, before 2 minutes', async () => {
    const a = leaseOf(LI_NA);
    const b = leaseOf(WANG_WEI);
    await taskWritten({ intentId: 'i-1', taskRef: 'TASK-1', desk: LI_NA, createdAtMs: T0 - 10 * MINUTE });
    await taskWritten({ intentId: 'i-2', taskRef: 'TASK-2', desk: WANG_WEI, createdAtMs: T0 - 10 * MINUTE });
    await a.claimOwn([{ taskRef: 'TASK-1', status: 'pending' }], T0);
    await b.claimOwn([{ taskRef: 'TASK-2', status: 'pending' }], T0);
    await a.release();
    expect(await b.claimForeign(T0 + PENDING_INTERVAL, 10)).toEqual(['TASK-1']);
    // A's release freed only A's leases: B's own task is not taken by a third desk
    expect(await leaseOf(ZHAO_LEI).claimForeign(T0 + PENDING_INTERVAL, 10)).toEqual([]);
  });

  it('another desk’s new task with no lease is taken only once it is older than a lease; a desk never takes its own as foreign', async () => {
    const b = leaseOf(WANG_WEI);
    await taskWritten({ intentId: 'i-1', taskRef: 'TASK-1', desk: LI_NA, createdAtMs: T0 });
    await taskWritten({ intentId: 'i-2', taskRef: 'TASK-2', desk: WANG_WEI, createdAtMs: T0 - 10 * MINUTE });
    expect(await b.claimForeign(T0 + LEASE - 1, 10)).toEqual([]);
    expect(await b.claimForeign(T0 + LEASE, 10)).toEqual(['TASK-1']);
  });

  it('takes no ended task and no task not created; takes the oldest first, as many as asked, none when asked for none', async () => {
    const b = leaseOf(WANG_WEI);
    const old = T0 - 10 * MINUTE;
    await taskWritten({ intentId: 'i-done', taskRef: 'TASK-D', desk: LI_NA, createdAtMs: old - 3, status: 'done' });
    await taskWritten({ intentId: 'i-failed', taskRef: 'TASK-F', desk: LI_NA, createdAtMs: old - 2, status: 'failed' });
    await taskWritten({ intentId: 'i-unknown', taskRef: 'TASK-U', desk: LI_NA, createdAtMs: old - 1, createState: 'outcome_unknown' });
    await taskWritten({ intentId: 'i-new', taskRef: 'TASK-2', desk: LI_NA, createdAtMs: old + 1, status: null });
    await taskWritten({ intentId: 'i-old', taskRef: 'TASK-1', desk: LI_NA, createdAtMs: old, status: 'sending' });
    expect(await b.claimForeign(T0, 0)).toEqual([]);
    // asked for fewer than none (a caller's arithmetic gone below zero): none, and no error from the server
    expect(await b.claimForeign(T0, -1)).toEqual([]);
    expect(await b.claimForeign(T0, 1)).toEqual(['TASK-1']);
    expect(await b.claimForeign(T0, 10)).toEqual(['TASK-2']);
  });
});

describe.skipIf(missing)('cleaning up the office claims', () => {
  /** a claim as a desk made it at `claimedAtMs` */
  async function oldClaim(fingerprint: string, desk: typeof LI_NA, claimedAtMs: number) {
    await db.query(
      `INSERT INTO faxdesk_send_claims (fingerprint, desk_id, sender_name, computer_name, name, claimed_at_ms) VALUES ($1, $2, $3, $4, 'Old', $5)`,
      [fingerprint, desk.deskId, desk.displayName, desk.computerName, claimedAtMs],
    );
  }
  const fingerprints = async () => [...new Set((await claimRows()).map((c) => c.fingerprint))];
  /** Wang Wei's resend of TASK-1 that took `phone`, as his mirror writes it */
  const resendWritten = (phone: string) =>
    taskWritten({ intentId: 'intent-r', taskRef: 'TASK-2', desk: WANG_WEI, createdAtMs: T0 - CLAIM_KEEP - MINUTE, resendOf: 'TASK-1', numbers: [phone] });

  it('keeps the repeat window and a margin: a claim older than that is deleted when a desk claims, one a moment younger stays', async () => {
    await oldClaim('fp-too-old', WANG_WEI, T0 - CLAIM_KEEP - 1);
    await oldClaim('fp-at-limit', WANG_WEI, T0 - CLAIM_KEEP);
    await oldClaim('fp-recent', WANG_WEI, T0 - MINUTE);
    expect(await send(LI_NA, 'fp-new', T0)).toBeNull();
    expect(await fingerprints()).toEqual(['fp-at-limit', 'fp-new', 'fp-recent']);
    // a claim inside the repeat window still asks the question afterwards
    expect(await send(LI_NA, 'fp-recent', T0)).toMatchObject({ senderName: 'Wang Wei', atMs: T0 - MINUTE });
  });

  it('deletes an old resend claim once its resend is in the office database, and keeps one whose resend is not written yet', async () => {
    await oldClaim('resend:TASK-1:8613800138001', WANG_WEI, T0 - CLAIM_KEEP - 1);
    await oldClaim('resend:TASK-1:8613800138002', WANG_WEI, T0 - CLAIM_KEEP - 1);
    await resendWritten('8613800138001');
    expect(await resend(LI_NA, 'TASK-9', ['8613800138009'], T0)).toBeNull();
    expect(await fingerprints()).toEqual(['resend:TASK-1:8613800138002', 'resend:TASK-9:8613800138009']);
    // the one kept still stops a second resend of that number
    expect(await resend(LI_NA, 'TASK-1', ['8613800138002'], T0)).toMatchObject({ taskRef: null, senderName: 'Wang Wei', mine: false });
  });

  it('a young resend claim stays although its resend is written', async () => {
    await oldClaim('resend:TASK-1:8613800138001', WANG_WEI, T0 - CLAIM_KEEP);
    await resendWritten('8613800138001');
    expect(await send(WANG_WEI, 'fp-new', T0)).toBeNull();
    expect(await fingerprints()).toEqual(['fp-new', 'resend:TASK-1:8613800138001']);
  });

  it('a desk whose role may not DELETE still claims; the old claims stay', async () => {
    await oldClaim('fp-too-old', WANG_WEI, T0 - CLAIM_KEEP - 1);
    expect(await send(LI_NA, 'fp-new', T0, false, 'New', LIMITED)).toBeNull();
    expect(await fingerprints()).toEqual(['fp-new', 'fp-too-old']);
    // and its claim asks the other desk
    expect(await send(WANG_WEI, 'fp-new', T0 + MINUTE)).toMatchObject({ senderName: 'Li Na', name: 'New' });
  });
});
