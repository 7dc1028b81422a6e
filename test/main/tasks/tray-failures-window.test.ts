/**
 * The tray's failed count (like the sidebar's Failures badge) drops by itself when a failure leaves the
 * 7-day window, with no event: the tray asks again once, at that moment — the office's count (read from a
 * real PostgreSQL, at the tray clock's time) while the office answers, this desk's own otherwise — on both
 * sides of it, and arms nothing once no failure is counted. The clock is a manual one.
 */
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from '@main/history';
import { runOfficeMigrations } from '@main/office/migrations';
import { officeFailuresSince } from '@main/office/office-views';
import { createTrayWiring } from '@main/services-tray';
import { createTaskCounts, DAY_MS } from '@main/tasks/counts';
import type { TrayStatusSource } from '@main/tasks/tray-status';
import { officeFailuresChangeAtMs } from '@shared/office/failures-window';
import { toServiceTime } from '@shared/service-time';
import { ManualClock } from '../../helpers/manual-clock';
import { officeTestRig } from '../../helpers/office-rig';
import { record, task, tempDir } from '../history/helpers';

const TZ = 'Asia/Shanghai';
const WINDOW = 7 * DAY_MS;
const START = new Date(2026, 10, 27, 9).getTime();
const office = officeTestRig();
const { missing } = office;

let db: pg.Client;
beforeAll(async () => {
  if (missing) return;
  db = await office.pg.admin();
  await runOfficeMigrations(db, { tooNew: () => new Error('too new'), appliedBy: 'TEST-PC' });
  await db.query(`INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('desk-b', 'Wang Wei', 'FRONT-PC')`);
});
// (after hooks run newest first: this before the rig stops PostgreSQL)
afterAll(() => db?.end());

let tmp: ReturnType<typeof tempDir>;
let clock: ManualClock;
let history: History;
let tray: TrayStatusSource | null = null;
beforeEach(() => {
  tmp = tempDir();
  clock = new ManualClock(START);
  history = openHistory(path.join(tmp.dir, 'history.sqlite'), { serviceTimeZone: TZ, profile: () => 'account:a', now: clock.now });
});
afterEach(() => {
  tray?.close();
  history.close();
  tmp.cleanup();
});

/** the tray as services.ts wires it: this desk's counts (a real history) and the office's Failures, on the manual clock */
function startTray(officeOnline: boolean, office: { failures(days: number): ReturnType<typeof officeFailuresSince> }) {
  const counts = createTaskCounts(history, () => 'account:a', clock, 7);
  const wiring = createTrayWiring(clock);
  wiring.officeEvent(officeOnline);
  tray = wiring.start({ ...counts, onTrayStatus: () => () => {} }, office);
  return tray;
}

/** another desk's fax created at `createdAtMs` whose one number failed */
async function officeFailure(ref: string, phone: string, createdAtMs: number) {
  await db.query(
    `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, created_at_ms)
     VALUES ($1, $1, 'desk-b', 'Wang Wei', 'FRONT-PC', 'send', $2, 'created', 'failed', $3)`,
    [ref, `Fax ${ref}`, createdAtMs],
  );
  await db.query(`INSERT INTO faxdesk_recipients (intent_id, position, phone_number, status, failed_code) VALUES ($1, 0, $2, 'failed', 'BUSY')`, [ref, phone]);
}

describe.skipIf(missing)('the tray’s failed count and the failures window', () => {
  it('office-wide: asked again when the office’s oldest failure leaves the window, not a millisecond before, then nothing armed', async () => {
    const older = START - WINDOW + 10_000;
    const newer = START - WINDOW + 50_000;
    await officeFailure('T-OLD', '8610001', older);
    await officeFailure('T-NEW', '8610002', newer);
    let reads = 0;
    // the office's read as office-service-reads.ts makes it (now − the window), at the tray clock's time
    const office = { failures: (days: number) => (reads++, officeFailuresSince(db, 'desk-a', clock.now() - days * DAY_MS, () => null)) };
    const shown = startTray(true, office);
    await expect.poll(() => shown.current().failed).toBe(2);
    expect(officeFailuresChangeAtMs(await office.failures(7), 7)).toBe(older + WINDOW + 1);
    reads = 0;

    // the last millisecond the older failure counts: nothing asked yet, and the office still counts it
    await clock.advance(older + WINDOW - clock.now());
    expect(reads).toBe(0);
    expect((await office.failures(7)).total).toBe(2);
    reads = 0;
    // its moment: asked once, and it is gone
    await clock.advance(1);
    expect(reads).toBe(1);
    await expect.poll(() => shown.current().failed).toBe(1);

    await clock.advance(newer + WINDOW - clock.now());
    expect(shown.current().failed).toBe(1);
    await clock.advance(1);
    await expect.poll(() => shown.current().failed).toBe(0);
    expect(reads).toBe(2);
    // none counted: no timer left
    await expect.poll(() => clock.pending).toBe(0);
    await db.query(`DELETE FROM faxdesk_recipients; DELETE FROM faxdesk_tasks`);
  });

  it('this desk’s own while the office does not answer: its oldest failure leaves the count at its moment', async () => {
    const failedAt = START - WINDOW + 20_000;
    history.applyTaskResponse(task('L1', 'failed', [record('L1_r', '8613800138001', 'failed', { completed_at: toServiceTime(new Date(failedAt), TZ) })], { name: 'Fax L1' }));
    const told: number[] = [];
    let reads = 0;
    const shown = startTray(false, { failures: () => (reads++, Promise.reject(new Error('not asked while offline'))) });
    shown.onChange((s) => told.push(s.failed));
    // the first answer (no office) tells this desk's count
    await expect.poll(() => told).toEqual([1]);

    await clock.advance(failedAt + WINDOW - clock.now());
    expect(shown.current().failed).toBe(1);
    expect(told).toEqual([1]);
    await clock.advance(1);
    await expect.poll(() => told).toEqual([1, 0]);
    expect(reads).toBe(0);
    await expect.poll(() => clock.pending).toBe(0);
  });
});
