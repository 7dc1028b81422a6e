/**
 * Demo mode: the built-in simulator runs in FaxDesk's own process and says when a task ends (when its
 * webhook would be sent), so the result is shown when it happens, not at the next poll up to a minute
 * later — one question, on the news, not on a timer. On the rig's clock (nothing waits on real time)
 * with the simulator telling its ends as the Connection passes them on; the whole path (Connection,
 * tracker, history, the window's event) in createMainServices below.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import type { SendResult } from '@shared/send/types';
import type { TaskDetailView } from '@shared/tasks/types';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { DEMO_PROFILE } from '@main/account/profile';
import { makeRig, samplePdf, taskQueries, type Rig } from './helpers';

const OK = '8613800138000';

let rig: Rig | null = null;
let t: TestServices | null = null;
afterEach(async () => {
  await rig?.close();
  await t?.cleanup();
  rig = null;
  t = null;
});

const asked = (r: Rig, ref: string) => taskQueries(r.sim).get(ref) ?? 0;
const simStatus = (r: Rig, ref: string) => r.sim.tasks().find((x) => x.task_ref === ref)?.status;

/** Moves the rig's clock on ten seconds at a time until the service has ended the task (at most an hour). */
async function untilEndedAtService(r: Rig, ref: string): Promise<void> {
  for (let i = 0; i < 360 && !['done', 'failed'].includes(simStatus(r, ref) ?? ''); i++) await r.clock.advance(10_000);
  expect(simStatus(r, ref)).toBe('done');
}

