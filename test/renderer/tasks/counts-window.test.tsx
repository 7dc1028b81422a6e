/**
 * The sidebar counts are asked again by time only at the moment main says a failure leaves the failures
 * window (tasksChanged covers every other change), and never while nothing is counted: no 60 s polling.
 * The preload API is faked at the IPC boundary.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTaskCounts } from '@renderer/features/tasks';
import { countsRefetchDelay } from '@renderer/features/tasks/hooks';
import { installBridge, renderWithQueries } from '../fake-bridge';

afterEach(cleanup);

function Count() {
  const c = useTaskCounts();
  return <output data-testid="failed">{c.data?.recentFailures ?? '-'}</output>;
}

const counts = (recentFailures: number, recentFailuresChangeAtMs: number | null) => ({
  ok: true as const,
  value: { pending: 0, sending: 0, recentFailures, recentFailureDays: 7, recentFailuresChangeAtMs },
});

describe('the failure count and its window', () => {
  it('asks again when the oldest failure leaves the window, then not at all while none is counted', async () => {
    const answers = [counts(1, Date.now() + 400), counts(0, null)];
    const main = installBridge({ taskCounts: () => answers.shift() ?? counts(0, null) });
    renderWithQueries(<Count />);
    await waitFor(() => expect(screen.getByTestId('failed').textContent).toBe('1'));
    // well before the old 60 s poll: the count drops when the failure ages out
    await waitFor(() => expect(screen.getByTestId('failed').textContent).toBe('0'), { timeout: 3_000 });
    const asked = main.inputsOf('taskCounts').length;
    expect(asked).toBe(2);
    // Real time: react-query's refetch timers and RTL's waitFor run on the page's clock together; a fake clock
    // stalls waitFor. 1.2 s is three times the window's 400 ms: an ask left scheduled would have come
    await new Promise((res) => setTimeout(res, 1_200));
    expect(main.inputsOf('taskCounts').length).toBe(asked);
  });

  it('waits exactly until the moment, on both sides of it, and never longer than a timer holds', () => {
    const now = 1_800_000_000_000;
    expect(countsRefetchDelay({ recentFailuresChangeAtMs: null }, now)).toBe(false);
    expect(countsRefetchDelay(undefined, now)).toBe(false);
    expect(countsRefetchDelay({ recentFailuresChangeAtMs: now + 5_000 }, now)).toBe(5_000);
    // a moment just past (the answer came before it): once more a second later, not in a loop
    expect(countsRefetchDelay({ recentFailuresChangeAtMs: now - 1 }, now)).toBe(1_000);
    expect(countsRefetchDelay({ recentFailuresChangeAtMs: now + 30 * 86_400_000 }, now)).toBe(2 ** 31 - 1);
  });
});
