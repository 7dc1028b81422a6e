/**
 * The tray's (and the dock badge's) failed count follows the sidebar's Failures badge: the whole office's
 * while the office database answers — read again when another desk writes to it (LISTEN/NOTIFY), not on a
 * timer — and this desk's own once it does not. Two desks, one PostgreSQL, one simulator.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import type { TasksTrayStatus } from '@main/tasks/counts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';
import { openOfficeDesk, sendAndFinish } from '../../helpers/office-desk';

const missing = postgresMissing();
let pgServer: RunningPostgres;
let sim: RunningSimulator;
beforeAll(async () => {
  if (missing) return;
  pgServer = await startPostgres();
  sim = await startSimulator({ speed: 200, balance: 1000 });
});
afterAll(async () => {
  await sim?.stop();
  await pgServer?.stop();
});
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

describe.skipIf(missing)('the tray’s failed count', () => {
  it('is the office’s while the office answers (another desk’s failure shows on this tray by NOTIFY), and this desk’s once it does not', async () => {
    const a = await openOfficeDesk('Li Na', pgServer.port, sim, open);
    const b = await openOfficeDesk('Wang Wei', pgServer.port, sim, open);
    const shownOnB: TasksTrayStatus[] = [];
    b.services.tray.onChange((s) => shownOnB.push(s));
    expect(b.services.tray.current().failed).toBe(0);

    await sendAndFinish(a, 'Contract T1', ['8613800131666', '8613800131001']);
    // B sent nothing and its own history has no failure; its tray counts A's busy number, told (not asked)
    await expect.poll(() => shownOnB.at(-1)?.failed, { timeout: 5_000 }).toBe(1);
    expect(b.services.tray.current()).toEqual({ sending: 0, failed: 1 });
    expect(b.services.tasks.trayStatus().failed).toBe(0);
    // the same number the Failures badge shows on B
    const badge = await dispatch(b.services.handlers, 'listOfficeFailures', { days: 7 });
    expect(badge.ok && (badge.value as { total: number }).total).toBe(1);

    // the office stops answering: B's tray falls back to B's own (none)
    pgServer.kill();
    try {
      await expect.poll(() => shownOnB.at(-1)?.failed, { timeout: 10_000 }).toBe(0);
      expect(a.services.tray.current().failed).toBe(1);
    } finally {
      await pgServer.start();
    }
  });
});
