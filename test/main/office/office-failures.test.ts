/**
 * Office-wide failures (#25), the database side: every desk's failed numbers, each naming its sender and
 * computer, and the latest resend of that number by any desk ("Resent as … by …"), against a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runOfficeMigrations } from '../../../src/main/office/migrations';
import { officeFailuresSince } from '../../../src/main/office/office-views';
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

async function task(intent: string, desk: 'desk-a' | 'desk-b', ref: string, createdAtMs: number, resendOf: string | null, recipients: Array<[string, string]>) {
  const [sender, computer] = desk === 'desk-a' ? ['Li Na', 'RECEPTION-PC'] : ['Wang Wei', 'FRONT-PC'];
  await db.query(
    `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, resend_of, created_at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'created', 'done', $8, $9)`,
    [intent, ref, desk, sender, computer, resendOf ? 'resend' : 'send', `Fax ${ref}`, resendOf, createdAtMs],
  );
  for (const [i, [phone, status]] of recipients.entries()) {
    await db.query(
      `INSERT INTO faxdesk_recipients (intent_id, position, phone_number, status, failed_code, failed_reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [intent, i, phone, status, status === 'failed' ? 'busy' : null, status === 'failed' ? 'The line was busy' : null],
    );
  }
}

describe.skipIf(missing)('office-wide failures', () => {
  it('lists every desk’s failed numbers with their sender, and the resend of a number by another desk as “Resent as … by …”', async () => {
    const since = 1_900_000_000_000;
    // Li Na's fax: two of three numbers failed
    await task('desk-a:1', 'desk-a', 'T-A1', since + 10, null, [['8610001', 'failed'], ['8610002', 'success'], ['8610003', 'failed']]);
    // Wang Wei resent one of Li Na's failed numbers
    await task('desk-b:7', 'desk-b', 'T-B7', since + 20, 'T-A1', [['8610003', 'pending']]);
    // a failure just before the window is not listed; one at its first millisecond is
    await task('desk-b:5', 'desk-b', 'T-B5', since - 1, null, [['8610009', 'failed']]);
    await task('desk-b:6', 'desk-b', 'T-B6', since, null, [['8610008', 'failed']]);

    const seenByA = await officeFailuresSince(db, 'desk-a', since);
    expect(seenByA.map((f) => [f.taskRef, f.phoneNumber, f.senderName, f.computerName, f.mine])).toEqual([
      ['T-A1', '8610001', 'Li Na', 'RECEPTION-PC', true],
      ['T-A1', '8610003', 'Li Na', 'RECEPTION-PC', true],
      ['T-B6', '8610008', 'Wang Wei', 'FRONT-PC', false],
    ]);
    expect(seenByA[0]!.resentAs).toBeNull();
    expect(seenByA[0]).toMatchObject({ failedCode: 'busy', failedReason: 'The line was busy', taskName: 'Fax T-A1' });
    expect(seenByA[1]!.resentAs).toEqual({ taskRef: 'T-B7', senderName: 'Wang Wei', computerName: 'FRONT-PC', status: 'pending', mine: false });
    // the resending desk sees the same, its resend marked as its own
    const seenByB = await officeFailuresSince(db, 'desk-b', since);
    expect(seenByB[1]!.resentAs).toMatchObject({ taskRef: 'T-B7', mine: true });
    expect(seenByB[0]!.mine).toBe(false);
    // a window opening a millisecond earlier takes in the older failure too
    expect((await officeFailuresSince(db, 'desk-a', since - 1)).map((f) => f.phoneNumber)).toContain('8610009');

    // a later resend of the same number (Li Na's own, after Wang Wei's) is the one named
    await task('desk-a:2', 'desk-a', 'T-A2', since + 30, 'T-A1', [['8610003', 'sending']]);
    expect((await officeFailuresSince(db, 'desk-b', since))[1]!.resentAs).toEqual({ taskRef: 'T-A2', senderName: 'Li Na', computerName: 'RECEPTION-PC', status: 'sending', mine: false });
  });
});
