import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TasksChanged } from '@shared/ipc/channels/tasks';
import { serveOnLoopback } from '../../helpers/loopback-origin';
import { makeRig, samplePdf, taskQueries, type Rig } from './helpers';

const OK = '8613800138000';
const BUSY = '8613800138666';
const NO_ANSWER = '8613800138777';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/** Polls as the background poller would, one simulated minute per step, until the task ends. */
async function watchUntilEnded(r: Rig, taskRef: string): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 200; i++) {
    await r.clock.advance(60_000);
    await r.feature.tracker.tick();
    const status = r.history.getTask(taskRef)!.status;
    if (seen[seen.length - 1] !== status) seen.push(status);
    if (status === 'done' || status === 'failed') return seen;
  }
  throw new Error(`task ${taskRef} did not end; saw ${seen.join(' → ')}`);
}

describe('watching a task with a delivered, a busy and an unanswered number', () => {
  it('moves it through its states, groups the two failures, notifies once, and resends to exactly those two', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 5);
    const taskRef = await rig.send('Quarterly invoice', [OK, BUSY, NO_ANSWER], file);
    expect(rig.history.getTask(taskRef)!.status).toBe('pending');

    const seen = await watchUntilEnded(rig, taskRef);
    expect(seen).toContain('sending');
    expect(seen.at(-1)).toBe('done');

    const transitions = rig.emitted
      .filter((e) => e.name === 'tasksChanged')
      .flatMap((e) => (e.payload as TasksChanged).transitions)
      .filter((t) => t.taskRef === taskRef);
    expect(transitions.map((t) => t.to)).toEqual(expect.arrayContaining(['sending', 'done']));
    expect(transitions.at(-1)).toMatchObject({ to: 'done' });

    const detail = await rig.handlers.getTaskDetail({ id: taskRef });
    const byNumber = Object.fromEntries(detail.recipients.map((r) => [r.phoneNumber, r]));
    expect(byNumber[OK]).toMatchObject({ status: 'success', pageCount: 5, failedCode: null, retryable: false });
    expect(byNumber[OK]!.chargedAmount).toBeCloseTo(5 * byNumber[OK]!.unitPrice!, 2);
    expect(byNumber[OK]!.completedAtMs).toEqual(expect.any(Number));
    expect(byNumber[BUSY]).toMatchObject({ status: 'failed', failedCode: 'BUSY', retryable: true, pageCount: 0 });
    expect(byNumber[NO_ANSWER]).toMatchObject({ status: 'failed', failedCode: 'NO_ANSWER', retryable: true });
    expect(detail.task.recipients).toMatchObject({ total: 3, success: 1, failed: 2, pending: 0 });
    expect(detail.nextCheckAtMs).toBeNull();

    // Notified once, when it ended, with the counts.
    expect(rig.notifier.sent).toEqual([
      { title: 'Fax partly failed', body: '“Quarterly invoice”: 1 of 3 delivered, 2 failed. Click to see why and resend.', taskRef },
    ]);

    const failures = await rig.handlers.failuresSince({ days: 7 });
    expect(failures.total).toBe(2);
    expect(failures.groups.map((g) => [g.code, g.count, g.retryable])).toEqual([
      ['BUSY', 1, true],
      ['NO_ANSWER', 1, true],
    ]);
    expect(failures.groups[0]!.items[0]).toMatchObject({ taskRef, phoneNumber: BUSY });
    expect((await rig.handlers.taskCounts(undefined)).recentFailures).toBe(2);

    const resent = await rig.handlers.resendFailed({ taskRef, only: 'retryable' });
    expect(resent.phoneNumbers).toEqual([BUSY, NO_ANSWER]);
    expect(resent.reuploaded).toBe(0);
    const onService = rig.sim.tasks().find((t) => t.task_ref === resent.taskRef)!;
    expect(onService.recipients.map((r) => r.phone_number)).toEqual([BUSY, NO_ANSWER]);
    expect(onService.file_refs).toEqual(rig.sim.tasks().find((t) => t.task_ref === taskRef)!.file_refs);
    const linked = rig.history.getTask(resent.taskRef)!;
    expect(linked).toMatchObject({ resendOf: taskRef, name: 'Quarterly invoice (resend)', status: 'pending' });
    const row = (await rig.handlers.listTasks({ filters: {}, sort: { by: 'created', dir: 'desc' }, limit: 10, offset: 0 })).rows;
    expect(row.find((r) => r.taskRef === resent.taskRef)).toMatchObject({ resendOf: taskRef });
    // While the resend is under way, the two numbers are still not reached: listed once each, with the resend.
    const underWay = await rig.handlers.failuresSince({ days: 7 });
    expect(underWay.groups.flatMap((g) => g.items.map((i) => [i.phoneNumber, i.taskRef, i.resentAs?.id]))).toEqual([
      [BUSY, taskRef, resent.taskRef],
      [NO_ANSWER, taskRef, resent.taskRef],
    ]);
    expect((await rig.handlers.taskCounts(undefined)).recentFailures).toBe(2);

    // The resend itself is watched like any task and ends with both failing again.
    await watchUntilEnded(rig, resent.taskRef);
    expect(rig.notifier.sent).toHaveLength(2);
    expect(rig.notifier.sent[1]).toMatchObject({ title: 'Fax failed', taskRef: resent.taskRef });
    // Failures per number: each number once (its latest attempt, with the first failure as its history), counted once.
    const again = await rig.handlers.failuresSince({ days: 7 });
    expect(again.total).toBe(2);
    expect(again.groups.map((g) => [g.code, g.count, g.items.map((i) => [i.phoneNumber, i.taskRef, i.earlier.length, i.resentAs])])).toEqual([
      ['BUSY', 1, [[BUSY, resent.taskRef, 1, null]]],
      ['NO_ANSWER', 1, [[NO_ANSWER, resent.taskRef, 1, null]]],
    ]);
    expect(again.groups[0]!.items[0]!.earlier[0]).toMatchObject({ taskName: 'Quarterly invoice', failedCode: 'BUSY' });
    expect((await rig.handlers.taskCounts(undefined)).recentFailures).toBe(2);
  });

  it('uploads the documents again when their file_ref has expired, and links the resend', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const taskRef = await rig.send('Expired refs', [OK, BUSY], file);
    await watchUntilEnded(rig, taskRef);
    rig.sim.expireFileRefs();
    const resent = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(resent).toMatchObject({ phoneNumbers: [BUSY], reuploaded: 1 });
    expect(rig.history.getTask(resent.taskRef)!.resendOf).toBe(taskRef);
  });

  it('a document added by URL is uploaded again from its URL when its file_ref has expired', async () => {
    // served on loopback: only the simulator's test-only switch lets it fetch from there
    rig = await makeRig({ sim: { allowLoopbackRemoteUrls: true } });
    const pdf = fs.readFileSync(await samplePdf(rig.dir, 1));
    const origin = await serveOnLoopback(pdf);
    try {
      const url = `${origin.base}/docs/price-list.pdf`;
      // As the Send screen records it: the URL stands in the path field.
      const up = await rig.client.uploadFromUrl(url, '价目表.pdf');
      const { taskIds } = rig.history.recordSend({
        name: 'From a URL',
        files: [{ path: url, name: '价目表.pdf', size: 0, pages: 1, fileRef: up.file_ref }],
        parts: [{ name: 'From a URL', phoneNumbers: [OK, BUSY] }],
        scheduledAt: null,
      });
      const created = await rig.client.createTask({ name: 'From a URL', file_refs: [up.file_ref], phone_numbers: [OK, BUSY] });
      rig.history.recordCreated(taskIds[0]!, created);
      const taskRef = String(created.task_ref);
      await watchUntilEnded(rig, taskRef);
      rig.sim.expireFileRefs();
      const resent = await rig.handlers.resendFailed({ taskRef, only: 'all' });
      expect(resent).toMatchObject({ phoneNumbers: [BUSY], reuploaded: 1 });
      expect(origin.requests()).toBe(2);
      const stored = rig.sim.files().at(-1)!;
      expect(stored).toMatchObject({ file_name: '价目表.pdf', mode: 'url' });
      expect(rig.sim.tasks().find((t) => t.task_ref === resent.taskRef)!.file_refs).toEqual([stored.file_ref]);
    } finally {
      await origin.close();
    }
  });

  it('refuses to resend when nothing failed, and says why', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const taskRef = await rig.send('All good', [OK], file);
    await watchUntilEnded(rig, taskRef);
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({ code: 'tasks.nothing_to_resend' });
    expect(rig.notifier.sent).toEqual([{ title: 'Fax sent', body: '“All good”: 1 of 1 delivered.', taskRef }]);
  });

  it('looks one recipient up on the service and shows it as the task detail shows it', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const taskRef = await rig.send('One number', [OK], file);
    await watchUntilEnded(rig, taskRef);
    const shown = (await rig.handlers.getTaskDetail({ id: taskRef })).recipients[0]!;
    // The service does not name the task; this desk's history does, so the look-up links to it.
    expect(await rig.handlers.getRecipient({ rcptRef: shown.rcptRef })).toEqual({ ...shown, taskRef });
  });

  it('respects the notification settings and writes Chinese text for a Chinese desk', async () => {
    rig = await makeRig({ settings: { notifyOnDone: false, language: 'zh-CN' } });
    const file = await samplePdf(rig.dir, 1);
    const clean = await rig.send('全部成功', [OK], file);
    const partial = await rig.send('部分失败', [OK, BUSY], file);
    await watchUntilEnded(rig, clean);
    await watchUntilEnded(rig, partial);
    expect(rig.notifier.sent).toEqual([
      { title: '传真部分发送失败', body: '“部分失败”：1/2 个号码发送成功，1 个失败。点击查看并重发。', taskRef: partial },
    ]);
  });

  it('holds the manual refresh to its floor and tracks a task added by reference without notifying', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    // Created on the service only (as if sent from another desk).
    const up = await rig.client.uploadFile(file);
    const other = await rig.client.createTask({ name: 'From elsewhere', file_refs: [up.file_ref], phone_numbers: [OK] });
    const ref = String(other.task_ref);
    const added = await rig.handlers.trackTaskRef({ taskRef: ref });
    expect(added.task).toMatchObject({ taskRef: ref, name: 'From elsewhere', source: 'added_by_ref' });

    const first = await rig.handlers.refreshTask({ taskRef: ref });
    expect(first.refreshed).toBe(false);
    expect(first.retryInMs).toBeGreaterThan(0);
    const before = taskQueries(rig.sim).get(ref);
    await rig.clock.advance(10_000);
    const second = await rig.handlers.refreshTask({ taskRef: ref });
    expect(second.refreshed).toBe(true);
    expect(taskQueries(rig.sim).get(ref)).toBe((before ?? 0) + 1);
    let status = second.detail.task.status;
    for (let i = 0; i < 50 && status !== 'done'; i++) {
      await rig.clock.advance(10_000);
      status = (await rig.handlers.refreshTask({ taskRef: ref })).detail.task.status;
    }
    expect(status).toBe('done');
    // Announced only if FaxDesk saw it unfinished; a task that had ended when it was added is not news.
    const seenUnfinished = added.task.status !== 'done';
    expect(rig.notifier.sent.map((n) => n.taskRef)).toEqual(seenUnfinished ? [ref] : []);

    await expect(rig.handlers.trackTaskRef({ taskRef: 'no_such_task' })).rejects.toMatchObject({ code: 'not_found.task' });
    expect(rig.history.getTask('no_such_task')).toBeNull();
  });
});

