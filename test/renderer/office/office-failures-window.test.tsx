/**
 * The office-wide Failures badge drops by itself when the oldest counted failure leaves the window: the
 * window asks main once, at that moment (main's officeTasksChanged covers every other change), on both
 * sides of it, and not again while nothing is counted. The preload API is faked at the IPC boundary;
 * react-query's refetch timer (setInterval) and the clock are vitest's fake ones.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOfficeFailures } from '@renderer/features/office';
import { installBridge, renderWithQueries } from '../fake-bridge';

const DAY_MS = 86_400_000;
const START = new Date(2026, 10, 27, 9).getTime();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Badge() {
  const q = useOfficeFailures(7, true);
  return <output data-testid="badge">{q.data?.total ?? '-'}</output>;
}

/** main's answer: one number another desk's fax (created at `createdAtMs`) did not reach, or none */
const view = (createdAtMs: number | null) => ({
  ok: true as const,
  value: {
    sinceMs: START - 7 * DAY_MS,
    total: createdAtMs === null ? 0 : 1,
    groups:
      createdAtMs === null
        ? []
        : [{ code: 'BUSY', retryable: true, count: 1, items: [{ taskRef: 'T1', taskName: 'Contract', rcptRef: 'R1', phoneNumber: '8610001', failedReason: null, completedAtMs: null, demo: false, failedCode: 'BUSY', createdAtMs, earlier: [], resentAs: null }] }],
  },
});

describe('the office-wide Failures badge and its window', () => {
  it('asks again when the oldest failure leaves the window, not a millisecond before, then not at all', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: START });
    // the failure counts until START + 5 s (its fax created 7 days before that), then main counts none
    const createdAtMs = START + 5_000 - 7 * DAY_MS - 1;
    let counted = true;
    const main = installBridge({ listOfficeFailures: () => view(counted ? createdAtMs : null) });
    renderWithQueries(<Badge />);
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('1'));
    expect(main.inputsOf('listOfficeFailures')).toHaveLength(1);

    counted = false;
    await vi.advanceTimersByTimeAsync(4_999);
    expect(main.inputsOf('listOfficeFailures')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('0'));
    expect(main.inputsOf('listOfficeFailures')).toHaveLength(2);
    // nothing counted: nothing asked, however long
    await vi.advanceTimersByTimeAsync(30 * DAY_MS);
    expect(main.inputsOf('listOfficeFailures')).toHaveLength(2);
  });
});
