/**
 * A poll round's answers reach the history in few transactions: each commit syncs the disk
 * (synchronous=FULL), and with one commit per answer, 1,000 tasks polling held the main process's
 * event loop for seconds in all (bench `mainloop`). One answer someone waits for is still written
 * at once, not at the end of a long round.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@shared/api/schemas';
import { createTaskTracker, WRITE_BATCH, type TaskTracker } from '@main/tasks/tracker';
import type { TaskChanges } from '@main/history/types';
import { createLogger } from '@main/log';
import { pollStatusOf } from '@shared/task-state';
import type { Snapshot } from '../../../src/simulator/persist';
import { formatServiceTime } from '../../../src/simulator/time';
import type { TaskRecord } from '../../../src/simulator/types';
import { makeRig, type Rig } from './helpers';
import { until } from '../../helpers/until';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
const PROFILE = 'account:test';

let rig: Rig | null = null;
let tracker: TaskTracker | null = null;
afterEach(async () => {
  tracker?.stop();
  tracker = null;
  await rig?.close();
  rig = null;
});

/** `n` unfinished tasks in the simulator: the even ones already sending, the odd ones pending for hours. */
function seed(now: number, n: number): TaskRecord[] {
  const stamp = (ms: number) => formatServiceTime(ms, TZ);
  return Array.from({ length: n }, (_, i) => {
    const sending = i % 2 === 0;
    return {
      task_ref: `task_batch_${String(i).padStart(4, '0')}`,
      name: `Batch ${i}`,
      status: sending ? 'sending' : 'pending',
      scheduled_at: stamp(now - HOUR),
      created_at: stamp(now - HOUR),
      recipients: [
        {
          rcpt_ref: `rcpt_batch_${i}`,
          phone_number: `86138${String(10_000_000 + i)}`,
          unit_price: 0.3,
          page_count: 0,
          charged_amount: 0,
          status: sending ? 'sending' : 'pending',
          failed_code: null,
          failed_reason: null,
          completed_at: null,
          created_at: stamp(now - HOUR),
        },
      ],
      file_refs: ['file_batch'],
      // sending with so many pages that they stay sending; pending until hours from now
      pages: sending ? 1_000_000 : 1,
      conversionError: null,
      startAtMs: sending ? now - HOUR : now + 10 * HOUR,
      reservedFen: 0,
    };
  });
}

/**
 * A rig whose simulator holds `n` unfinished tasks that the local history last saw, all pending,
 * 31 s ago (so every one is due), and a tracker over the rig's real history that counts the
 * history's write transactions (each call of applyTaskResponse or applyTaskResponses is one).
 */
async function rigWith(n: number): Promise<{ rig: Rig; tracker: TaskTracker; transactions: () => number; emitted: Array<{ taskRefs: string[] }>; refs: string[]; answered: string[] }> {
  const now = Date.now();
  const simTasks = seed(now, n);
  const r = await makeRig({
    poll: false,
    simStateFile: 'sim-state.json',
    prepare(dir) {
      const snapshot: Snapshot = {
        version: 1,
        account: {
          uid: 'tenant_demo', name: 'Batch', balanceFen: 50_000, webhook_url: null, status: 'active', apiEnabled: true,
          created_at: formatServiceTime(now - 30 * 24 * HOUR, TZ), updated_at: formatServiceTime(now, TZ),
        },
        files: [],
        tasks: simTasks,
      };
      fs.writeFileSync(path.join(dir, 'sim-state.json'), JSON.stringify(snapshot));
    },
  });
  rig = r;
  r.clock.current = now - 31_000;
  r.history.applyTaskResponses(
    simTasks.map((t) => ({ task_ref: t.task_ref, name: t.name, status: 'pending', scheduled_at: t.scheduled_at, created_at: t.created_at, recipients: t.recipients.map((x) => ({ ...x, status: 'pending' })) })),
  );
  r.clock.current = now;
  let transactions = 0;
  const answered: string[] = [];
  const emitted: Array<{ taskRefs: string[] }> = [];
  const t = createTaskTracker({
    history: {
      applyTaskResponse: (task: Task): TaskChanges => {
        transactions++;
        return r.history.applyTaskResponse(task);
      },
      applyTaskResponses: (tasks: readonly Task[]): TaskChanges[] => {
        transactions++;
        return r.history.applyTaskResponses(tasks);
      },
      tasksToPoll: (at) => r.history.tasksToPoll(at, [PROFILE]),
      pollState: (ref) => {
        const s = r.history.getTaskSummary(ref);
        return s ? { status: pollStatusOf(s.status), scheduledAtMs: s.scheduledAtMs, lastCheckedAtMs: s.lastCheckedAtMs } : null;
      },
    },
    // the rig's client, noting each answer as it arrives
    client: async () => ({
      ...r.client,
      getTask: async (ref: string, o?: Parameters<Rig['client']['getTask']>[1]) => {
        const task = await r.client.getTask(ref, o);
        answered.push(ref);
        return task;
      },
    }),
    settings: { get: () => r.settings },
    notifier: null,
    language: () => 'en',
    emit: (c) => void emitted.push(c),
    log: createLogger(() => {}),
    clock: r.clock,
  });
  tracker = t;
  return { rig: r, tracker: t, transactions: () => transactions, emitted, refs: simTasks.map((x) => x.task_ref), answered };
}

