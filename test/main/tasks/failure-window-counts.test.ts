/**
 * The sidebar's failure count drops by itself when a failure leaves the failures window, with no event:
 * the counts say when that next happens (the one moment the window must ask again), on both sides of it.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from '@main/history';
import { createTaskCounts, DAY_MS, type TaskCountsReader } from '@main/tasks/counts';
import { toServiceTime } from '@shared/service-time';
import { record, task, tempDir } from '../history/helpers';

const TZ = 'Asia/Shanghai';
const OLDER = new Date(2026, 10, 20, 9).getTime();
const NEWER = new Date(2026, 10, 21, 15).getTime();
const WINDOW = 7 * DAY_MS;

let tmp: ReturnType<typeof tempDir>;
let history: History;
let now = NEWER;
let counts: TaskCountsReader;

beforeEach(() => {
  tmp = tempDir();
  now = NEWER;
  history = openHistory(path.join(tmp.dir, 'history.sqlite'), { serviceTimeZone: TZ, profile: () => 'account:a', now: () => now });
  counts = createTaskCounts(history, () => 'account:a', { now: () => now, setTimeout: () => 0, clearTimeout: () => {} }, 7);
});
afterEach(() => {
  history.close();
  tmp.cleanup();
});

function failed(ref: string, phone: string, atMs: number) {
  history.applyTaskResponse(task(ref, 'failed', [record(`${ref}_r`, phone, 'failed', { completed_at: toServiceTime(new Date(atMs), TZ) })], { name: `Fax ${ref}` }));
}

describe('the failures window in the counts', () => {
  it('says when the oldest counted failure leaves the window, and counts it up to that moment, not after', () => {
    expect(counts.counts()).toMatchObject({ recentFailures: 0, recentFailuresChangeAtMs: null });
    failed('OLD', '8613800138001', OLDER);
    failed('NEW', '8613800138002', NEWER);

    now = OLDER + WINDOW;
    expect(counts.counts()).toMatchObject({ recentFailures: 2, recentFailuresChangeAtMs: OLDER + WINDOW + 1 });
    now = OLDER + WINDOW + 1;
    expect(counts.counts()).toMatchObject({ recentFailures: 1, recentFailuresChangeAtMs: NEWER + WINDOW + 1 });
    now = NEWER + WINDOW;
    expect(counts.counts()).toMatchObject({ recentFailures: 1, recentFailuresChangeAtMs: NEWER + WINDOW + 1 });
    now = NEWER + WINDOW + 1;
    expect(counts.counts()).toMatchObject({ recentFailures: 0, recentFailuresChangeAtMs: null });
    // the tray reads the same window
    expect(counts.trayStatus().failed).toBe(0);
  });
});
