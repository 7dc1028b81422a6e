import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFICE_PAGE_SIZE } from '@shared/office/types';
import { Field } from '@renderer/components/field';
import { ErrorText } from '@renderer/components/error-text';
import { api, call } from '@renderer/lib/api';
import { readAgain } from '@renderer/lib/pushed';
import { describeError } from '@renderer/lib/describe-error';
import { useOffice } from '../queries';
import { OfficeTaskTable } from './office-task-table';
import '../office.css';

const officeTasksKey = ['office', 'tasks'] as const;

/** Tasks → Everyone is offered while an office database is configured. */
export function useOfficeConfigured(): boolean {
  return !!useOffice().data?.configured;
}

/** The office's faxes, newest first, each naming its sender and computer; re-read when a desk writes (LISTEN/NOTIFY pushed by main). */
export function OfficeTasks() {
  const { t } = useTranslation('office');
  const client = useQueryClient();
  const id = useId();
  const [sender, setSender] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => api().on('officeTasksChanged', () => void readAgain(client, { queryKey: officeTasksKey })), [client]);
  const online = useOffice().data?.status.state;
  const list = useQuery({
    queryKey: [...officeTasksKey, online, sender],
    queryFn: () => call('listOfficeTasks', { offset: 0, limit: OFFICE_PAGE_SIZE, ...(sender ? { senderDeskId: sender } : {}) }),
    enabled: online === 'online' || online === 'read-only',
    placeholderData: (previous) => previous,
  });
  if (online !== 'online' && online !== 'read-only') {
    return (
      <p className="notice warn" role="status">
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
      {rows.length ? <OfficeTaskTable rows={rows} open={open} setOpen={setOpen} /> : null}
    </div>
  );
}
