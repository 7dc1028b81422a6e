/**
 * Resending another desk's failed numbers (#25), through main's handlers: two desks (two data folders),
 * one PostgreSQL, one simulator. The office database holds no documents, only their file_refs: desk B
 * resends desk A's fax with them (no upload), the resend is B's in the office database, every desk sees
 * "Resent as … by …", and two desks resending the same numbers at once make one resend, the other asked.
 * The office-wide claim: a desk in demo mode never takes another desk's fax; a refused resend gives the claim
 * back, one whose answer was lost keeps it; a claim the database will not give back is logged (mutation module
 * `resend-office`).
 */
import { describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { alreadyResentDetails } from '@shared/errors/error-details';
import type { OfficeResend } from '@shared/office/types';
import type { FailuresView, ResendResult } from '@shared/tasks/types';
import type { TestServices } from '../../helpers/services';
import { openOfficeDesk, sendAndFinish } from '../../helpers/office-desk';
import { officeTestRig } from '../../helpers/office-rig';

const office = officeTestRig({ sim: { speed: 200, balance: 1000 } });
const { missing, open } = office;

const desk = (name: string): Promise<TestServices> => openOfficeDesk(name, office.pg.port, office.sim, open);

async function failures(t: TestServices): Promise<FailuresView> {
  const r = await dispatch(t.services.handlers, 'listOfficeFailures', { days: 7 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as FailuresView;
}
const items = (v: FailuresView) => v.groups.flatMap((g) => g.items);
async function resendsOf(t: TestServices, taskRef: string): Promise<OfficeResend[]> {
  const r = await dispatch(t.services.handlers, 'listOfficeResends', { taskRef });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as OfficeResend[];
}
const creates = () => office.sim.counters().tasksCreated;

/** Li Na's fax to `number` fails; Wang Wei's desk lists the failure (the office's Failures). */
async function failedOnAShownOnB(name: string, number: string) {
  const a = await desk('Li Na');
  const b = await desk('Wang Wei');
  const refA = await sendAndFinish(a, name, [number]);
  await expect.poll(async () => items(await failures(b)).some((f) => f.taskRef === refA), { timeout: 5_000 }).toBe(true);
  return { a, b, refA };
}
const uploads = () => office.sim.counters().byRoute['upload'] ?? 0;
/** The refused resend of `refA` reaches the office database as refused: a row with no task at the service. */
/** `t` resends refA's failed numbers while the account has no balance: the service refuses it. */
async function resendRefusedForBalance(t: TestServices, refA: string): Promise<void> {
  office.sim.setAccount({ balance: 0 });
  try {
    const r = await dispatch(t.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(!r.ok && r.error.code).toBe('business.insufficient_balance');
  } finally {
    office.sim.setAccount({ balance: 1000 });
  }
}

async function refusedResendInOffice(refA: string): Promise<void> {
  const c = await office.pg.admin();
  try {
    await expect
      .poll(async () => (await c.query('SELECT task_ref, create_state FROM faxdesk_tasks WHERE resend_of = $1', [refA])).rows, { timeout: 5_000 })
      .toEqual([{ task_ref: null, create_state: 'failed' }]);
  } finally {
    await c.end();
  }
}

type Sql = { query: (sql: string) => Promise<unknown> };
/** A trigger (the test drops it) that runs `body` before some writes to one table of the office database. */
async function beforeWrites(c: Sql, name: string, table: string, ops: string, when: string, body: string): Promise<void> {
  await c.query(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} END $$`);
  await c.query(`CREATE TRIGGER ${name} BEFORE ${ops} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`);
}
/** The office database refuses these writes, as a server refusing a statement would. */
const refuseWrites = (c: Sql, name: string, table: string, ops: string, when: string) =>
  beforeWrites(c, name, table, ops, when, "RAISE EXCEPTION 'refused by the test';");
/** These writes wait while the test's session holds advisory lock `key` (a busy server), then go ahead. */
const holdWrites = (c: Sql, name: string, table: string, ops: string, when: string, key: number) =>
  beforeWrites(c, name, table, ops, when, `PERFORM pg_advisory_lock(${key}); PERFORM pg_advisory_unlock(${key}); RETURN NEW;`);

describe.skipIf(missing)('resending another desk’s failed numbers', () => {
  it('desk B resends desk A’s busy number with A’s file_refs: one task, B’s in the office database, and both desks see “Resent as … by Wang Wei”', async () => {
    const a = await desk('Li Na');
    const b = await desk('Wang Wei');
    const refA = await sendAndFinish(a, 'Contract R1', ['8613800131666', '8613800131001']);
    // B's Failures are the office's: A's busy number, named as Li Na's
    await expect.poll(async () => items(await failures(b)).find((f) => f.taskRef === refA)?.sentBy, { timeout: 5_000 }).toMatchObject({ name: 'Li Na', mine: false });
    const row = items(await failures(b)).find((f) => f.taskRef === refA)!;
    expect(row).toMatchObject({ phoneNumber: '8613800131666', failedCode: 'BUSY', resentAs: null });

    const [createdBefore, uploadsBefore] = [creates(), uploads()];
    const r = await dispatch(b.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(r.ok && (r.value as ResendResult).phoneNumbers).toEqual(['8613800131666']);
    const resent = (r as { value: ResendResult }).value;
    // exactly one task, made from A's uploads: B has no copy of the documents and uploaded nothing
    expect(creates()).toBe(createdBefore + 1);
    expect(uploads()).toBe(uploadsBefore);
    expect(resent.reuploaded).toBe(0);
    // recorded as sent by the resending desk, in B's own history and in the office database
    expect(b.services.history.getTask(resent.taskRef)).toMatchObject({ resendOf: refA, name: 'Contract R1 (resend)' });
    await expect.poll(async () => (await resendsOf(a, refA)).map((x) => [x.taskRef, x.by.name, x.by.mine]), { timeout: 5_000 }).toEqual([[resent.taskRef, 'Wang Wei', false]]);
    expect((await resendsOf(b, refA))[0]!.by.mine).toBe(true);
    const c = await office.pg.admin();
    try {
      const t = await c.query('SELECT sender_name, kind, resend_of FROM faxdesk_tasks WHERE task_ref = $1', [resent.taskRef]);
      expect(t.rows).toEqual([{ sender_name: 'Wang Wei', kind: 'resend', resend_of: refA }]);
    } finally {
      await c.end();
    }
    // A's Failures row says who resent it as what
    await expect.poll(async () => items(await failures(a)).find((f) => f.phoneNumber === '8613800131666')?.resentAs?.by?.name, { timeout: 5_000 }).toBe('Wang Wei');

    // asked again from A's desk: already resent by Wang Wei; confirmed, it goes
    const again = await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(!again.ok && again.error.code).toBe('tasks.already_resent');
    expect(!again.ok && again.error.details).toMatchObject({ senderName: 'Wang Wei', taskRef: resent.taskRef, variant: 'office' });
    expect(creates()).toBe(createdBefore + 1);
    expect((await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable', confirmRepeat: true })).ok).toBe(true);
    expect(creates()).toBe(createdBefore + 2);
  });

  it('two desks resending the same numbers at once: one resend, the other asked, naming who resent them', async () => {
    const { a, b, refA } = await failedOnAShownOnB('Contract R2', '8613800132777');
    const before = creates();
    const [fromA, fromB] = await Promise.all([
      dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' }),
      dispatch(b.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' }),
    ]);
    expect([fromA.ok, fromB.ok].filter(Boolean)).toHaveLength(1);
    expect(creates()).toBe(before + 1);
    const loser = fromA.ok ? fromB : fromA;
    expect(!loser.ok && loser.error.code).toBe('tasks.already_resent');
    const details = !loser.ok ? alreadyResentDetails(loser.error) : null;
    expect(details?.taskName).toBe('Contract R2 (resend)');
    expect(!loser.ok && loser.error.details?.['senderName']).toBe(fromA.ok ? 'Li Na' : 'Wang Wei');
  });

  it('A’s uploads expired at the service: B is told the documents are on Li Na’s computer, nothing is sent, and A may still resend', async () => {
    const { a, b, refA } = await failedOnAShownOnB('Contract R3', '8613800133666');
    office.sim.expireFileRefs();
    const before = creates();
    const r = await dispatch(b.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(!r.ok && r.error.code).toBe('office.documents_gone');
    expect(!r.ok && r.error.details).toMatchObject({ senderName: 'Li Na', name: 'contract.pdf' });
    expect(creates()).toBe(before);
    // B's refused resend is in the office database as refused (no task at the service)
    await refusedResendInOffice(refA);
    // B's refused resend claimed nothing: A, who has the document, resends without being asked (uploading it again)
    const fromA = await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(fromA.ok && (fromA.value as ResendResult).reuploaded).toBe(1);
    expect(creates()).toBe(before + 1);
  });
  it('a desk in demo mode: another desk’s fax is refused with what to do, before anything is claimed, uploaded or sent', async () => {
    const { a, b, refA } = await failedOnAShownOnB('Contract R4', '8613800134666');
    expect((await dispatch(b.services.handlers, 'useDemo', undefined)).ok).toBe(true);
    const [createdBefore, uploadsBefore, tasksOfB] = [creates(), uploads(), b.services.history.listTasks({ limit: 50 }).length];
    const r = await dispatch(b.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(!r.ok && r.error).toMatchObject({
      code: 'office.resend_in_demo',
      message:
        'FaxDesk is in demo mode: another desk’s fax is resent on the office’s fax account only. Connect the account in Account, then resend. Nothing was sent.',
    });
    // nothing at the office's service, nothing in B's history (so nothing at the demo service either)
    expect([creates(), uploads()]).toEqual([createdBefore, uploadsBefore]);
    expect(b.services.history.listTasks({ limit: 50 })).toHaveLength(tasksOfB);
    // nothing claimed office-wide: A resends without being asked
    const fromA = await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(fromA.ok).toBe(true);
    expect(creates()).toBe(createdBefore + 1);
  });

  it('a resend the service refuses (no balance) gives the office-wide claim back: the other desk resends without being asked', async () => {
    const { a, b, refA } = await failedOnAShownOnB('Contract R5', '8613800135666');
    const before = creates();
    await resendRefusedForBalance(b, refA);
    expect(creates()).toBe(before);
    // B's refused resend reaches the office database as refused (no task at the service), as a desk's list shows it
    await refusedResendInOffice(refA);
    const fromA = await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(fromA.ok ? null : fromA.error).toBeNull();
    expect(creates()).toBe(before + 1);
  });

  it('a resend whose answer was lost keeps the office-wide claim: the other desk is asked (it may have gone) even before the resend reaches the office’s list', async () => {
    const { a, b, refA } = await failedOnAShownOnB('Contract R6', '8613800136666');
    const before = creates();
    // the office's list of faxes is busy: B's record of this resend waits there (its mirror's write held, the
    // desk still online), so the claim is all that tells A about it
    const c = await office.pg.admin();
    try {
      await c.query('SELECT pg_advisory_lock(3106)');
      await holdWrites(c, 'hold_r6', 'faxdesk_tasks', 'INSERT OR UPDATE', `NEW.resend_of = ${c.escapeLiteral(refA)}`, 3106);
      office.sim.setFaults({ create: 'commit-then-drop', createFaultCount: 1 });
      try {
        const r = await dispatch(b.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
        expect(!r.ok && r.error.code).toBe('network.outcome_unknown');
      } finally {
        office.sim.setFaults({ create: 'none' });
      }
      expect(creates()).toBe(before + 1);
      const fromA = await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
      expect(!fromA.ok && fromA.error.code).toBe('tasks.already_resent');
      expect(!fromA.ok && fromA.error.details).toMatchObject({ senderName: 'Wang Wei', variant: 'office', taskRef: null });
      expect(creates()).toBe(before + 1);
      expect((await c.query('SELECT count(*)::int AS n FROM faxdesk_tasks WHERE resend_of = $1', [refA])).rows).toEqual([{ n: 0 }]);
    } finally {
      await c.query('SELECT pg_advisory_unlock(3106)');
      await c.query('DROP TRIGGER IF EXISTS hold_r6 ON faxdesk_tasks').finally(() => c.end());
    }
    // once B's record is in, still asked
    await expect.poll(async () => items(await failures(a)).find((f) => f.taskRef === refA)?.resentAs?.by?.name, { timeout: 5_000 }).toBe('Wang Wei');
    const later = await dispatch(a.services.handlers, 'resendFailed', { taskRef: refA, only: 'retryable' });
    expect(!later.ok && later.error.code).toBe('tasks.already_resent');
    expect(creates()).toBe(before + 1);
  });

  it('the office database refuses to take a refused resend’s claim back: the desk is still told the service’s reason, and its log says the claim stayed', async () => {
    const { b, refA } = await failedOnAShownOnB('Contract R7', '8613800137666');
    const before = creates();
    const c = await office.pg.admin();
    try {
      await refuseWrites(c, 'hold_r7', 'faxdesk_send_claims', 'DELETE', `OLD.fingerprint LIKE ${c.escapeLiteral(`resend:${refA}:%`)}`);
      await resendRefusedForBalance(b, refA);
      expect(creates()).toBe(before);
      expect(b.logLines.filter((l) => l.includes(`resend of ${refA}: the office-wide claim was not withdrawn`))).toHaveLength(1);
    } finally {
      await c.query('DROP TRIGGER IF EXISTS hold_r7 ON faxdesk_send_claims').finally(() => c.end());
    }
  });
});
