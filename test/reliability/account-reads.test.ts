/**
 * Account reads while a fax merely waits (issue #30, item 1): a 10-minute
 * soak on one manual clock for FaxDesk and the simulator, counted in the
 * simulator's request log. Main reads the account after a create and when a
 * task poll shows a recipient ended; the window adds its slow refresh.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toServiceTime } from '../../src/shared/service-time';
import { ACCOUNT_REFRESH_MS } from '../../src/shared/task-state';
import { makeRig, samplePdf, type Rig } from '../main/tasks/helpers';
import { atMost, recordFigure, resetFigures } from './figures';

const SUITE = 'account-reads';
const MIN = 60_000;
let rig: Rig | null = null;
beforeAll(() => resetFigures(SUITE));
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const settle = () => rig!.feature.tracker.idle();
const advance = (ms: number) => rig!.clock.advance(ms, settle);
/** waits for the requests set off by a listener (not a timer) to be answered */
const drain = () => rig!.quiet();

describe('account reads', () => {
  it('a fax waiting for tomorrow costs no account reads of its own: 10 minutes with the window open make at most 10', async () => {
    rig = await makeRig({ poll: true });
    const pdf = await samplePdf(rig.dir);
    const tomorrow = toServiceTime(new Date(rig.clock.now() + 24 * 60 * MIN), rig.settings.serviceTimeZone);
    await rig.send('Tomorrow', ['8610555501'], pdf, { scheduledAt: tomorrow });
    const before = rig.accountReads();
    // Time passes in 5 s steps, each letting what it set off reach the simulator; the window, open all
    // along, refreshes the account on its slow timer (useAccount).
    for (let t = 5_000; t <= 10 * MIN; t += 5_000) {
      await advance(5_000);
      await drain();
      if (t % ACCOUNT_REFRESH_MS === 0) await rig.readAccount();
    }
    await drain();
    const reads = rig.accountReads() - before;
    recordFigure(SUITE, 'account-reads-soak', 'account reads in a 10-minute soak with one fax scheduled for tomorrow (was 60: one every 10 s)', reads, atMost(10), `window open, refreshing every ${ACCOUNT_REFRESH_MS / 1000} s`);
    // Only the window's own slow refreshes: nothing of main's while the fax waits.
    expect(reads).toBe(Math.floor((10 * MIN) / ACCOUNT_REFRESH_MS));
    expect(rig.sim.tasks()[0]!.status).toBe('pending');
  });

});
