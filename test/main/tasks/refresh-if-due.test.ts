/**
 * Opening a task's detail asks the service about it only when the polling
 * rules allow (the spec: no faster than every 30 s while pending, about every
 * minute while sending): a due/not-due pair on each side of each interval,
 * on the clock the tracker and the simulator share. The intervals are the
 * spec's figures, not the implementation's constants.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRig, samplePdf, taskQueries, type Rig } from './helpers';

const OK = '8613800138000';
/** the spec: "at least 30 seconds" between queries of a pending task */
const PENDING_INTERVAL = 30_000;
/** the spec: "about 1 minute for tasks being sent" */
const SENDING_INTERVAL = 60_000;

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const asked = (r: Rig, ref: string) => taskQueries(r.sim).get(ref) ?? 0;

/** A task the service keeps sending for a long while (60 pages take it about 20 minutes). */
async function longTask(r: Rig): Promise<string> {
  return r.send('Long one', [OK], await samplePdf(r.dir, 60));
}

describe('opening a task detail while the task is pending', () => {
  it('does not ask the service before 30 s have passed since the last answer, and asks at 30 s', async () => {
    rig = await makeRig();
    const ref = await longTask(rig);
    // the create answer is the last thing FaxDesk heard: pending
    expect(rig.history.getTask(ref)!.status).toBe('pending');

    await rig.clock.advance(PENDING_INTERVAL - 1);
    await rig.handlers.getTaskDetail({ id: ref });
    await rig.handlers.getTaskDetail({ id: ref });
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    expect(asked(rig, ref)).toBe(0);

    await rig.clock.advance(1);
    const detail = await rig.handlers.getTaskDetail({ id: ref });
    expect(asked(rig, ref)).toBe(1);
    // what the service said then is on screen: it had started sending
    expect(detail.task.status).toBe('sending');
  });
});

describe('opening a task detail while the task is being sent', () => {
  it('does not ask again before a minute has passed, and asks at a minute', async () => {
    rig = await makeRig();
    const ref = await longTask(rig);
    await rig.clock.advance(PENDING_INTERVAL);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(true);
    expect(rig.history.getTask(ref)!.status).toBe('sending');
    expect(asked(rig, ref)).toBe(1);

    // 30 s would be due for a pending task, not for one being sent
    await rig.clock.advance(PENDING_INTERVAL);
    await rig.handlers.getTaskDetail({ id: ref });
    await rig.clock.advance(SENDING_INTERVAL - PENDING_INTERVAL - 1);
    await rig.handlers.getTaskDetail({ id: ref });
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    expect(asked(rig, ref)).toBe(1);

    await rig.clock.advance(1);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(true);
    expect(asked(rig, ref)).toBe(2);
    // and right after, not again
    await rig.handlers.getTaskDetail({ id: ref });
    expect(asked(rig, ref)).toBe(2);
  });

  it('an answer obtained elsewhere (the send’s follow-up query) restarts the minute', async () => {
    rig = await makeRig();
    const ref = await longTask(rig);
    await rig.clock.advance(PENDING_INTERVAL);
    const task = await rig.client.getTask(ref);
    expect(task.status).toBe('sending');
    rig.feature.tracker.ingest(task);
    const before = asked(rig, ref);

    await rig.clock.advance(SENDING_INTERVAL - 1);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    expect(asked(rig, ref)).toBe(before);
    await rig.clock.advance(1);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(true);
    expect(asked(rig, ref)).toBe(before + 1);
  });
});

describe('opening a task detail when the tracker must not ask', () => {
  it('a query that failed counts: the next one waits for the interval from that attempt, and the failure is not reported as a refresh', async () => {
    rig = await makeRig({ clientAttempts: 1 });
    const ref = await longTask(rig);
    await rig.clock.advance(PENDING_INTERVAL);
    rig.sim.setFaults({ errorRate: 1 });
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    const tried = asked(rig, ref);
    expect(tried).toBe(1);
    rig.sim.setFaults({ errorRate: 0 });
    // the history never heard back, but the tracker asked: not again before 30 s from that attempt
    await rig.clock.advance(PENDING_INTERVAL - 1);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    await rig.handlers.getTaskDetail({ id: ref });
    expect(asked(rig, ref)).toBe(tried);
    await rig.clock.advance(1);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(true);
    expect(asked(rig, ref)).toBe(tried + 1);
  });

  it('while offline or asleep it does not ask, and asks once back', async () => {
    rig = await makeRig();
    const ref = await longTask(rig);
    await rig.clock.advance(PENDING_INTERVAL);
    rig.feature.tracker.setOnline(false);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    await rig.handlers.getTaskDetail({ id: ref });
    rig.feature.tracker.setOnline(true);
    rig.feature.tracker.suspend();
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    expect(asked(rig, ref)).toBe(0);
    rig.feature.tracker.resume();
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(true);
    expect(asked(rig, ref)).toBe(1);
  });

  it('a task that ended is never asked about again, however long after', async () => {
    rig = await makeRig();
    const ref = await rig.send('Short one', [OK], await samplePdf(rig.dir, 1));
    let task = await rig.client.getTask(ref);
    for (let i = 0; i < 30 && task.status !== 'done'; i++) {
      await rig.clock.advance(10_000);
      task = await rig.client.getTask(ref);
    }
    rig.feature.tracker.ingest(task);
    expect(rig.history.getTask(ref)!.status).toBe('done');
    const before = asked(rig, ref);
    await rig.clock.advance(60 * 60_000);
    expect(await rig.feature.tracker.refreshIfDue(ref)).toBe(false);
    await rig.handlers.getTaskDetail({ id: ref });
    expect(asked(rig, ref)).toBe(before);
  });

  it('a task the history does not hold is not asked about', async () => {
    rig = await makeRig();
    expect(await rig.feature.tracker.refreshIfDue('task_not_in_history')).toBe(false);
    expect(asked(rig, 'task_not_in_history')).toBe(0);
  });
});
