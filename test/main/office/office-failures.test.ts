/**
 * Office-wide failures (#25), the database side: every desk's failed numbers, each naming its sender and
 * computer, by the rules of this desk's own Failures (a number once, by its latest attempt; reached by a resend, gone), and
 * the latest resend of that number by any desk ("Resent as … by …"), against a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runOfficeMigrations } from '@main/office/migrations';
import { officeFailuresSince, officeResendsOf } from '@main/office/office-views';
import type { FailuresView } from '@shared/tasks/types';
import { postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';

const missing = postgresMissing();
let pgServer: RunningPostgres;
let db: pg.Client;
beforeAll(async () => {
  if (missing) return;
  pgServer = await startPostgres();
  db = await pgServer.admin();
  await runOfficeMigrations(db, { tooNew: () => new Error('too new'), appliedBy: 'TEST-PC' });
  await db.query(`INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES
    ('desk-a', 'Li Na', 'RECEPTION-PC'), ('desk-b', 'Wang Wei', 'FRONT-PC')`);
});
afterAll(async () => {
  await db?.end();
  await pgServer?.stop();
});

/** recipients as [number, status] or [number, 'failed', code] */
async function task(intent: string, desk: 'desk-a' | 'desk-b', ref: string, createdAtMs: number, resendOf: string | null, recipients: Array<[string, string, string?]>) {
  const [sender, computer] = desk === 'desk-a' ? ['Li Na', 'RECEPTION-PC'] : ['Wang Wei', 'FRONT-PC'];
  await db.query(
    `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, resend_of, created_at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'created', 'done', $8, $9)`,
    [intent, ref, desk, sender, computer, resendOf ? 'resend' : 'send', `Fax ${ref}`, resendOf, createdAtMs],
  );
  for (const [i, [phone, status, code]] of recipients.entries()) {
    const failedCode = status === 'failed' ? (code ?? 'BUSY') : null;
    await db.query(
      `INSERT INTO faxdesk_recipients (intent_id, position, phone_number, status, failed_code, failed_reason, completed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [intent, i, phone, status, failedCode, failedCode ? `Reason ${failedCode}` : null, status === 'failed' ? '2030-03-18 10:00:00' : null],
    );
  }
}

/** the service's times read as UTC here: enough to see that completed_at is what the row shows */
const toMs = (s: string | null) => (s ? Date.parse(`${s.replace(' ', 'T')}Z`) : null);
const flat = (v: FailuresView) => v.groups.flatMap((g) => g.items.map((it) => ({ code: g.code, ...it })));

describe.skipIf(missing)('office-wide failures', () => {
  it('lists every desk’s unreached numbers with their sender, by this desk’s Failures rules, and another desk’s resend as “Resent as … by …”', async () => {
    const since = 1_900_000_000_000;
    // Li Na's fax: two of three numbers failed (one busy, one not a fax machine)
    await task('desk-a:1', 'desk-a', 'T-A1', since + 10, null, [['8610001', 'failed', 'NOT_A_FAX'], ['8610002', 'success'], ['8610003', 'failed']]);
    // Wang Wei resent one of Li Na's failed numbers
    await task('desk-b:7', 'desk-b', 'T-B7', since + 20, 'T-A1', [['8610003', 'pending']]);
    // a failure just before the window is not listed; one at its first millisecond is
    await task('desk-b:5', 'desk-b', 'T-B5', since - 1, null, [['8610009', 'failed']]);
    await task('desk-b:6', 'desk-b', 'T-B6', since, null, [['8610008', 'failed', 'NO_ANSWER']]);

    const seenByA = await officeFailuresSince(db, 'desk-a', since, toMs);
    // grouped like this desk's Failures: BUSY, NO_ANSWER first (retryable), then the others
    expect(seenByA.groups.map((g) => [g.code, g.retryable, g.count])).toEqual([
      ['BUSY', true, 1],
      ['NO_ANSWER', true, 1],
      ['NOT_A_FAX', false, 1],
    ]);
    // the badge's count: numbers not reached, office-wide
    expect(seenByA.total).toBe(3);
    const rows = flat(seenByA);
    expect(rows.map((f) => [f.taskRef, f.phoneNumber, f.sentBy?.name, f.sentBy?.computerName, f.sentBy?.mine])).toEqual([
      ['T-A1', '8610003', 'Li Na', 'RECEPTION-PC', true],
      ['T-B6', '8610008', 'Wang Wei', 'FRONT-PC', false],
      ['T-A1', '8610001', 'Li Na', 'RECEPTION-PC', true],
    ]);
    expect(rows[2]).toMatchObject({ failedCode: 'NOT_A_FAX', failedReason: 'Reason NOT_A_FAX', taskName: 'Fax T-A1', resentAs: null, completedAtMs: toMs('2030-03-18 10:00:00') });
    expect(rows[0]!.resentAs).toEqual({ id: 'T-B7', status: 'pending', createdAtMs: since + 20, by: { name: 'Wang Wei', computerName: 'FRONT-PC', mine: false } });
    // the resending desk sees the same, its resend marked as its own
    const seenByB = flat(await officeFailuresSince(db, 'desk-b', since, toMs));
    expect(seenByB[0]!.resentAs?.by).toMatchObject({ name: 'Wang Wei', mine: true });
    expect(seenByB[0]!.sentBy?.mine).toBe(false);
    // a window opening a millisecond earlier takes in the older failure too
    expect(flat(await officeFailuresSince(db, 'desk-a', since - 1, toMs)).map((f) => f.phoneNumber)).toContain('8610009');

    // Wang Wei's resend failed again: the number is listed once, by that latest attempt, Li Na's failure as its history
    await db.query(`UPDATE faxdesk_recipients SET status = 'failed', failed_code = 'BUSY', failed_reason = 'Reason BUSY' WHERE intent_id = 'desk-b:7'`);
    const again = flat(await officeFailuresSince(db, 'desk-a', since, toMs)).filter((f) => f.phoneNumber === '8610003');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ taskRef: 'T-B7', sentBy: { name: 'Wang Wei' }, resentAs: null });
    expect(again[0]!.earlier.map((e) => e.taskName)).toEqual(['Fax T-A1']);

    // Li Na resends Wang Wei's attempt and it reaches the number: no longer a failure anywhere
    await task('desk-a:2', 'desk-a', 'T-A2', since + 30, 'T-B7', [['8610003', 'sending']]);
    expect(flat(await officeFailuresSince(db, 'desk-b', since, toMs)).find((f) => f.phoneNumber === '8610003')?.resentAs).toMatchObject({
      id: 'T-A2',
      by: { name: 'Li Na', computerName: 'RECEPTION-PC', mine: false },
    });
    await db.query(`UPDATE faxdesk_recipients SET status = 'success' WHERE intent_id = 'desk-a:2'`);
    const reached = await officeFailuresSince(db, 'desk-b', since, toMs);
    expect(flat(reached).map((f) => f.phoneNumber)).not.toContain('8610003');
    expect(reached.total).toBe(2);
  });

  it('lists the resends of a fax by any desk, oldest first, naming who resent it', async () => {
    await task('desk-a:30', 'desk-a', 'T-A30', 1_950_000_000_000, null, [['8620001', 'failed'], ['8620002', 'failed']]);
    await task('desk-b:31', 'desk-b', 'T-B31', 1_950_000_000_100, 'T-A30', [['8620001', 'sending'], ['8620002', 'pending']]);
    expect(await officeResendsOf(db, 'desk-a', 'T-A30')).toEqual([
      { taskRef: 'T-B31', name: 'Fax T-B31', by: { name: 'Wang Wei', computerName: 'FRONT-PC', mine: false }, createdAtMs: 1_950_000_000_100, status: 'done', phoneNumbers: ['8620001', '8620002'] },
    ]);
    expect(await officeResendsOf(db, 'desk-a', 'T-NONE')).toEqual([]);
  });
});
