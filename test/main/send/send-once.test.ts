/**
 * Sending only what the user meant, once (issue 12, main side), through the
 * real main-process services and IPC handlers against the simulator:
 * the same fax again asks first (also after a restart), a resend of the same
 * recipients asks first and is shown on the original, demo faxes stay out of
 * a real account, and the balance follows a charge without being asked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { sendRepeatDetails, type SendFaxInput } from '@shared/ipc/channels/send';
import { alreadyResentDetails } from '@shared/ipc/channels/tasks';
import type { IpcError } from '@shared/ipc/define';
import type { SendResult } from '@shared/send/types';
import type { ListTasksResult, TaskCounts, TaskDetailView } from '@shared/tasks/types';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { samplePdf } from '../tasks/helpers';
import { until } from '../../helpers/until';

const BUSY = '8613800138666';
const OK = '8613800138000';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function services(dataDir?: string): Promise<TestServices> {
  const t = await makeTestServices(dataDir ? { dataDir } : {});
  let closed = false;
  open.push({
    async close() {
      if (closed) return;
      closed = true;
      await t.cleanup();
    },
  });
  return Object.assign(t, {
    restart: async () => {
      closed = true;
      await t.services.close();
    },
  });
}

async function sim(): Promise<RunningSimulator> {
  const s = await startSimulator({ speed: 200, balance: 1000 });
  open.push({ close: () => s.stop() });
  return s;
}

async function connect(t: TestServices, s: RunningSimulator) {
  const r = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: s.baseUrl, apiKey: s.apiKey, secret: s.apiSecret });
  expect(r.ok).toBe(true);
}

/** the window names a document only by the handle main granted for it (as a pick or a drop does) */
function input(t: TestServices, file: string, numbers: string[], extra: Partial<SendFaxInput> = {}): SendFaxInput {
  const handle = t.services.grants.grant(file);
  return { name: 'Invoice', documents: [{ handle, url: null, name: 'invoice.pdf', pages: 1, fileRef: null }], numbers, scheduledAt: null, ...extra };
}

function errorOf(r: { ok: boolean; error?: IpcError }): IpcError {
  if (r.ok || !r.error) throw new Error('expected an error');
  return r.error;
}

const creates = (s: RunningSimulator) => s.requestLog().filter((e) => e.method === 'POST' && e.path === '/api/v2/faxes').length;
const uploads = (s: RunningSimulator) => s.requestLog().filter((e) => e.method === 'POST' && e.path.startsWith('/api/v2/files')).length;

