import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { makeRig, samplePdf, type Rig } from './helpers';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const list = (r: Rig, filters: Parameters<Rig['handlers']['listTasks']>[0]['filters'] = {}, by: 'created' | 'name' = 'created') =>
  r.handlers.listTasks({ filters, sort: { by, dir: 'asc' }, limit: 100, offset: 0 });

describe('the task list', () => {
  it('shows an unanswered send distinctly and filters by status, text, number and date', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir);
    const a = await rig.send('Alpha invoice', ['8613800138000'], file);
    const b = await rig.send('Beta order', ['8613900139000'], file);
    // A create that got no definitive answer: recorded, never confirmed by the service.
    const { taskIds } = rig.history.recordSend({
      name: 'Gamma maybe',
      files: [{ path: file, name: 'x.pdf', size: 1, pages: 1, fileRef: null }],
      parts: [{ name: 'Gamma maybe', phoneNumbers: ['8613700137000'] }],
    });
    rig.history.markOutcomeUnknown(taskIds[0]!, 'The connection broke before the service answered.');

    const all = await list(rig, {}, 'name');
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.name)).toEqual(['Alpha invoice', 'Beta order', 'Gamma maybe']);
    const gamma = all.rows[2]!;
    expect(gamma).toMatchObject({ taskRef: null, status: 'outcome_unknown', outcomeUnknown: true, id: `local:${taskIds[0]}` });
    const detail = await rig.handlers.getTaskDetail({ id: gamma.id });
    expect(detail.task.error).toMatch(/connection broke/);
    expect(detail.nextCheckAtMs).toBeNull();

    expect((await list(rig, { statuses: ['outcome_unknown'] })).rows.map((r) => r.name)).toEqual(['Gamma maybe']);
    expect((await list(rig, { statuses: ['pending', 'sending', 'done'] })).total).toBe(2);
    expect((await list(rig, { text: 'beta' })).rows.map((r) => r.taskRef)).toEqual([b]);
    expect((await list(rig, { text: '86138001' })).rows.map((r) => r.taskRef)).toEqual([a]);
    // References pasted whole, the task's or a recipient's, and a document's name in part.
    expect((await list(rig, { text: b! })).rows.map((r) => r.taskRef)).toEqual([b]);
    const rcptOfA = (await rig.handlers.getTaskDetail({ id: a! })).recipients[0]!.rcptRef!;
    expect((await list(rig, { text: ` ${rcptOfA} ` })).rows.map((r) => r.taskRef)).toEqual([a]);
    // Alpha and Beta sent sample-1p.pdf, Gamma x.pdf.
    expect((await list(rig, { text: 'sample-1p' }, 'name')).rows.map((r) => r.name)).toEqual(['Alpha invoice', 'Beta order']);
    expect((await list(rig, { text: 'x.pdf' })).rows.map((r) => r.name)).toEqual(['Gamma maybe']);
    expect((await list(rig, { text: 'no such thing anywhere' })).total).toBe(0);
    const now = rig.clock.now();
    expect((await list(rig, { fromMs: now + 86_400_000 })).total).toBe(0);
    expect((await list(rig, { toMs: now + 86_400_000 })).total).toBe(3);
    await expect(rig.handlers.getTaskDetail({ id: 'task_unknown' })).rejects.toMatchObject({ code: 'tasks.not_found' });
  });

  it('"Has failures" lists every task with a failed recipient, also those the service calls done', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir);
    const partly = await rig.send('Partly busy', ['8613800138000', '8613800138666'], file);
    const clean = await rig.send('All delivered', ['8613900139000'], file);
    const ended = (ref: string) => ['done', 'failed'].includes(rig!.history.getTask(ref)!.status);
    for (let i = 0; i < 200 && !(ended(partly) && ended(clean)); i++) {
      await rig.clock.advance(60_000);
      await rig.feature.tracker.tick();
    }
    const all = await list(rig, {}, 'name');
    expect(all.rows.map((r) => [r.name, r.recipients.failed])).toEqual([
      ['All delivered', 0],
      ['Partly busy', 1],
    ]);
    // whole-task "failed" may not list it (one number was delivered); "has failures" does, and only it
    expect((await list(rig, { statuses: ['has_failures'] })).rows.map((r) => r.taskRef)).toEqual([partly]);
    // combined with a task state, either matches
    expect((await list(rig, { statuses: ['has_failures', 'done'] }, 'name')).rows.map((r) => r.taskRef)).toEqual(
      all.rows.filter((r) => r.status === 'done' || r.recipients.failed > 0).map((r) => r.taskRef),
    );
  });

  it('answers a NUL or other control character in the search with a validation message, not an internal error', async () => {
    rig = await makeRig();
    const handlers = rig.handlers;
    for (const text of ['abc\u0000', '\u0000', 'al\tpha', 'x\u001b[31m', 'line\nbreak', 'del\u007f']) {
      const r = await dispatch(handlers, 'listTasks', { filters: { text } });
      expect(r, JSON.stringify(text)).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
      if (!r.ok) expect(r.error.fields?.['filters.text']?.[0]).toMatch(/^The search text contains a control character/);
    }
    // ordinary text, Chinese and punctuation still search
    for (const text of ['Alpha', '传真 报价', '+86 (138) 0013-8000', '"quoted" % _']) {
      expect((await dispatch(handlers, 'listTasks', { filters: { text } })).ok, text).toBe(true);
    }
  });
});
