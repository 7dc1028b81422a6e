/**
 * The task list and the open task follow main's `tasksChanged` event, not a timer of their own: main's
 * tracker asks the service at the spec's pace and says when a task was created, changed status or ended;
 * the window then reads the history again. The preload API is faked at the IPC boundary.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTaskEvents } from '@renderer/features/tasks';
import { useTaskDetail, useTaskPages, type ListParams } from '@renderer/features/tasks/hooks';
import { installBridge, renderWithQueries } from '../fake-bridge';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const params: ListParams = { statuses: [], fromMs: undefined, toMs: undefined, text: '', sort: { by: 'created', dir: 'desc' }, showDemo: false };

/** What main's history says now: one task, pending until the test moves it on. */
function history() {
  const task = { id: 'task_1', taskRef: 'task_1', name: 'Contract', status: 'pending', scheduledAtMs: null as number | null };
  const main = installBridge({
    listTasks: () => ({ ok: true, value: { rows: [{ ...task }], total: 1, hiddenDemo: 0 } }),
    getTaskDetail: () => ({ ok: true, value: { task: { ...task }, recipients: [] } }),
  });
  return { task, main };
}

function TasksScreen() {
  useTaskEvents();
  const pages = useTaskPages(params, [0]);
  const detail = useTaskDetail('task_1');
  return (
    <>
      <output data-testid="row">{pages.rowAt(0)?.status ?? '-'}</output>
      <output data-testid="detail">{detail.data?.task.status ?? '-'}</output>
    </>
  );
}

const shown = () => [screen.getByTestId('row').textContent, screen.getByTestId('detail').textContent];

describe('the task list follows main’s events', () => {
  it('a status change main reports shows in the row and the open task at once, with no timer of the window’s', async () => {
    const { task, main } = history();
    renderWithQueries(<TasksScreen />);
    await waitFor(() => expect(shown()).toEqual(['pending', 'pending']));
    expect(main.listeners('tasksChanged')).toBe(1);

    // the tracker saw it start sending, then end: each time main says so, and the screen reads it again
    task.status = 'sending';
    main.emit('tasksChanged', { taskRefs: ['task_1'], transitions: [{ taskRef: 'task_1', from: 'pending', to: 'sending' }] });
    await waitFor(() => expect(shown()).toEqual(['sending', 'sending']));
    task.status = 'done';
    main.emit('tasksChanged', { taskRefs: ['task_1'], transitions: [{ taskRef: 'task_1', from: 'sending', to: 'done' }] });
    await waitFor(() => expect(shown()).toEqual(['done', 'done']));
  });

  it('a change main reports while the first read is still on its way is read again, not lost under that older answer', async () => {
    const task = { id: 'task_1', taskRef: 'task_1', name: 'Contract', status: 'pending', scheduledAtMs: null as number | null };
    // the first list read is answered late, with what was true when it was asked
    let answerFirst!: () => void;
    const late = new Promise<void>((resolve) => (answerFirst = resolve));
    let reads = 0;
    const main = installBridge({
      listTasks: () => {
        const answer = { ok: true as const, value: { rows: [{ ...task }], total: 1, hiddenDemo: 0 } };
        return ++reads === 1 ? late.then(() => answer) : answer;
      },
      getTaskDetail: () => ({ ok: true, value: { task: { ...task }, recipients: [] } }),
    });
    renderWithQueries(<TasksScreen />);
    await waitFor(() => expect(reads).toBe(1));
    task.status = 'sending';
    main.emit('tasksChanged', { taskRefs: ['task_1'], transitions: [{ taskRef: 'task_1', from: 'pending', to: 'sending' }] });
    // the window asks again (after its 250 ms of coalescing); only then does the older answer arrive
    await waitFor(() => expect(reads).toBe(2));
    answerFirst();
    await waitFor(() => expect(screen.getByTestId('row').textContent).toBe('sending'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('row').textContent).toBe('sending');
  });

  it('a pending task on screen is not asked about again while main says nothing (the spec’s 30 s and 60 s are main’s tracker’s)', async () => {
    // react-query's refetchInterval runs on setInterval: faked alone, so waitFor keeps its real setTimeout
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { task, main } = history();
    renderWithQueries(<TasksScreen />);
    await waitFor(() => expect(shown()).toEqual(['pending', 'pending']));
    const asked = main.calls.length;
    task.status = 'sending';
    // past the spec's pending (30 s) and sending (60 s) intervals, twice
    await vi.advanceTimersByTimeAsync(130_000);
    expect(main.calls.length).toBe(asked);
    expect(shown()).toEqual(['pending', 'pending']);
  });
});
