import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/simulator/persist';
import { formatServiceTime } from '../../../src/simulator/time';
import type { RecipientRecord, TaskRecord } from '../../../src/simulator/types';
import { makeRig, taskQueries, type Rig } from './helpers';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
// The spec's recommendation (its own figures, not the implementation's constants): at least 30 s
// between queries of a pending task, about a minute for one being sent.
const SPEC_PENDING_MS = 30_000;
const SPEC_SENDING_MS = 60_000;

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/**
 * 1,000 tasks as the simulator holds them: 990 ended (done, some failed), 5
 * pending whose start is hours away, 5 sending with so many pages that they
 * stay sending for the whole test.
 */
function seed(now: number): TaskRecord[] {
  const stamp = (ms: number) => formatServiceTime(ms, TZ);
  const tasks: TaskRecord[] = [];
  for (let i = 0; i < 1000; i++) {
    const kind = i < 5 ? 'pending' : i < 10 ? 'sending' : i % 10 === 0 ? 'failed' : 'done';
    const created = now - (1000 - i) * 60_000;
    const rcptStatus: RecipientRecord['status'] = kind === 'done' ? 'success' : kind === 'failed' ? 'failed' : kind === 'sending' ? 'sending' : 'pending';
    const ended = kind === 'done' || kind === 'failed';
    const recipient: RecipientRecord = {
      rcpt_ref: `rcpt_econ_${i}`,
      phone_number: `86138${String(10_000_000 + i)}`,
      unit_price: 0.3,
      page_count: kind === 'done' ? 1 : 0,
      charged_amount: kind === 'done' ? 0.3 : 0,
      status: rcptStatus,
      failed_code: kind === 'failed' ? 'CONVERSION_FAILED' : null,
      failed_reason: kind === 'failed' ? 'The document could not be converted' : null,
      completed_at: ended ? stamp(created + 60_000) : null,
      created_at: stamp(created),
    };
    tasks.push({
      task_ref: `task_econ_${String(i).padStart(4, '0')}`,
      name: `Economy ${i}`,
      status: kind,
      scheduled_at: stamp(created),
      created_at: stamp(created),
      recipients: [recipient],
      file_refs: ['file_econ'],
      pages: kind === 'sending' ? 1_000_000 : 1,
      conversionError: null,
      startAtMs: kind === 'pending' ? now + 10 * HOUR : created,
      reservedFen: 0,
    });
  }
  return tasks;
}

describe('polling economy', () => {
  it('over 10 minutes asks nothing about 990 ended tasks and no more than the spec allows about the 10 unfinished ones', async () => {
    const now = Date.now();
    const simTasks = seed(now);
    // The simulator starts from a state file holding the 1,000 tasks.
    let stateDir = '';
    rig = await makeRig({
      poll: false,
      prepare(dir) {
        stateDir = dir;
        const snapshot: Snapshot = {
          version: 1,
          account: {
            uid: 'tenant_demo', name: 'Economy', balanceFen: 50_000, webhook_url: null, status: 'active', apiEnabled: true,
            created_at: formatServiceTime(now - 30 * 24 * HOUR, TZ), updated_at: formatServiceTime(now, TZ),
          },
          files: [],
          tasks: simTasks,
        };
        fs.writeFileSync(path.join(dir, 'sim-state.json'), JSON.stringify(snapshot));
      },
      simStateFile: 'sim-state.json',
    });
    expect(stateDir).not.toBe('');
    expect(rig.sim.taskCount()).toBe(1000);

    // The same tasks in the local history, as FaxDesk last saw them (the clock's start).
    rig.clock.current = now;
    for (const t of simTasks) {
      const { file_refs: _f, pages: _p, conversionError: _c, startAtMs: _s, reservedFen: _r, ...wire } = t;
      rig.history.applyTaskResponse(wire);
    }
    expect(rig.history.countTasks({})).toBe(1000);
    expect(rig.history.tasksToPoll(now)).toHaveLength(10);
    const before = rig.sim.requestLog().length;

    const minutes = 10;
    rig.feature.tracker.start();
    await rig.clock.advance(minutes * 60_000, () => rig!.feature.tracker.idle());
    rig.feature.tracker.stop();

    const log = rig.sim.requestLog().slice(before);
    const perTask = taskQueries(rig.sim);
    const ref = (i: number) => simTasks[i]!.task_ref;
    const pending = [0, 1, 2, 3, 4].map((i) => perTask.get(ref(i)) ?? 0);
    const sending = [5, 6, 7, 8, 9].map((i) => perTask.get(ref(i)) ?? 0);
    const terminal = simTasks.slice(10).reduce((n, t) => n + (perTask.get(t.task_ref) ?? 0), 0);
    const window = minutes * 60_000;
    const maxPending = Math.floor(window / SPEC_PENDING_MS);
    const maxSending = Math.floor(window / SPEC_SENDING_MS);
    console.log(
      `polling economy over ${minutes} simulated minutes, 1000 tasks: ${log.length} requests in all; ` +
        `terminal tasks ${terminal}; pending tasks ${pending.join(', ')} (spec allows ≤ ${maxPending} each); ` +
        `sending tasks ${sending.join(', ')} (spec allows ≤ ${maxSending} each)`,
    );
    expect(terminal).toBe(0);
    expect(log.every((e) => e.method === 'GET' && e.path.startsWith('/api/v2/faxes/'))).toBe(true);
    for (const n of pending) {
      expect(n).toBeLessThanOrEqual(maxPending);
      expect(n).toBeGreaterThanOrEqual(maxPending - 1);
    }
    for (const n of sending) {
      expect(n).toBeLessThanOrEqual(maxSending);
      expect(n).toBeGreaterThanOrEqual(maxSending - 1);
    }
    expect(log).toHaveLength(pending.reduce((a, b) => a + b) + sending.reduce((a, b) => a + b));
    // Still unfinished on both sides: nothing was skipped because a task seemed to end.
    expect(rig.history.getTask(ref(0))!.status).toBe('pending');
    expect(rig.history.getTask(ref(5))!.status).toBe('sending');
  });
});
