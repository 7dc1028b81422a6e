/**
 * When FaxDesk reads the account, and what a read sets off: against the
 * simulator's request log, on one manual clock for the app and the service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toServiceTime } from '@shared/service-time';
import { makeRig, samplePdf, type Rig } from './helpers';

// The spec's recommended polling interval (not the code's constants): at least 30 seconds, about 1 minute for a
// task being sent.
const SPEC_PENDING_MS = 30_000;
const SPEC_SENDING_MS = 60_000;

const MIN = 60_000;
let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const settle = () => rig!.feature.tracker.idle();
const advance = (ms: number) => rig!.clock.advance(ms, settle);
/** waits for the requests set off by a listener (not a timer) to be answered */
const drain = () => rig!.quiet();
/** the smallest gap between two queries of one task */
const closestAsks = (r: Rig, ref: string) => {
  const at = r.taskAsks.filter((a) => a.ref === ref).map((a) => a.at);
  let min = Infinity;
  for (let i = 1; i < at.length; i++) min = Math.min(min, at[i]! - at[i - 1]!);
  return min;
};

describe('account reads', () => {
  it('reads the account when a poll shows recipients finished, once per poll round, and not while the fax waits', async () => {
    rig = await makeRig({ poll: true });
    const pdf = await samplePdf(rig.dir);
    const inTwoMinutes = toServiceTime(new Date(rig.clock.now() + 2 * MIN), rig.settings.serviceTimeZone);
    const ref = await rig.send('Three numbers', ['8610555511', '8610555512', '8610555513'], pdf, { scheduledAt: inTwoMinutes });
    const before = rig.accountReads();
    await advance(2 * MIN);
    expect(rig.accountReads() - before).toBe(0);
    // The three are sent on parallel lines and all end within the same minute: one poll sees them end.
    await advance(3 * MIN);
    await drain();
    expect(rig.history.getTask(ref)!.status).toBe('done');
    const reads = rig.accountReads() - before;
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
    // The last read saw the balance after all three charges.
    const last = await rig.client.getAccount();
    expect(last.balance).toBeCloseTo(500 - 3 * 0.3, 5);
  });

  it('a balance that moved does not ask the open sending task sooner than a minute after its last query (DESIGN.md: 60 s while sending)', async () => {
    rig = await makeRig({ poll: true });
    const pdf = await samplePdf(rig.dir, 2);
    const ref = await rig.send('Two pages', ['8610555521'], pdf);
    await rig.feature.detail(ref);
    await rig.readAccount();
    // The first poll (30 s after the create) finds it sending; the next comes 60 s later.
    await advance(31_000);
    const firstAsk = rig.taskAsks.filter((a) => a.ref === ref).at(-1)!.at;
    expect(rig.history.getTask(ref)!.status).toBe('sending');
    // The simulator finishes the recipient 50 s after the start (dial 10 s, 2 pages of 20 s).
    await advance(firstAsk + 32_000 - rig.clock.now());
    expect(rig.sim.tasks()[0]!.recipients[0]!.status).toBe('success');
    const asks = rig.taskAsks.length;
    // The window's slow refresh sees the charge: the header's balance moves, the task is not asked yet…
    await rig.readAccount();
    await drain();
    expect(rig.taskAsks.length).toBe(asks);
    expect(rig.history.getTask(ref)!.status).toBe('sending');
    // …it is at its minute, by the usual schedule.
    await advance(firstAsk + SPEC_SENDING_MS - rig.clock.now());
    await drain();
    expect(rig.history.getTask(ref)!.status).toBe('done');
    expect(closestAsks(rig, ref)).toBeGreaterThanOrEqual(SPEC_SENDING_MS);
  });

  it('a balance that moved asks a sending task queried 60 s ago, not one queried 59.999 s ago (no poll timer: the news alone)', async () => {
    rig = await makeRig({ poll: false });
    const pdf = await samplePdf(rig.dir, 2);
    const ref = await rig.send('Two pages', ['8610555531'], pdf);
    await rig.feature.detail(ref);
    await rig.readAccount();
    await advance(31_000);
    await rig.feature.tracker.fetch(ref);
    expect(rig.history.getTask(ref)!.status).toBe('sending');
    const lastAsk = rig.taskAsks.filter((a) => a.ref === ref).at(-1)!.at;
    await advance(lastAsk + SPEC_SENDING_MS - 1 - rig.clock.now());
    await rig.feature.detail(ref); // still on screen
    const asks = rig.taskAsks.length;
    rig.sim.setAccount({ balance: 123 });
    await rig.readAccount();
    await drain();
    expect(rig.taskAsks.length).toBe(asks);
    // One millisecond later the same news is allowed to ask.
    await advance(1);
    rig.sim.setAccount({ balance: 122 });
    await rig.readAccount();
    await drain();
    expect(rig.taskAsks.length).toBe(asks + 1);
    expect(rig.taskAsks.at(-1)!.at - lastAsk).toBe(SPEC_SENDING_MS);
  });

  it('after a 20-minute outage every waiting task is up to date within 2 minutes of the return, at the spec’s rates', async () => {
    rig = await makeRig({ poll: true, clientAttempts: 1 });
    const pdf = await samplePdf(rig.dir);
    const later = toServiceTime(new Date(rig.clock.now() + 5 * MIN), rig.settings.serviceTimeZone);
    const refs: string[] = [];
    for (let i = 0; i < 4; i++) refs.push(await rig.send(`Outage ${i}`, [`861055554${i}`], pdf, { scheduledAt: later }));
    await advance(MIN);
    rig.sim.setFaults({ errorRate: 1 });
    await advance(20 * MIN);
    // Meanwhile the service sent them all.
    rig.sim.setFaults({ errorRate: 0 });
    expect(rig.sim.tasks().every((t) => t.status === 'done')).toBe(true);
    expect(refs.every((r) => rig!.history.getTask(r)!.status !== 'done')).toBe(true);
    const back = rig.clock.now();
    let caughtUpAt = -1;
    for (let s = 0; s < 10 * 60; s += 5) {
      await advance(5_000);
      if (refs.every((r) => rig!.history.getTask(r)!.status === 'done')) {
        caughtUpAt = rig.clock.now() - back;
        break;
      }
    }
    console.info(`after a 20-minute outage, the 4 tasks were up to date ${caughtUpAt / 1000} s after the service returned`);
    expect(caughtUpAt).toBeGreaterThan(0);
    expect(caughtUpAt).toBeLessThanOrEqual(2 * MIN);
    for (const r of refs) expect(closestAsks(rig, r)).toBeGreaterThanOrEqual(SPEC_PENDING_MS);
  });

  it('the service’s return seen by an account read brings the waiting tasks up to date without waiting for the poll backoff', async () => {
    rig = await makeRig({ poll: true, clientAttempts: 1 });
    const pdf = await samplePdf(rig.dir);
    const ref = await rig.send('Outage', ['8610555551'], pdf);
    await advance(MIN);
    rig.sim.setFaults({ errorRate: 1 });
    await advance(20 * MIN);
    rig.sim.setFaults({ errorRate: 0 });
    expect(rig.feature.tracker.health().state).toBe('retrying');
    // The last (failed) query counts for the task's rate: 60 s while sending. The backoff lasts longer.
    const lastAsk = rig.taskAsks.filter((a) => a.ref === ref).at(-1)!.at;
    await advance(lastAsk + 61_000 - rig.clock.now());
    expect(rig.feature.tracker.health().retryAtMs!).toBeGreaterThan(rig.clock.now());
    expect(rig.history.getTask(ref)!.status).not.toBe('done');
    await rig.readAccount();
    await drain();
    expect(rig.history.getTask(ref)!.status).toBe('done');
    expect(rig.feature.tracker.health().state).toBe('ok');
    expect(closestAsks(rig, ref)).toBeGreaterThanOrEqual(SPEC_PENDING_MS);
  });
});
