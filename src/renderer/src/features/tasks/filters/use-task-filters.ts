import { useDeferredValue, useMemo, useState } from 'react';
import { SEARCH_CONTROL_CHARACTERS, type StatusFilter } from '@shared/tasks/types';
import { dateInputToMs } from '../format';
import { useStartTaskList, type ListParams } from '../hooks';

/** What the task list is filtered and sorted by, and the list's query parameters from them. */
export interface TaskFilters {
  text: string;
  setText(text: string): void;
  /** pasted text may carry a NUL or a tab: said at the field instead of searched for */
  textInvalid: boolean;
  status: StatusFilter | '';
  chooseStatus(status: StatusFilter | ''): void;
  from: string;
  setFrom(from: string): void;
  to: string;
  setTo(to: string): void;
  setSort(change: (sort: ListParams['sort']) => ListParams['sort']): void;
  /** any filter set (the sort is not a filter) */
  filtered: boolean;
  clear(): void;
  params: ListParams;
}

export function useTaskFilters(showDemo: boolean): TaskFilters {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<ListParams['sort']>({ by: 'created', dir: 'desc' });
  const deferredText = useDeferredValue(text);
  const params = useMemo<ListParams>(() => listParams(status, from, to, deferredText, sort, showDemo), [status, from, to, deferredText, sort, showDemo]);
  const startList = useStartTaskList();
  const chooseStatus = (next: StatusFilter | '') => {
    startList(listParams(next, from, to, deferredText, sort, showDemo));
    setStatus(next);
  };
  const clear = () => {
    setText('');
    setStatus('');
    setFrom('');
    setTo('');
  };
  const textInvalid = SEARCH_CONTROL_CHARACTERS.test(text);
  const filtered = status !== '' || from !== '' || to !== '' || text.trim() !== '';
  return { text, setText, textInvalid, status, chooseStatus, from, setFrom, to, setTo, setSort, filtered, clear, params };
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
