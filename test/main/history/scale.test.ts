import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory, type History } from '@main/history';
import type { Task } from '@shared/api/schemas';
import { toServiceTime } from '@shared/service-time';
import { record, task, tempDir } from './helpers';

const TASKS = 10_000;
const PER_TASK = 20;
const START = Date.UTC(2023, 0, 1);
const STEP = 2 * 3_600_000; // one task every two hours: about 2.3 years of history
const STATUSES = ['done', 'done', 'done', 'failed', 'sending', 'pending'];

interface Seeded {
  ref: string;
  name: string;
  status: string;
  createdAtMs: number;
  numbers: string[];
}

function seedTask(i: number): { wire: Task; seeded: Seeded } {
  const createdAtMs = START + i * STEP;
  const status = STATUSES[i % STATUSES.length]!;
  const numbers = Array.from({ length: PER_TASK }, (_, k) => `86138${String((i * 7919 + k * 104729) % 100_000_000).padStart(8, '0')}`);
  const name = `${['Invoice', 'Contract', 'Report', 'Order'][i % 4]} ${i}`;
  const recipients = numbers.map((n, k) => record(`R${i}_${k}`, n, status === 'done' ? (k % 5 === 0 ? 'failed' : 'success') : 'pending', {
    completed_at: status === 'done' ? toServiceTime(new Date(createdAtMs + 600_000), 'Asia/Shanghai') : null,
  }));
  const wire = task(`T${i}`, status, recipients, { name, created_at: toServiceTime(new Date(createdAtMs), 'Asia/Shanghai') });
  return { wire, seeded: { ref: `T${i}`, name, status, createdAtMs, numbers } };
}

let tmp: ReturnType<typeof tempDir>;
let history: History;
const seeded: Seeded[] = [];

beforeAll(() => {
  tmp = tempDir();
  history = openHistory(path.join(tmp.dir, 'history.db'), { now: () => START + TASKS * STEP });
  const wires: Task[] = [];
  for (let i = 0; i < TASKS; i += 1) {
    const { wire, seeded: s } = seedTask(i);
    wires.push(wire);
    seeded.push(s);
  }
  const started = performance.now();
  history.applyTaskResponses(wires);
  console.log(`seeded ${TASKS} tasks / ${TASKS * PER_TASK} recipients in ${Math.round(performance.now() - started)} ms`);
}, 120_000);

afterAll(() => {
  history.close();
  tmp.cleanup();
});

function timed<T>(label: string, f: () => T): T {
  const started = performance.now();
  const out = f();
  console.log(`${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return out;
}

describe('a history of 10,000 tasks and 200,000 recipients', () => {
  it('lists a filtered page with exactly the right rows', () => {
    const from = START + 1000 * STEP;
    const to = START + 4000 * STEP;
    const expected = seeded
      .filter((s) => s.status === 'done' && s.createdAtMs >= from && s.createdAtMs < to && s.name.startsWith('Contract'))
      .sort((a, b) => b.createdAtMs - a.createdAtMs);
    const page = timed('status + date + name text, first page', () => history.listTasks({ status: 'done', from, to, text: 'contract', limit: 50 }));
    expect(page.map((t) => t.taskRef)).toEqual(expected.slice(0, 50).map((s) => s.ref));
    expect(timed('count of the same filter', () => history.countTasks({ status: 'done', from, to, text: 'contract' }))).toBe(expected.length);
    expect(page[0]!.counts).toMatchObject({ total: PER_TASK, success: 16, failed: 4, pending: 0 });
  });

  it('finds every task that sent to a number from a fragment of it', () => {
    const target = seeded[4321]!.numbers[7]!;
    const fragment = target.slice(5); // the national part, as people remember it
    const expected = seeded.filter((s) => s.numbers.some((n) => n.includes(fragment))).map((s) => s.ref);
    const found = timed('number fragment search', () => history.listTasks({ text: fragment, limit: 1000 }));
    expect(found.map((t) => t.taskRef).sort()).toEqual(expected.sort());
  });

  it('pages through everything newest first without gaps', () => {
    const last = timed('deep page (offset 9,950)', () => history.listTasks({ limit: 50, offset: 9950 }));
    expect(last.map((t) => t.taskRef)).toEqual(seeded.slice(0, 50).reverse().map((s) => s.ref));
    expect(timed('count all', () => history.countTasks())).toBe(TASKS);
  });

  it('groups recent failures and schedules polls only for unfinished tasks', () => {
    const since = START + (TASKS - 600) * STEP;
    const groups = timed('failures of the last 50 days', () => history.failuresSince(since));
    const expectedFailed = seeded.filter((s) => s.status === 'done' && s.createdAtMs + 600_000 >= since).length * 4;
    expect(groups).toEqual([expect.objectContaining({ code: 'BUSY', retryable: true, recipients: expectedFailed })]);
    const due = timed('tasks to poll', () => history.tasksToPoll());
    expect(due).toHaveLength(seeded.filter((s) => s.status === 'sending' || s.status === 'pending').length);
  });
});