describe('a task response obtained elsewhere (the send’s follow-up query)', () => {
  // That an unfinished answer obtained elsewhere restarts the polling interval: refresh-if-due.test.ts.
  it('is stored, announced and notified like a poll; the ended task is never asked about again', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const taskRef = await rig.send('Quick one', [OK], file);
    let task = await rig.client.getTask(taskRef);
    for (let i = 0; i < 50 && task.status !== 'done'; i++) {
      await rig.clock.advance(10_000);
      task = await rig.client.getTask(taskRef);
    }
    const changes = rig.feature.tracker.ingest(task);
    expect(changes.becameTerminal).toBe(true);
    expect(rig.notifier.sent).toEqual([{ title: 'Fax sent', body: '“Quick one”: 1 of 1 delivered.', taskRef }]);
    expect(rig.emitted.at(-1)).toMatchObject({ name: 'tasksChanged', payload: { taskRefs: [taskRef] } });
    const asked = taskQueries(rig.sim).get(taskRef) ?? 0;
    // long past any interval: a task that ended has nothing new to say
    await rig.clock.advance(10 * 60_000);
    expect(await rig.feature.tracker.refreshIfDue(taskRef)).toBe(false);
    await rig.handlers.getTaskDetail({ id: taskRef });
    await rig.feature.tracker.tick();
    expect(taskQueries(rig.sim).get(taskRef) ?? 0).toBe(asked);
  });
});
