import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TaskRowView, TaskSortKey } from '@shared/tasks/types';
import { isImmediate, localTime, money } from './format';
import { TASK_PAGE_SIZE } from '@shared/tasks/types';
import { useTaskPages, type ListParams } from './hooks';
import { DemoTag } from './demo';
import { StatusBadge } from './status-badge';

const ROW_HEIGHT = 34;

const COLUMNS: Array<{ key: string; sort: TaskSortKey | null; className?: string }> = [
  { key: 'name', sort: 'name' },
  { key: 'created', sort: 'created' },
  { key: 'scheduled', sort: 'scheduled' },
  { key: 'status', sort: 'status' },
  { key: 'recipients', sort: 'failed' },
  { key: 'pages', sort: 'pages', className: 'num' },
  { key: 'charges', sort: 'charges', className: 'num' },
];

interface Props {
  params: ListParams;
  onSort(by: TaskSortKey): void;
  selectedId: string | null;
  onOpen(id: string): void;
  /** said inside the table when no task matches (not under an empty box) */
  emptyText: string;
}

/** The task list: a virtual table, so 10,000 rows cost what 30 do. Rows load a page (TASK_PAGE_SIZE) at a time as they scroll into view. */
export function TaskTable({ params, onSort, selectedId, onOpen, emptyText }: Props) {
  const { t, i18n } = useTranslation('tasks');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [pagesInView, setPagesInView] = useState<number[]>([0]);
  const list = useTaskPages(params, pagesInView);
  // The virtualizer is read fresh on every render (it is not memoized), which is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: list.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    const pages: number[] = [];
    for (let p = Math.floor(firstIndex / TASK_PAGE_SIZE); p <= Math.floor(lastIndex / TASK_PAGE_SIZE); p++) pages.push(p);
    setPagesInView((prev) => (prev.join() === pages.join() ? prev : pages));
  }, [firstIndex, lastIndex]);

  // Back to the top when the filters or the sort change. Only when not already there: scrolling
  // forces a layout in the middle of the commit, the largest single cost of a first filter change.
  const paramsKey = JSON.stringify(params);
  const offset = useRef(0);
  offset.current = virtualizer.scrollOffset ?? 0;
  useEffect(() => {
    if (offset.current > 0) scrollRef.current?.scrollTo({ top: 0 });
  }, [paramsKey]);

  return (
    <div className="vtable" role="table" aria-label={t('title')} aria-rowcount={list.total + 1} data-testid="task-table">
      <TableHead sort={params.sort} onSort={onSort} />
      <div ref={scrollRef} className="vbody" role="rowgroup" onKeyDown={moveBetweenRows}>
        {list.total === 0 && !list.loading ? (
          <div role="row" className="vempty-row">
            <div role="cell" className="muted vempty">
              {emptyText}
            </div>
          </div>
        ) : null}
        <div role="presentation" className="vspacer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((vi) => {
            const row = list.rowAt(vi.index);
            return (
              <div
                key={vi.key}
                role="row"
                aria-rowindex={vi.index + 2}
                aria-selected={row ? row.id === selectedId : undefined}
                className={rowClass(row, selectedId)}
                style={{ transform: `translateY(${vi.start}px)`, height: ROW_HEIGHT }}
                data-testid={row ? `task-row-${row.id}` : undefined}
              >
                {row ? <Cells row={row} onOpen={onOpen} language={i18n.language} /> : <div role="cell" className="muted">…</div>}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The column headers with their sort buttons: rendered again only when the sort (or the language) changes. */
const TableHead = memo(function TableHead({ sort, onSort }: { sort: ListParams['sort']; onSort(by: TaskSortKey): void }) {
  const { t } = useTranslation('tasks');
  const sortState = (key: TaskSortKey | null) => (key !== null && sort.by === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined);
  return (
    <div role="rowgroup" className="vhead">
      <div role="row" className="vrow" aria-rowindex={1}>
        {COLUMNS.map((c) => (
          <div key={c.key} role="columnheader" className={c.className} aria-sort={sortState(c.sort)}>
            {c.sort ? (
              <button type="button" className="sort-button" onClick={() => onSort(c.sort!)} title={t('sortBy', { column: t(`columns.${c.key}`) })}>
                {t(`columns.${c.key}`)}
                <span aria-hidden="true" className="sort-mark">
                  {sort.by === c.sort ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                </span>
              </button>
            ) : (
              t(`columns.${c.key}`)
            )}
          </div>
        ))}
      </div>
    </div>
  );
});

/** Up and Down move the keyboard from a row's name to the next or previous row's (rendered rows include an overscan). */
function moveBetweenRows(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const names = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="row"] .name-cell > button')];
  const i = names.indexOf(document.activeElement as HTMLElement);
  const next = i < 0 ? undefined : names[i + (e.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  e.preventDefault();
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
}

function rowClass(row: TaskRowView | undefined, selectedId: string | null): string {
  const parts = ['vrow'];
  if (row?.id === selectedId) parts.push('selected');
  if (row?.outcomeUnknown) parts.push('unknown');
  if (row?.readOnly) parts.push('read-only');
  return parts.join(' ');
}

// Memoized: a row's record keeps its identity while a new filter's rows are fetched, so the
// re-render that a filter change starts with costs nothing for rows that did not change.
const Cells = memo(function Cells({ row, onOpen, language }: { row: TaskRowView; onOpen(id: string): void; language: string }) {
  const { t } = useTranslation('tasks');
  const r = row.recipients;
  return (
    <>
      <div role="cell" className="name-cell">
        <button type="button" className="link-button" onClick={() => onOpen(row.id)} title={row.name}>
          {row.name || row.taskRef || '—'}
        </button>
        {row.demo ? <DemoTag /> : null}
        {row.resendOf ? (
          <span className="tag" title={`${t('detail.resendOf')} ${row.resendOf}`}>
            <span aria-hidden="true">↻</span>
            <span className="sr-only">{t('detail.resendOf')}</span>
          </span>
        ) : null}
      </div>
      <div role="cell">{localTime(row.createdAtMs, language)}</div>
      <div role="cell">{isImmediate(row) ? <span className="muted">{t('immediately')}</span> : localTime(row.scheduledAtMs, language)}</div>
      <div role="cell">
        <StatusBadge status={row.status} />
      </div>
      <div role="cell" aria-label={t('countsCell', r)} className="counts">
        <span className="ok" aria-hidden="true">{r.success}</span>
        <span aria-hidden="true">/</span>
        <span className={r.failed ? 'bad' : ''} aria-hidden="true">{r.failed}</span>
        <span aria-hidden="true">/</span>
        <span aria-hidden="true">{r.pending}</span>
      </div>
      <div role="cell" className="num">{row.pages}</div>
      <div role="cell" className="num">{money(row.charges)}</div>
    </>
  );
});
