import { afterEach, describe, expect, it } from 'vitest';
import { toServiceTime } from '@shared/service-time';
import { backoffMs } from '@main/tasks/backoff';
import { makeRig, samplePdf, taskQueries, type Rig } from './helpers';

const OK = '8613800138000';
let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const run = (r: Rig, ms: number) => r.clock.advance(ms, () => r.feature.tracker.idle());

describe('the poller', () => {
  it('does not ask about a task scheduled in the future before its time', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir);
    const at = toServiceTime(new Date(Date.now() + 3_600_000), 'Asia/Shanghai');
    const ref = await rig.send('Later', [OK], file, { scheduledAt: at });
    rig.feature.tracker.start();
    await run(rig, 10 * 60_000);
    expect(taskQueries(rig.sim).get(ref) ?? 0).toBe(0);
    // ...and starts once the time has come.
    await run(rig, 51 * 60_000);
    expect(taskQueries(rig.sim).get(ref)).toBeGreaterThan(0);
  });

  it('pauses while offline or asleep and resumes at once afterwards', async () => {
    rig = await makeRig();
    // 60 pages take the service 20 minutes: the fax is still going when the tracker wakes up
    const file = await samplePdf(rig.dir, 60);
    const ref = await rig.send('Offline', [OK], file);
    rig.feature.tracker.start();
    rig.feature.tracker.setOnline(false);
    await run(rig, 5 * 60_000);
    expect(taskQueries(rig.sim).get(ref) ?? 0).toBe(0);
    rig.feature.tracker.setOnline(true);
    await rig.feature.tracker.idle();
    expect(taskQueries(rig.sim).get(ref)).toBe(1);
    rig.feature.tracker.suspend();
    await run(rig, 5 * 60_000);
    expect(taskQueries(rig.sim).get(ref)).toBe(1);
    rig.feature.tracker.resume();
    await rig.feature.tracker.idle();
    expect(taskQueries(rig.sim).get(ref)).toBe(2);
  });

  it('backs off exponentially while the service fails, then returns to the normal pace', async () => {
    rig = await makeRig({ clientAttempts: 1 });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Outage', [OK], file);
    rig.sim.setFaults({ errorRate: 1 });
    rig.feature.tracker.start();
    await run(rig, 30 * 60_000);
    const during = taskQueries(rig.sim).get(ref) ?? 0;
    // Normal pace would be 60 queries in 30 minutes; backing off 15 s, 30 s, 1 min, then every 2 min (±20 %) gives about 17.
    expect(during).toBeGreaterThanOrEqual(12);
    expect(during).toBeLessThanOrEqual(21);
    expect(rig.logLines.some((l) => /pausing polls/.test(l))).toBe(true);
    // the shell shows "retrying" with the next attempt, keeping the last data on screen
    const health = rig.feature.tracker.health();
    expect(health).toMatchObject({ state: 'retrying', lastError: 'server' });
    expect(health.retryAtMs).toBeGreaterThan(rig.clock.now());
    expect(rig.emitted.some((e) => e.name === 'trackerHealthChanged' && (e.payload as { state: string }).state === 'retrying')).toBe(true);
    rig.sim.setFaults({ errorRate: 0 });
    await run(rig, 11 * 60_000);
    expect(rig.history.getTask(ref)!.lastCheckedAtMs).not.toBeNull();
    expect(rig.feature.tracker.health().state).toBe('ok');
    expect(rig.emitted.some((e) => e.name === 'trackerHealthChanged' && (e.payload as { state: string }).state === 'ok')).toBe(true);
    rig.feature.tracker.setOnline(false);
    expect(rig.feature.tracker.health().state).toBe('offline');
  });

  it('computes capped exponential waits', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, mid))).toEqual([15_000, 30_000, 60_000, 120_000]);
    // never longer than the 2 minutes within which waiting tasks catch up after an outage (issue #30, item 21)
    expect(backoffMs(40, () => 1)).toBe(2 * 60_000);
  });
});
