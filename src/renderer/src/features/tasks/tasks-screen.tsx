import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSortKey } from '@shared/tasks/types';
import { useHiddenDemo, useTaskTotal } from './hooks';
import { useShowDemo } from './demo';
import { LookupForm } from './lookup/lookup-form';
import { TaskDetailPane } from './task-detail';
import { TaskTable } from './task-table';
import { TaskFiltersForm } from './filters/task-filters-form';
import { useTaskFilters } from './filters/use-task-filters';
import { useOpenTask } from './use-open-task';
import './tasks.css';
import { OfficeTasks, TaskScopeSwitch, useOfficeConfigured, type TaskScope } from '../office';

const TEXT_SORT: TaskSortKey[] = ['name'];

export function TasksScreen() {
  const { t } = useTranslation('tasks');
  const showDemo = useShowDemo();
  const filters = useTaskFilters(showDemo);
  const { params, setSort } = filters;
  // With an office database: Everyone (the office's faxes) first, Mine (this desk's history) a click away.
  const [scope, setScope] = useState<TaskScope>('everyone');
  const officeOn = useOfficeConfigured();
  const everyone = officeOn && scope === 'everyone';
  const total = useTaskTotal(params);
  const hiddenDemo = useHiddenDemo(params);
  const { shownId, onOpen, closeDetail, onKeyDown } = useOpenTask(showDemo);
  const onSort = useCallback(
    (by: TaskSortKey) =>
      setSort((s) => (s.by === by ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: TEXT_SORT.includes(by) ? 'asc' : 'desc' })),
    [setSort],
  );

  return (
    <section className="screen tasks-screen" aria-labelledby="tasks-title" onKeyDown={onKeyDown}>
      <div className="tasks-head">
        <h1 id="tasks-title">{t('title')}</h1>
        {officeOn ? <TaskScopeSwitch scope={scope} onChange={setScope} /> : null}
        {everyone ? null : (
          <span className="muted" role="status" data-testid="task-count">
            {t('count', { count: total })}
          </span>
        )}
        <LookupForm onOpen={onOpen} />
      </div>
      {hiddenDemo > 0 ? (
        <p className="notice info" role="status" data-testid="demo-hidden">
          {t('demo.hidden', { count: hiddenDemo })}
        </p>
      ) : null}
      {everyone ? (
        <OfficeTasks />
      ) : (
        <>
          <TaskFiltersForm filters={filters} />
          <div className={shownId ? 'tasks-layout with-detail' : 'tasks-layout'}>
            <div className="tasks-list">
              <TaskTable
                params={params}
                onSort={onSort}
                selectedId={shownId}
                onOpen={onOpen}
                emptyText={filters.filtered ? t('emptyFiltered') : hiddenDemo > 0 ? t('emptyAccount') : t('empty')}
              />
            </div>
            {shownId ? <TaskDetailPane key={shownId} id={shownId} onClose={closeDetail} onOpen={onOpen} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