describe('poll round writes', () => {
  it(`writes a round of 100 answers in at most ${Math.ceil(100 / WRITE_BATCH)} transactions, every answer kept and announced once`, async () => {
    const { rig: r, tracker: t, transactions, emitted, refs } = await rigWith(100);
    expect(r.history.tasksToPoll(r.clock.now(), [PROFILE]).filter((d) => d.dueAtMs <= r.clock.now())).toHaveLength(100);

    await t.tick();

    expect(r.taskAsks).toHaveLength(100);
    // one disk sync per WRITE_BATCH answers, not one per answer (100 before)
    expect(transactions()).toBeLessThanOrEqual(Math.ceil(100 / WRITE_BATCH));
    // every answer is in the history: each task checked now, the sending ones sending
    for (const [i, ref] of refs.entries()) {
      const s = r.history.getTaskSummary(ref)!;
      expect(s.lastCheckedAtMs).toBe(r.clock.now());
      expect(s.status).toBe(i % 2 === 0 ? 'sending' : 'pending');
    }
    // and nothing is due again before its interval
    expect(r.history.tasksToPoll(r.clock.now(), [PROFILE]).filter((d) => d.dueAtMs <= r.clock.now())).toHaveLength(0);
    // the 50 that moved are announced together once the round is written
    expect(emitted).toHaveLength(1);
    expect(new Set(emitted[0]!.taskRefs)).toEqual(new Set(refs.filter((_, i) => i % 2 === 0)));
  });

  it('writes an answer someone waits for at once, without waiting for the long round it joined', async () => {
    const { rig: r, tracker: t, refs } = await rigWith(60);
    // 60 answers, 3 at a time, 40 ms each: the round lasts ~0.8 s
    r.sim.setFaults({ latencyMs: 40 });
    let roundOver = false;
    const round = t.tick().then(() => (roundOver = true));
    const first = refs[0]!;
    // the round has the first answer but has not written it (it waits for WRITE_BATCH answers)
    await until('the fourth query', () => r.taskAsks.some((a) => a.ref === refs[3]));
    expect(r.history.getTaskSummary(first)!.lastCheckedAtMs).not.toBe(r.clock.now());

    // the detail pane's refresh of that task joins the query in flight and gets it written now
    const changes = await t.fetch(first);
    expect(roundOver).toBe(false);
    expect(changes.status).toEqual({ from: 'pending', to: 'sending' });
    expect(r.history.getTaskSummary(first)).toMatchObject({ status: 'sending', lastCheckedAtMs: r.clock.now() });
    // one query for it in all: the refresh did not ask the service again
    expect(r.taskAsks.filter((a) => a.ref === first)).toHaveLength(1);

    await round;
    expect(r.taskAsks).toHaveLength(60);
  });

  it('keeps the answers already in when it stops in the middle of a round', async () => {
    const { rig: r, tracker: t, answered } = await rigWith(30);
    r.sim.setFaults({ latencyMs: 30 });
    const round = t.tick();
    await until('7 answers', () => answered.length >= 7);
    // fewer than WRITE_BATCH answers in: none written yet
    const inBeforeStop = [...answered];
    expect(inBeforeStop.length).toBeLessThan(WRITE_BATCH);
    expect(inBeforeStop.filter((ref) => r.history.getTaskSummary(ref)!.lastCheckedAtMs === r.clock.now())).toEqual([]);
    // the app quits (the history closes right after the tracker stops): what came in is kept
    t.stop();
    for (const ref of inBeforeStop) expect(r.history.getTaskSummary(ref)!.lastCheckedAtMs).toBe(r.clock.now());
    await round;
  });
});