describe('the same fax again', () => {
  it('asks before sending the same documents to the same numbers, also after a restart, and sends when confirmed', async () => {
    const s = await sim();
    const t = await services();
    await connect(t, s);
    const file = await samplePdf(t.dataDir, 1);
    const first = await dispatch(t.services.handlers, 'sendFax', input(t, file, [OK, BUSY]));
    expect(first.ok && (first.value as SendResult).overall).toBe('sent');
    const ref = first.ok ? (first.value as SendResult).parts[0]!.task!.taskRef : '';

    // A copy of the file (same bytes) to the same numbers in another order is the same fax.
    const copy = path.join(t.dataDir, 'copy.pdf');
    fs.copyFileSync(file, copy);
    const before = { creates: creates(s), uploads: uploads(s) };
    const again = errorOf(await dispatch(t.services.handlers, 'sendFax', input(t, copy, [BUSY, OK], { name: 'Other name' })));
    expect(again.code).toBe('send.repeat');
    expect(again.fields).toBeUndefined();
    const details = sendRepeatDetails(again)!;
    // the figure the question quotes; that the window really is 30 minutes (29:59 asks, 30:01 does not): repeat-window.test.ts
    expect(details).toMatchObject({ taskName: 'Invoice', taskRef: ref, windowMinutes: 30 });
    expect(Math.abs(details.sentAtMs - Date.now())).toBeLessThan(60_000);
    expect(again.message).toMatch(/You sent this fax .* at \d\d:\d\d as “Invoice”\. Send it again\?/);
    expect({ creates: creates(s), uploads: uploads(s) }).toEqual(before);

    // Another number is another fax.
    const other = await dispatch(t.services.handlers, 'sendFax', input(t, file, [OK]));
    expect(other.ok).toBe(true);

    // After a restart the history still knows.
    await (t as TestServices & { restart(): Promise<void> }).restart();
    const t2 = await services(t.dataDir);
    await connect(t2, s);
    const afterRestart = errorOf(await dispatch(t2.services.handlers, 'sendFax', input(t2, file, [OK, BUSY])));
    expect(afterRestart.code).toBe('send.repeat');
    expect(creates(s)).toBe(before.creates + 1);

    const confirmed = await dispatch(t2.services.handlers, 'sendFax', input(t2, file, [OK, BUSY], { confirmRepeat: true }));
    expect(confirmed.ok && (confirmed.value as SendResult).overall).toBe('sent');
    expect(creates(s)).toBe(before.creates + 2);
  });

  it('two sends of the same fax at once create one task; the other is asked to confirm', async () => {
    const s = await sim();
    const t = await services();
    await connect(t, s);
    const file = await samplePdf(t.dataDir, 1);
    const [a, b] = await Promise.all([
      dispatch(t.services.handlers, 'sendFax', input(t, file, [OK])),
      dispatch(t.services.handlers, 'sendFax', input(t, file, [OK])),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    // The handlers' in-flight guard answers first (the compose is still being sent); the repeat check behind it
    // covers a second send once the first has finished.
    expect(errorOf(a.ok ? b : a).code).toBe('send.in_progress');
    expect(creates(s)).toBe(1);
  });
});

describe('resend, recorded on both tasks', () => {
  it('shows "resent as" on the original and asks before resending the same recipients again', async () => {
    const s = await sim();
    const t = await services();
    await connect(t, s);
    const file = await samplePdf(t.dataDir, 1);
    const sent = await dispatch(t.services.handlers, 'sendFax', input(t, file, [OK, BUSY]));
    const ref = sent.ok ? (sent.value as SendResult).parts[0]!.task!.taskRef : '';
    await until('the busy recipient to fail', async () => {
      await t.services.tasks.tracker.fetch(ref).catch(() => null);
      return t.services.history.getTask(ref)?.recipients.some((r) => r.status === 'failed');
    });

    const first = await dispatch(t.services.handlers, 'resendFailed', { taskRef: ref, only: 'retryable' });
    expect(first.ok).toBe(true);
    const newRef = first.ok ? (first.value as { taskRef: string }).taskRef : '';
    const detail = await dispatch(t.services.handlers, 'getTaskDetail', { id: ref });
    const resentAs = detail.ok ? (detail.value as TaskDetailView).resentAs : [];
    expect(resentAs).toEqual([expect.objectContaining({ taskRef: newRef, name: 'Invoice (resend)', phoneNumbers: [BUSY] })]);

    const before = creates(s);
    const again = errorOf(await dispatch(t.services.handlers, 'resendFailed', { taskRef: ref, only: 'all' }));
    expect(again.code).toBe('tasks.already_resent');
    expect(alreadyResentDetails(again)).toMatchObject({ taskRef: newRef, taskName: 'Invoice (resend)' });
    expect(again.message).toMatch(/already resent as “Invoice \(resend\)” at .*Resend them again\?/);
    expect(creates(s)).toBe(before);

    const confirmed = await dispatch(t.services.handlers, 'resendFailed', { taskRef: ref, only: 'all', confirmRepeat: true });
    expect(confirmed.ok).toBe(true);
    expect(creates(s)).toBe(before + 1);
  });
});

describe('demo is its own world', () => {
  it('hides demo tasks from a real account, counts only its failures, and never resends or refreshes a demo task on it', async () => {
    const t = await services();
    const file = await samplePdf(t.dataDir, 1);
    // In demo mode (the built-in simulator): a task with a busy failure.
    const sent = await dispatch(t.services.handlers, 'sendFax', input(t, file, [OK, BUSY]));
    expect(sent.ok).toBe(true);
    const demoRef = sent.ok ? (sent.value as SendResult).parts[0]!.task!.taskRef : '';
    await until('the demo task to fail its busy recipient', async () => {
      await t.services.tasks.tracker.fetch(demoRef).catch(() => null);
      return t.services.history.getTask(demoRef)?.recipients.some((r) => r.status === 'failed');
    });
    const demoCounts = await dispatch(t.services.handlers, 'taskCounts', undefined);
    expect(demoCounts.ok && (demoCounts.value as TaskCounts).recentFailures).toBe(1);

    // Connect a real account (a second simulator).
    const real = await sim();
    await connect(t, real);
    const list = await dispatch(t.services.handlers, 'listTasks', {});
    expect(list.ok && (list.value as ListTasksResult).rows).toEqual([]);
    const shown = await dispatch(t.services.handlers, 'listTasks', { filters: { showDemo: true } });
    expect(shown.ok && (shown.value as ListTasksResult).rows.map((r) => [r.taskRef, r.demo, r.readOnly])).toEqual([[demoRef, true, true]]);
    const counts = await dispatch(t.services.handlers, 'taskCounts', undefined);
    expect(counts.ok && (counts.value as TaskCounts).recentFailures).toBe(0);
    const failures = await dispatch(t.services.handlers, 'failuresSince', { days: 7 });
    expect(failures.ok && (failures.value as { total: number }).total).toBe(0);

    for (const only of ['all', 'retryable'] as const) {
      const r = errorOf(await dispatch(t.services.handlers, 'resendFailed', { taskRef: demoRef, only, confirmRepeat: true }));
      expect(r.code).toBe('tasks.demo_readonly');
      expect(r.message).toMatch(/demo fax.*nothing was uploaded or sent/);
    }
    expect(errorOf(await dispatch(t.services.handlers, 'refreshTask', { taskRef: demoRef })).code).toBe('tasks.demo_readonly');
    // The same fax from the Send screen is not a "repeat" on the account: a demo send cost nothing.
    const realSend = await dispatch(t.services.handlers, 'sendFax', input(t, file, [OK, BUSY]));
    expect(realSend.ok).toBe(true);
    // Only that send reached the real account: one upload (no demo file_ref reused), one create.
    expect(real.requestLog().filter((e) => e.method === 'POST').map((e) => e.path)).toEqual(['/api/v2/files/upload', '/api/v2/faxes']);
    expect(real.requestLog().some((e) => e.path.includes(demoRef))).toBe(false);
  });
});

describe('the balance follows charges', () => {
  it('reads the account again after a create and tells the renderer', async () => {
    const s = await sim();
    const t = await services();
    await connect(t, s);
    const file = await samplePdf(t.dataDir, 1);
    t.emitted.length = 0;
    const sent = await dispatch(t.services.handlers, 'sendFax', input(t, file, [OK]));
    expect(sent.ok).toBe(true);
    const pushed = await until('an accountChanged event', () => t.emitted.find((e) => e.name === 'accountChanged'));
    expect(pushed?.payload).toMatchObject({ mode: 'account', balance: expect.any(Number) });
  });
});
