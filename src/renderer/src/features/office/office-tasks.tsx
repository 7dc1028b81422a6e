import { useEffect, useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFICE_PAGE_SIZE } from '../../../../shared/office/types';
import { ErrorText } from '../../components/error-text';
import { api, call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';
import { localTime } from '../tasks';
import { useOffice } from './queries';
import './office.css';

export type TaskScope = 'everyone' | 'mine';

const officeTasksKey = ['office', 'tasks'] as const;

/** Tasks → Everyone is offered while an office database is configured. */
export function useOfficeConfigured(): boolean {
  return !!useOffice().data?.configured;
}

/** "Everyone / Mine": whose faxes the Tasks screen lists. */
export function TaskScopeSwitch({ scope, onChange }: { scope: TaskScope; onChange(scope: TaskScope): void }) {
  const { t } = useTranslation('office');
  const name = useId();
  return (
    <fieldset className="row scope-switch" data-testid="task-scope">
      <legend className="sr-only">{t('tasks.scope')}</legend>
      {(['everyone', 'mine'] as const).map((s) => (
        <label key={s} className="check">
          <input type="radio" name={name} value={s} checked={scope === s} onChange={() => onChange(s)} />
          {t(`tasks.${s}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The office's faxes, newest first, each naming its sender and computer; re-read when a desk writes (LISTEN/NOTIFY pushed by main). */
export function OfficeTasks() {
  const { t, i18n } = useTranslation('office');
  const tt = useTranslation('tasks').t;
  const client = useQueryClient();
  const id = useId();
  useEffect(() => api().on('officeTasksChanged', () => void client.invalidateQueries({ queryKey: officeTasksKey })), [client]);
  const online = useOffice().data?.status.state;
  const list = useQuery({
    queryKey: [...officeTasksKey, online],
    queryFn: () => call('listOfficeTasks', { offset: 0, limit: OFFICE_PAGE_SIZE }),
    enabled: online === 'online' || online === 'read-only',
    placeholderData: (previous) => previous,
  });
  if (online !== 'online' && online !== 'read-only') {
    return (
      <p className="notice warn" role="status" data-testid="office-tasks-offline">
        {t('tasks.offline')}
      </p>
    );
  }
  const rows = list.data?.rows ?? [];
  return (
    <div className="stack" data-testid="office-tasks">
      <span className="muted" role="status" id={`${id}-count`}>
        {list.data ? t('tasks.count', { count: list.data.total }) : ''}
      </span>
      <ErrorText error={list.error ? describeError(list.error) : null} />
      {list.data && rows.length === 0 ? <p className="muted">{t('tasks.empty')}</p> : null}
      {rows.length ? (
        <table className="office-tasks" aria-labelledby={`${id}-caption`}>
          <caption id={`${id}-caption`} className="sr-only">
            {t('tasks.heading')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('tasks.name')}</th>
              <th scope="col">{t('tasks.sender')}</th>
              <th scope="col">{t('tasks.status')}</th>
              <th scope="col">{t('tasks.recipients')}</th>
              <th scope="col">{t('tasks.created')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.intentId} data-testid="office-task-row">
                <td>{r.name}</td>
                <td>{r.mine ? t('tasks.you', { name: r.senderName }) : t('tasks.senderCell', { name: r.senderName, computer: r.computerName })}</td>
                <td>{tt(`status.${r.status}`, { defaultValue: r.status })}</td>
                <td>{t('tasks.counts', { total: r.recipients, success: r.success, failed: r.failed, pending: r.pending })}</td>
                <td>{localTime(r.createdAtMs, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
