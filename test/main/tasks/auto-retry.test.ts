/**
 * The automatic retry as the app runs it (mutation module `resend-and-retry`): the tracker sees a task end,
 * the retry waits the delay on the test's clock and resends through main's handler to the simulator on
 * loopback. Its rules alone (who, when, the limit): auto-retry-rules.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRig, pollMinutes as poll, samplePdf, type Rig } from './helpers';

const OK = '8613800138000';
const BUSY = '8613800138666';
const NOT_FAX = '8613800138888';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

describe('auto-retry', () => {
  it('resends busy numbers after the delay and stops at the limit', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 3 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Retry me', [OK, BUSY, NOT_FAX], file);
    rig.feature.tracker.start();
    await poll(rig, 25);
    const chain = rig.sim.tasks().map((t) => ({ ref: t.task_ref, numbers: t.recipients.map((r) => r.phone_number) }));
    // The original, then two retries to the busy number only (not the non-fax one), then no more.
    expect(chain).toHaveLength(3);
    expect(chain[1]!.numbers).toEqual([BUSY]);
    expect(chain[2]!.numbers).toEqual([BUSY]);
    expect(rig.history.getTask(chain[1]!.ref)!.resendOf).toBe(ref);
    expect(rig.history.getTask(chain[2]!.ref)!.resendOf).toBe(chain[1]!.ref);
    expect(rig.feature.autoRetry.scheduled().size).toBe(0);
  });

  it('does not send again what the user already resent by hand while the retry was waiting', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 30 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Resent by hand', [OK, BUSY], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && !rig.feature.autoRetry.scheduled().has(ref); i++) await poll(rig, 1);
    expect(rig.feature.autoRetry.scheduled().has(ref)).toBe(true);
    await rig.handlers.resendFailed({ taskRef: ref, only: 'retryable' });
    expect(rig.feature.autoRetry.scheduled().has(ref)).toBe(false);
    const before = rig.sim.taskCount();
    await poll(rig, 35);
    // the hand resend itself may be retried later (it is a new task), but the original is never resent twice
    expect(rig.sim.tasks().filter((t) => rig!.history.getTask(t.task_ref)?.resendOf === ref)).toHaveLength(1);
    expect(rig.sim.taskCount()).toBeGreaterThanOrEqual(before);
  });

  it('waits exactly the delay the user set — not a moment less — and one attempt means one resend', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 1, delayMinutes: 5 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Retry once', [BUSY], file);
    rig.feature.tracker.start();
    // the moment the poll that saw the task end ran (each timer settles before the next)
    let endedAt: number | null = null;
    const settle = async () => {
      await rig!.feature.autoRetry.idle();
      await rig!.feature.tracker.idle();
      if (endedAt === null && rig!.feature.autoRetry.scheduled().has(ref)) endedAt = rig!.clock.now();
    };
    for (let i = 0; i < 40 && endedAt === null; i++) await rig.clock.advance(60_000, settle);
    const at = rig.feature.autoRetry.scheduled().get(ref)!;
    expect(at - endedAt!).toBe(5 * 60_000);
    await rig.clock.advance(at - 1 - rig.clock.now(), settle);
    expect(rig.sim.taskCount()).toBe(1);
    await rig.clock.advance(1, settle);
    expect(rig.sim.taskCount()).toBe(2);
    expect(rig.sim.tasks()[1]!.recipients.map((r) => r.phone_number)).toEqual([BUSY]);
    // the resend is busy again: with one attempt allowed, that is the end of it
    await poll(rig, 20);
    expect(rig.sim.taskCount()).toBe(2);
    expect(rig.feature.autoRetry.scheduled().size).toBe(0);
    expect(rig.logLines.some((l) => l.includes('is retry 1 of 1; not retrying again'))).toBe(true);
  });

  it('turned off while a retry waits: nothing is resent', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 2 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Retry then off', [BUSY], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && !rig.feature.autoRetry.scheduled().has(ref); i++) await poll(rig, 1);
    expect(rig.feature.autoRetry.scheduled().has(ref)).toBe(true);
    rig.settings.autoRetry = { ...rig.settings.autoRetry, enabled: false };
    await poll(rig, 10);
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('is off by default', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir);
    await rig.send('No retry', [BUSY], file);
    rig.feature.tracker.start();
    await poll(rig, 15);
    expect(rig.sim.taskCount()).toBe(1);
    // and says nothing about a retry (no "not retrying again" for a policy that is off)
    expect(rig.logLines.filter((l) => l.includes('auto-retry'))).toEqual([]);
  });

  it('says in the log when it will resend, and a resend the service refuses is logged once and not tried again', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 3, delayMinutes: 2 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Refused retry', [BUSY], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && !rig.feature.autoRetry.scheduled().has(ref); i++) await poll(rig, 1);
    expect(rig.logLines.some((l) => l.includes(`auto-retry: resending the busy/no-answer recipients of ${ref} in 2 min`))).toBe(true);
    rig.sim.setAccount({ balance: 0 });
    await poll(rig, 10);
    expect(rig.sim.taskCount()).toBe(1);
    expect(rig.logLines.filter((l) => l.includes(`auto-retry of ${ref} failed; the failures stay listed for a manual resend`))).toHaveLength(1);
    expect(rig.feature.autoRetry.scheduled().size).toBe(0);
    // the failures stay for the user: a resend by hand goes once the balance is back
    rig.sim.setAccount({ balance: 100 });
    await rig.handlers.resendFailed({ taskRef: ref, only: 'retryable' });
    expect(rig.sim.taskCount()).toBe(2);
  });

  it('a retry waiting when FaxDesk closes is dropped, not sent', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 2 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Closing', [BUSY], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && !rig.feature.autoRetry.scheduled().has(ref); i++) await poll(rig, 1);
    rig.feature.autoRetry.close();
    expect(rig.feature.autoRetry.scheduled().size).toBe(0);
    await rig.clock.advance(10 * 60_000, () => rig!.feature.autoRetry.idle());
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('a resend of another desk’s fax (not in this history) that ends busy is retried like any', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 2 } } });
    const file = await samplePdf(rig.dir);
    const up = await rig.client.uploadFile(file);
    const { taskIds } = rig.history.recordSend({
      name: 'Contract (resend)',
      files: [{ path: file, name: 'contract.pdf', size: 1, pages: 1, fileRef: up.file_ref }],
      parts: [{ name: 'Contract (resend)', phoneNumbers: [BUSY] }],
      scheduledAt: null,
      resendOf: 'fax_of_another_desk',
    });
    const created = await rig.client.createTask({ name: 'Contract (resend)', file_refs: [up.file_ref], phone_numbers: [BUSY] });
    rig.history.recordCreated(taskIds[0]!, created);
    const ref = String(created.task_ref);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && !rig.feature.autoRetry.scheduled().has(ref); i++) await poll(rig, 1);
    expect(rig.feature.autoRetry.scheduled().has(ref)).toBe(true);
    await poll(rig, 3);
    expect(rig.sim.taskCount()).toBe(2);
  });

  it('only a number that is no fax failed: nothing to retry', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 2 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Not a fax', [OK, NOT_FAX], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 30 && rig.history.getTask(ref)!.status !== 'done'; i++) await poll(rig, 1);
    expect(rig.history.getTask(ref)!.status).toBe('done');
    expect(rig.feature.autoRetry.scheduled().size).toBe(0);
    await poll(rig, 5);
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('the same end reported twice (the poll and the send’s follow-up answer): one retry, one timer, nothing refused', async () => {
    rig = await makeRig({ settings: { autoRetry: { enabled: true, attempts: 2, delayMinutes: 2 } } });
    const file = await samplePdf(rig.dir);
    const ref = await rig.send('Twice', [BUSY], file);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && !rig.feature.autoRetry.scheduled().has(ref); i++) await poll(rig, 1);
    const at = rig.feature.autoRetry.scheduled().get(ref);
    const task = await rig.client.getTask(ref);
    const changes = { ...rig.history.applyTaskResponse(task), becameTerminal: true };
    rig.feature.autoRetry.onTaskEnded(changes);
    expect(rig.feature.autoRetry.scheduled().get(ref)).toBe(at);
    await poll(rig, 3);
    rig.feature.autoRetry.onTaskEnded(changes);
    await poll(rig, 3);
    expect(rig.sim.tasks().filter((t) => rig!.history.getTask(t.task_ref)?.resendOf === ref)).toHaveLength(1);
    expect(rig.logLines.filter((l) => l.includes('failed; the failures stay listed'))).toEqual([]);
  });
});
