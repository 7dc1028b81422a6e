/**
 * The Account screen's list of this month's charges (issue #30 leftover): one row per task charged this
 * month on this computer's calendar, newest charge first, adding up to "Spent this month"; a charge one
 * second before the month began is last month's, one at its first second is this month's. Demo faxes
 * are marked, and only the profile in use is listed (as the spending figures).
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from '@main/history';
import { dispatch, type Handlers } from '@main/ipc/dispatch';
import { createTaskCounts, type TaskCountsReader } from '@main/tasks/counts';
import { toServiceTime } from '@shared/service-time';
import { record, task, tempDir } from '../history/helpers';

const TZ = 'Asia/Shanghai';
const MONTH_START = new Date(2026, 10, 1).getTime();
const NOW = new Date(2026, 10, 27, 12).getTime();
const at = (ms: number) => toServiceTime(new Date(ms), TZ);

let tmp: ReturnType<typeof tempDir>;
let history: History;
let profile = 'account:a';
let counts: TaskCountsReader;

beforeEach(() => {
  tmp = tempDir();
  profile = 'account:a';
  history = openHistory(path.join(tmp.dir, 'history.sqlite'), { serviceTimeZone: TZ, profile: () => profile, now: () => NOW });
  counts = createTaskCounts(history, () => profile, { now: () => NOW, setTimeout: () => 0, clearTimeout: () => {} }, 7);
});
afterEach(() => {
  history.close();
  tmp.cleanup();
});

/** A task the service has answered for: its recipients charged `charge` for `pages` pages, finished at `finishedMs`. */
function charged(ref: string, finishedMs: number, recipients: Array<{ charge: number; pages: number; status?: string }>) {
  history.applyTaskResponse(
    task(
      ref,
      'done',
      recipients.map((r, i) =>
        record(`${ref}_r${i}`, `86138001380${String(i).padStart(2, '0')}`, r.status ?? 'success', { charged_amount: r.charge, page_count: r.pages, completed_at: at(finishedMs) }),
      ),
      { name: `Fax ${ref}` },
    ),
  );
}

describe('this month’s charges per task', () => {
  it('lists the tasks charged since the first second of the month, newest first, adding up to “Spent this month”', () => {
    charged('LAST_MONTH', MONTH_START - 1_000, [{ charge: 0.3, pages: 1 }]);
    charged('FIRST_SECOND', MONTH_START, [
      { charge: 0.2, pages: 2 },
      { charge: 0.2, pages: 2 },
    ]);
    charged('ALL_FAILED', MONTH_START + 60_000, [{ charge: 0, pages: 0, status: 'failed' }]);
    charged('LATEST', NOW - 3_600_000, [
      { charge: 0.6, pages: 3 },
      { charge: 0, pages: 0, status: 'failed' },
      { charge: 0.6, pages: 3 },
    ]);

    const list = counts.monthCharges(10);
    expect(list.rows.map((r) => [r.id, r.name, r.pages, r.recipients, r.amount, r.demo])).toEqual([
      ['LATEST', 'Fax LATEST', 3, 2, 1.2, false],
      ['FIRST_SECOND', 'Fax FIRST_SECOND', 2, 2, 0.4, false],
    ]);
    expect(list.rows[0]!.chargedAtMs).toBe(NOW - 3_600_000);
    expect(list.total).toBe(2);
    expect(list.amount).toBe(1.6);
    expect(counts.spending().thisMonth).toBe(list.amount);
  });

  it('gives the first rows asked for and says how many there are', () => {
    for (let i = 0; i < 12; i++) charged(`T${String(i).padStart(2, '0')}`, MONTH_START + i * 60_000, [{ charge: 0.1, pages: 1 }]);
    const first = counts.monthCharges(10);
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]!.id).toBe('T11');
    expect(first.total).toBe(12);
    expect(counts.monthCharges(20).rows.map((r) => r.id).at(-1)).toBe('T00');
  });

  it('lists the profile in use only, and marks demo faxes as such', () => {
    charged('REAL', MONTH_START + 1_000, [{ charge: 0.1, pages: 1 }]);
    profile = 'demo';
    charged('DEMO', MONTH_START + 2_000, [{ charge: 0.3, pages: 1 }]);
    expect(counts.monthCharges(10).rows.map((r) => [r.id, r.demo])).toEqual([['DEMO', true]]);
    profile = 'account:a';
    expect(counts.monthCharges(10).rows.map((r) => [r.id, r.demo])).toEqual([['REAL', false]]);
  });

  it('the window asks for 1 to 500 rows; 0 and 501 are refused at the door', async () => {
    const handlers: Partial<Handlers> = { monthCharges: ({ limit }) => counts.monthCharges(limit) };
    expect(await dispatch(handlers, 'monthCharges', { limit: 1 })).toMatchObject({ ok: true });
    expect(await dispatch(handlers, 'monthCharges', { limit: 500 })).toMatchObject({ ok: true });
    expect(await dispatch(handlers, 'monthCharges', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(await dispatch(handlers, 'monthCharges', { limit: 501 })).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
  });
});
