import { Fragment, useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFICE_PAGE_SIZE, type OfficeTaskRow } from '@shared/office/types';
import { Field } from '../../components/field';
import { ErrorText } from '../../components/error-text';
import { api, call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';
import { localTime } from '../tasks';
import { useOffice } from './queries';
import { OfficeResends } from './office-resends';
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

/** Who sent a fax, from which computer, and when: the detail of one office fax. */
function SentBy({ row, id }: { row: OfficeTaskRow; id: string }) {
  const { t, i18n } = useTranslation('office');
  const tt = useTranslation('tasks').t;
  const at = localTime(row.createdAtMs, i18n.language);
  return (
    <div id={id} className="office-task-detail stack" data-testid="office-task-detail">
      <p>
        {row.mine
          ? t('tasks.sentByYou', { name: row.senderName, computer: row.computerName, time: at })
          : t('tasks.sentBy', { name: row.senderName, computer: row.computerName, time: at })}
      </p>
      <dl className="office-task-facts">
        <dt>{t('tasks.reference')}</dt>
        <dd>{row.taskRef ?? t('tasks.noReference')}</dd>
        <dt>{t('tasks.kind')}</dt>
        <dd>{t(`tasks.kinds.${row.kind}`)}</dd>
        <dt>{t('tasks.status')}</dt>
        <dd>{tt(`status.${row.status}`, { defaultValue: row.status })}</dd>
        <dt>{t('tasks.recipients')}</dt>
        <dd>{t('tasks.counts', { total: row.recipients, success: row.success, failed: row.failed, pending: row.pending })}</dd>
        <OfficeResends taskRef={row.taskRef} includeMine />
      </dl>
    </div>
  );
}

/** The office's faxes, newest first, each naming its sender and computer; re-read when a desk writes (LISTEN/NOTIFY pushed by main). */
export function OfficeTasks() {
  const { t, i18n } = useTranslation('office');
  const tt = useTranslation('tasks').t;
  const client = useQueryClient();
  const id = useId();
  const [sender, setSender] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => api().on('officeTasksChanged', () => void client.invalidateQueries({ queryKey: officeTasksKey })), [client]);
  const online = useOffice().data?.status.state;
  const list = useQuery({
    queryKey: [...officeTasksKey, online, sender],
    queryFn: () => call('listOfficeTasks', { offset: 0, limit: OFFICE_PAGE_SIZE, ...(sender ? { senderDeskId: sender } : {}) }),
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
  const senders = list.data?.senders ?? [];
  return (
    <div className="stack" data-testid="office-tasks">
      <div className="row">
        <Field id={`${id}-sender`} label={t('tasks.senderFilter')}>
          {(control) => (
            <select {...control} value={sender} onChange={(e) => setSender(e.target.value)} data-testid="office-sender-filter">
              <option value="">{t('tasks.allSenders')}</option>
              {senders.map((d) => (
                <option key={d.deskId} value={d.deskId}>
                  {d.mine ? t('tasks.you', { name: d.name }) : t('tasks.senderCell', { name: d.name, computer: d.computerName })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
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
            {rows.map((r, i) => {
              const detailId = `${id}-detail-${i}`;
              const expanded = open === r.intentId;
              return (
                <Fragment key={r.intentId}>
                  <tr data-testid="office-task-row">
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        onClick={() => setOpen(expanded ? null : r.intentId)}
                      >
                        {r.name || t('tasks.unnamed')}
                      </button>
                    </td>
                    <td>{r.mine ? t('tasks.you', { name: r.senderName }) : t('tasks.senderCell', { name: r.senderName, computer: r.computerName })}</td>
                    <td>{tt(`status.${r.status}`, { defaultValue: r.status })}</td>
                    <td>{t('tasks.counts', { total: r.recipients, success: r.success, failed: r.failed, pending: r.pending })}</td>
                    <td>{localTime(r.createdAtMs, i18n.language)}</td>
                  </tr>
                  {expanded ? (
                    <tr>
                      <td colSpan={5}>
                        <SentBy row={r} id={detailId} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
