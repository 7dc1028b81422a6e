import { memo, useCallback, useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_CONTROL_CHARACTERS, STATUS_FILTERS, type StatusFilter, type TaskSortKey } from '@shared/tasks/types';
import { useNavigation } from '../../navigation';
import { dateInputToMs } from './format';
import { useHiddenDemo, useStartTaskList, useTaskDetail, useTaskTotal, type ListParams } from './hooks';
import { ShowDemoToggle, useShowDemo } from './demo';
import { LookupForm } from './lookup';
import { TaskDetailPane } from './task-detail';
import { TaskTable } from './task-table';
import './tasks.css';
import { Field } from '../../components/field';
import { OfficeTasks, TaskScopeSwitch, useOfficeConfigured, type TaskScope } from '../office';

const TEXT_SORT: TaskSortKey[] = ['name'];

export function TasksScreen() {
  const { t } = useTranslation('tasks');
  const id = useId();
  const openId = useNavigation((s) => s.openTaskRef);
  const openTask = useNavigation((s) => s.openTask);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<ListParams['sort']>({ by: 'created', dir: 'desc' });
  const deferredText = useDeferredValue(text);
  // Pasted text may carry a NUL or a tab: say so at the field instead of searching for it.
  const textInvalid = SEARCH_CONTROL_CHARACTERS.test(text);
  const showDemo = useShowDemo();
  // With an office database: Everyone (the office's faxes) first, Mine (this desk's history) a click away.
  const [scope, setScope] = useState<TaskScope>('everyone');
  const officeOn = useOfficeConfigured();
  const everyone = officeOn && scope === 'everyone';

  const params = useMemo<ListParams>(() => listParams(status, from, to, deferredText, sort, showDemo), [status, from, to, deferredText, sort, showDemo]);
  const startList = useStartTaskList();
  const chooseStatus = (next: StatusFilter | '') => {
    startList(listParams(next, from, to, deferredText, sort, showDemo));
    setStatus(next);
  };
  const total = useTaskTotal(params);
  const hiddenDemo = useHiddenDemo(params);
  // A demo fax's detail does not stay open beside a list that hides demo faxes (after connecting).
  const openDetail = useTaskDetail(openId).data;
  const shownId = openId && openDetail?.task.demo && openDetail.task.readOnly && !showDemo ? null : openId;
  const filtered = status !== '' || from !== '' || to !== '' || text.trim() !== '';

  const onSort = useCallback(
    (by: TaskSortKey) =>
      setSort((s) => (s.by === by ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: TEXT_SORT.includes(by) ? 'asc' : 'desc' })),
    [],
  );
  const onOpen = useCallback((taskId: string) => openTask(taskId), [openTask]);
  // Esc closes the detail and puts the keyboard back on its row (a dialog inside handles its own Esc).
  const closeDetail = useCallback(() => {
    const closed = openId;
    openTask(null);
    if (closed) focusRow(closed);
  }, [openId, openTask]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !openId || e.defaultPrevented || (e.target as Element).closest('dialog')) return;
    e.preventDefault();
    closeDetail();
  };

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
      <form className="filters row" role="search" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
        <Field
          id={`${id}-text`}
          className="grow"
          label={t('filters.text')}
          error={textInvalid ? <span role="alert">{t('filters.textControlChars')}</span> : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="search"
              value={text}
              placeholder={t('filters.textPlaceholder')}
              onChange={(e) => setText(e.target.value)}
              maxLength={200}
            />
          )}
        </Field>
        <Field id={`${id}-status`} label={t('filters.status')}>
          {(control) => (
            <select {...control} value={status} onChange={(e) => chooseStatus(e.target.value as StatusFilter | '')} data-testid="task-status-filter">
              <StatusOptions />
            </select>
          )}
        </Field>
        <Field id={`${id}-from`} label={t('filters.from')}>
          {(control) => <input {...control} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field id={`${id}-to`} label={t('filters.to')}>
          {(control) => <input {...control} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <ShowDemoToggle />
        {filtered ? (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setText('');
              setStatus('');
              setFrom('');
              setTo('');
            }}
          >
            {t('clearFilters')}
          </button>
        ) : null}
      </form>
      <div className={shownId ? 'tasks-layout with-detail' : 'tasks-layout'}>
        <div className="tasks-list">
          <TaskTable
            params={params}
            onSort={onSort}
            selectedId={shownId}
            onOpen={onOpen}
            emptyText={filtered ? t('emptyFiltered') : hiddenDemo > 0 ? t('emptyAccount') : t('empty')}
          />
        </div>
        {shownId ? <TaskDetailPane key={shownId} id={shownId} onClose={closeDetail} onOpen={onOpen} /> : null}
      </div>
        </>
      )}
    </section>
  );
}

/**
 * Puts the keyboard on a task's row. The row may not be drawn yet (the list still loading after
 * "View task", on a busy machine): it is looked for again on the next frames, for about half a second.
 */
function focusRow(taskId: string, framesLeft = 30): void {
  requestAnimationFrame(() => {
    const button = document.querySelector<HTMLElement>(`[data-testid="task-row-${CSS.escape(taskId)}"] .name-cell button`);
    if (button) button.focus();
    else if (framesLeft > 0 && !document.activeElement?.closest('input, textarea, select, dialog')) focusRow(taskId, framesLeft - 1);
  });
}

function listParams(status: StatusFilter | '', from: string, to: string, text: string, sort: ListParams['sort'], showDemo: boolean): ListParams {
  return {
    statuses: status ? [status] : [],
    fromMs: dateInputToMs(from),
    toMs: dateInputToMs(to, true),
    text: SEARCH_CONTROL_CHARACTERS.test(text) ? '' : text,
    sort,
    showDemo,
  };
}

/** The status choices: translated once per language, not again on every filter change. */
const StatusOptions = memo(function StatusOptions() {
  const { t } = useTranslation('tasks');
  return (
    <>
      <option value="">{t('filters.anyStatus')}</option>
      {STATUS_FILTERS.map((s) => (
        <option key={s} value={s}>
          {t(s === 'not_sent' ? 'status.create_failed' : `status.${s}`)}
        </option>
      ))}
    </>
  );
});