describe('a demo task that ends', () => {
  it('is asked about once, at its end, although its minute has not passed, and the history holds the result', async () => {
    rig = await makeRig({ demoEnds: true, profile: DEMO_PROFILE });
    const ref = await rig.send('Invoice', [OK], await samplePdf(rig.dir, 1));
    await untilEndedAtService(rig, ref);
    await rig.quiet();
    // no poller runs in the rig: without the news the service would not have been asked at all
    expect(asked(rig, ref)).toBe(1);
    expect(rig.history.getTask(ref)!.status).toBe('done');
    expect(rig.history.getTask(ref)!.recipients[0]!.status).toBe('success');
    // the window heard of it
    expect(rig.emitted.some((e) => e.name === 'tasksChanged' && JSON.stringify(e.payload).includes(ref))).toBe(true);
    // nothing more: the end is asked about once
    await rig.clock.advance(60_000);
    await rig.quiet();
    expect(asked(rig, ref)).toBe(1);
  });

  it('told while a question is on its way (its answer from just before the end): asked again once that has landed', async () => {
    rig = await makeRig({ demoEnds: true, profile: DEMO_PROFILE });
    const r = rig;
    const ref = await r.send('Invoice', [OK], await samplePdf(r.dir, 1));
    for (let i = 0; i < 60 && simStatus(r, ref) !== 'sending'; i++) await r.clock.advance(1_000);
    expect(simStatus(r, ref)).toBe('sending');
    const getTask = r.client.getTask;
    let first = true;
    r.client.getTask = async (taskRef, o) => {
      const answer = await getTask(taskRef, o);
      if (first) {
        first = false;
        // the service ends the task while this answer ('sending') is still on its way back
        await untilEndedAtService(r, ref);
      }
      return answer;
    };
    await r.feature.tracker.fetch(ref);
    await r.quiet();
    expect(asked(r, ref)).toBe(2);
    expect(r.history.getTask(ref)!.status).toBe('done');
  });

  it('is not asked about again when the history already has its end', async () => {
    rig = await makeRig();
    const ref = await rig.send('Invoice', [OK], await samplePdf(rig.dir, 1));
    await untilEndedAtService(rig, ref);
    rig.feature.tracker.ingest(await rig.client.getTask(ref));
    expect(rig.history.getTask(ref)!.status).toBe('done');
    const before = asked(rig, ref);
    expect(await rig.feature.tracker.endedAtService(ref)).toBe(false);
    expect(asked(rig, ref)).toBe(before);
  });

  it('ended before the history had it: asked once the send records it unfinished, not when it records the end', async () => {
    rig = await makeRig({ demoEnds: true, profile: DEMO_PROFILE });
    const r = rig;
    const file = await samplePdf(r.dir, 1);
    /** The Send screen's steps with the history's record of the created task held back, as on a slow disk. */
    const sendUnrecorded = async (name: string) => {
      const up = await r.client.uploadFile(file);
      const { taskIds } = r.history.recordSend({
        name,
        files: [{ path: file, name: path.basename(file), size: fs.statSync(file).size, pages: null, fileRef: up.file_ref }],
        parts: [{ name, phoneNumbers: [OK] }],
        scheduledAt: null,
      });
      const created = await r.client.createTask({ name, file_refs: [up.file_ref], phone_numbers: [OK] });
      const ref = String(created.task_ref);
      // the send's follow-up query, answered before the end
      const early = await r.client.getTask(ref);
      expect(early.status).not.toBe('done');
      return { ref, early, record: () => r.history.recordCreated(taskIds[0]!, created) };
    };
    const first = await sendUnrecorded('First');
    const second = await sendUnrecorded('Second');
    await untilEndedAtService(r, first.ref);
    await untilEndedAtService(r, second.ref);
    await r.quiet();
    // told of both ends while the history did not have them: nothing to ask yet
    expect(asked(r, first.ref)).toBe(1);
    expect(asked(r, second.ref)).toBe(1);

    // The first is recorded with the answer from before its end: asked at once, and its end is in the history.
    first.record();
    r.feature.tracker.ingest(first.early);
    await r.quiet();
    expect(asked(r, first.ref)).toBe(2);
    expect(r.history.getTask(first.ref)!.status).toBe('done');

    // The second is recorded with its end already: nothing to ask.
    second.record();
    r.feature.tracker.ingest(await r.client.getTask(second.ref));
    await r.quiet();
    expect(asked(r, second.ref)).toBe(2);
    expect(r.history.getTask(second.ref)!.status).toBe('done');
    // and once asked, the first is not asked again when something brings it in once more
    r.feature.tracker.ingest(first.early);
    await r.quiet();
    expect(asked(r, first.ref)).toBe(2);
  });

  it('is not asked about while an account is connected (the demo service still ending its tasks)', async () => {
    rig = await makeRig({ demoEnds: true, profile: 'account:office-key' });
    const ref = await rig.send('Invoice', [OK], await samplePdf(rig.dir, 1));
    await untilEndedAtService(rig, ref);
    await rig.quiet();
    expect(asked(rig, ref)).toBe(0);
  });

  it('told after the history was closed (the app quitting): dropped with a log line, never an unhandled failure', async () => {
    rig = await makeRig({ demoEnds: true, profile: DEMO_PROFILE });
    const ref = await rig.send('Invoice', [OK], await samplePdf(rig.dir, 1));
    rig.history.close();
    await expect(rig.feature.tracker.endedAtService(ref)).resolves.toBe(false);
    expect(rig.logLines.some((l) => l.includes(`the end of ${ref} was told but the history could not be read`))).toBe(true);
  });

  it('is not asked about while the computer is offline', async () => {
    rig = await makeRig({ demoEnds: true, profile: DEMO_PROFILE });
    rig.feature.tracker.setOnline(false);
    const ref = await rig.send('Invoice', [OK], await samplePdf(rig.dir, 1));
    await untilEndedAtService(rig, ref);
    await rig.quiet();
    expect(asked(rig, ref)).toBe(0);
  });
});

describe('demo mode, the whole path', () => {
  it('a demo fax shows its result when it ends, seconds after the send, not at the next poll', async () => {
    // the demo service 200 times faster than life (a one-page fax ends within a second); the tracker's
    // first question of a pending task would come 30 s after the send, a sending one's a minute later
    t = await makeTestServices({});
    const file = await samplePdf(t.dataDir, 1);
    const handle = t.services.grants.grant(file);
    const sent = await dispatch(t.services.handlers, 'sendFax', {
      name: 'Invoice',
      documents: [{ handle, url: null, name: 'invoice.pdf', pages: 1, fileRef: null }],
      numbers: [OK],
      scheduledAt: null,
    });
    expect(sent.ok).toBe(true);
    const ref = (sent as { value: SendResult }).value.parts[0]!.task!.taskRef;
    const started = Date.now();
    const detail = async () => {
      const d = await dispatch(t!.services.handlers, 'getTaskDetail', { id: ref });
      return d.ok ? (d.value as TaskDetailView) : null;
    };
    // the window is told (tasksChanged) and the detail says so, well before any poll was due
    await expect.poll(async () => (await detail())?.task.status, { timeout: 10_000, interval: 100 }).toBe('done');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await detail())!.recipients.map((r) => r.status)).toEqual(['success']);
    expect(t.emitted.some((e) => e.name === 'tasksChanged' && JSON.stringify(e.payload).includes(ref) && JSON.stringify(e.payload).includes('done'))).toBe(true);
  });
});
