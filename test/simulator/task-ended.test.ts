/**
 * The simulator tells whoever runs it in-process (FaxDesk's demo mode) when a task ends, at the moment
 * its webhook would be sent: once per task, with its final status, after that status is stored — and a
 * listener that throws does not hold up the task or later ones.
 */
import { describe, expect, it } from 'vitest';
import { createTask, getTask, sim, uploadBytes, uploadPdf, waitForTaskEnd } from './helpers';

describe('onTaskEnded', () => {
  it('tells each end once, done and failed, with the status a query then gives', async () => {
    const told: Array<{ ref: string; status: string; stored: string }> = [];
    let s: Awaited<ReturnType<typeof sim>> | null = null;
    s = await sim({
      speed: 200,
      onTaskEnded: (ref, status) => told.push({ ref, status, stored: s!.tasks().find((t) => t.task_ref === ref)!.status }),
    });
    const ok = (await createTask(s, [await uploadPdf(s, 1)], ['8613800000001'])).body.data.task_ref as string;
    // a document the service cannot convert fails the whole task
    const bad = (await createTask(s, [(await uploadBytes(s, 'broken.pdf', '%PDF-1.4 not really')).body.data.file_ref as string], ['8613800000002'])).body.data.task_ref as string;
    const sending = (await createTask(s, [await uploadPdf(s, 600)], ['8613800000003'])).body.data.task_ref as string;
    expect((await waitForTaskEnd(s, ok)).status).toBe('done');
    expect((await waitForTaskEnd(s, bad)).status).toBe('failed');
    expect(told).toContainEqual({ ref: ok, status: 'done', stored: 'done' });
    expect(told).toContainEqual({ ref: bad, status: 'failed', stored: 'failed' });
    expect(told.filter((x) => x.ref === ok)).toHaveLength(1);
    expect(told.filter((x) => x.ref === bad)).toHaveLength(1);
    // a task still being sent (600 pages: about a minute at this speed) is not told of
    expect((await getTask(s, sending)).body.data.status).not.toMatch(/done|failed/);
    expect(told.some((x) => x.ref === sending)).toBe(false);
  });

  it('a listener that throws does not stop the task from ending, nor the next one from being told', async () => {
    const told: string[] = [];
    const s = await sim({
      speed: 200,
      onTaskEnded: (ref) => {
        told.push(ref);
        throw new Error('listener broke');
      },
    });
    const first = (await createTask(s, [await uploadPdf(s, 1)], ['8613800000001'])).body.data.task_ref as string;
    expect((await waitForTaskEnd(s, first)).status).toBe('done');
    const second = (await createTask(s, [await uploadPdf(s, 1)], ['8613800000001'])).body.data.task_ref as string;
    expect((await waitForTaskEnd(s, second)).status).toBe('done');
    expect(told).toEqual([first, second]);
  });
});
