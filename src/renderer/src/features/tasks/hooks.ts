import { useCallback, useEffect } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListTasksInput } from '@shared/ipc/channels/tasks';
import { delayUntilChange } from '@shared/office/failures-window';
import { TASK_PAGE_SIZE, type ListTasksResult, type StatusFilter, type TaskCounts, type TaskRowView, type TaskSortKey } from '@shared/tasks/types';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { readAgain, setPushed } from '../../lib/pushed';

export interface ListParams {
  statuses: StatusFilter[];
  fromMs: number | undefined;
  toMs: number | undefined;
  text: string;
  sort: { by: TaskSortKey; dir: 'asc' | 'desc' };
  /** list the demo faxes too while an account is connected */
  showDemo: boolean;
}

export const taskKeys = {
  all: ['tasks'] as const,
  list: (p: ListParams) => ['tasks', 'list', p] as const,
  page: (p: ListParams, page: number) => ['tasks', 'list', p, page] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  counts: ['tasks', 'counts'] as const,
  failures: (days: number, showDemo: boolean) => ['tasks', 'failures', days, showDemo] as const,
  /** The tracker's health (online, retrying, offline): outside 'tasks', which the task events invalidate. */
  health: ['trackerHealth'] as const,
};

/**
 * Main's task events into the cache, once for the window (the shell): any change main reports (polls,
 * sends, resends) refreshes what the screens show from the history; the tracker's health is set as sent.
 * This is the only way the list and the open task are read again: main's tracker asks the service at the
 * spec's pace and says when a task was created, changed status or ended, so the window keeps no timer.
 */
export function useTaskEvents() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = api().on('tasksChanged', () => {
      // Coalesce bursts (a poll round may report many tasks).
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void readAgain(client, { queryKey: taskKeys.all });
      }, 250);
    });
    // Another account (or demo) shows other tasks and another badge.
    const offConnection = api().on('connectionChanged', () => void readAgain(client, { queryKey: taskKeys.all }));
    const offHealth = api().on('trackerHealthChanged', (h) => setPushed(client, taskKeys.health, h));
    return () => {
      off();
      offConnection();
      offHealth();
      if (timer) clearTimeout(timer);
    };
  }, [client]);
}

function input(p: ListParams, page: number): ListTasksInput {
  return {
    filters: {
      ...(p.statuses.length ? { statuses: p.statuses } : {}),
      ...(p.fromMs !== undefined ? { fromMs: p.fromMs } : {}),
      ...(p.toMs !== undefined ? { toMs: p.toMs } : {}),
      ...(p.text.trim() ? { text: p.text.trim() } : {}),
      ...(p.showDemo ? { showDemo: true } : {}),
    },
    sort: p.sort,
    limit: TASK_PAGE_SIZE,
    offset: page * TASK_PAGE_SIZE,
  };
}

function pageQuery(p: ListParams, page: number) {
  return {
    queryKey: taskKeys.page(p, page),
    queryFn: (): Promise<ListTasksResult> => call('listTasks', input(p, page)),
    staleTime: 2_000,
  };
}

/** The first page (it carries the total): while another filter's first page loads, the last one stays. */
function firstPageQuery(p: ListParams) {
  return { ...pageQuery(p, 0), placeholderData: (prev: ListTasksResult | undefined) => prev };
}

/**
 * The list in pages (TASK_PAGE_SIZE rows), only the pages the virtual table shows (plus the
 * first, which carries the total). A page is read again when main says tasks changed (useTaskEvents),
 * never on a timer.
 *
 * The first page is its own query observer, so while a new filter's rows are
 * on their way the previous rows stay on screen with their identity (the
 * memoized rows then cost nothing, and none is unmounted and mounted again);
 * useQueries matches observers by key and would start each new key empty.
 */
export function useTaskPages(p: ListParams, visiblePages: number[]) {
  const first = useQuery(firstPageQuery(p));
  const rest = [...new Set(visiblePages)].filter((n) => n > 0).sort((a, b) => a - b);
  const results = useQueries({ queries: rest.map((page) => pageQuery(p, page)) });
  const byPage = new Map<number, TaskRowView[]>();
  if (first.data) byPage.set(0, first.data.rows);
  rest.forEach((page, i) => {
    const rows = results[i]?.data?.rows;
    if (rows) byPage.set(page, rows);
  });
  return {
    total: first.data?.total ?? 0,
    loading: first.isPending,
    error: first.error ?? null,
    rowAt(index: number): TaskRowView | undefined {
      return byPage.get(Math.floor(index / TASK_PAGE_SIZE))?.[index % TASK_PAGE_SIZE];
    },
  };
}

/**
 * Starts loading the first page for filters the user just chose, from the event itself: the
 * request then travels while React renders the change, and the list's own query finds it in
 * flight (same key) instead of sending it after the commit.
 */
export function useStartTaskList(): (p: ListParams) => void {
  const client = useQueryClient();
  return useCallback((p: ListParams) => void client.prefetchQuery(pageQuery(p, 0)), [client]);
}

/** How many tasks the filters match: the first page's total, from the same cached query (no request of its own). */
export function useTaskTotal(p: ListParams): number {
  const q = useQuery({ ...firstPageQuery(p), select: (d: ListTasksResult) => d.total });
  return q.data ?? 0;
}

/** How many demo faxes the filters left out (an account is connected): the same cached first page. */
export function useHiddenDemo(p: ListParams): number {
  const q = useQuery({ ...firstPageQuery(p), select: (d: ListTasksResult) => d.hiddenDemo ?? 0 });
  return q.data ?? 0;
}

export function useTaskDetail(id: string | null) {
  return useQuery({
    queryKey: taskKeys.detail(id ?? ''),
    queryFn: () => call('getTaskDetail', { id: id! }),
    enabled: id !== null,
    // react-query's own backoff on failures; main backs off the service separately.
    retry: 2,
    retryDelay: (n) => Math.min(60_000, 5_000 * 2 ** n),
  });
}

export function useRefreshTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskRef: string) => call('refreshTask', { taskRef }),
    onSuccess: (r) => {
      client.setQueryData(taskKeys.detail(r.detail.task.id), r.detail);
      void client.invalidateQueries({ queryKey: ['tasks', 'list'] });
    },
  });
}

export function useResend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { taskRef: string; only: 'all' | 'retryable'; confirmRepeat?: boolean }) => call('resendFailed', v),
    onSuccess: () => void client.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/**
 * When to ask for the counts again although main said nothing: only when the oldest counted failure
 * leaves the failures window (tasksChanged refreshes every other change); never while nothing is counted.
 */
export function countsRefetchDelay(counts: Pick<TaskCounts, 'recentFailuresChangeAtMs'> | undefined, now = Date.now()): number | false {
  return delayUntilChange(counts?.recentFailuresChangeAtMs ?? null, now);
}

export function useTaskCounts() {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: taskKeys.counts, queryFn: () => call('taskCounts'), refetchInterval: (q) => countsRefetchDelay(q.state.data), enabled });
}

/** This desk's Failures; `enabled` false while the office-wide ones are shown instead. */
export function useFailures(days: number, showDemo: boolean, enabled = true) {
  return useQuery({
    queryKey: taskKeys.failures(days, showDemo),
    queryFn: () => call('failuresSince', showDemo ? { days, showDemo } : { days }),
    enabled,
  });
}
