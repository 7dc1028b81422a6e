import { useEffect, useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/error-text';
import { api, call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';
import { readAgain } from '../../lib/pushed';
import { useOffice } from './queries';

const officeSpendingKey = ['office', 'spending'] as const;

/**
 * Account → spent this month per person: each desk's charges this month from the office's shared history,
 * most spent first; read again when a desk writes to the office's tasks (LISTEN/NOTIFY pushed by main).
 * Shown only while an office database is configured.
 */
export function OfficeSpendingPanel({ formatAmount }: { formatAmount(amount: number): string }) {
  const { t } = useTranslation('office');
  const client = useQueryClient();
  const id = useId();
  const office = useOffice().data;
  const state = office?.status.state;
  const connected = state === 'online' || state === 'read-only';
  useEffect(() => api().on('officeTasksChanged', () => void readAgain(client, { queryKey: officeSpendingKey })), [client]);
  const spending = useQuery({ queryKey: [...officeSpendingKey, state], queryFn: () => call('officeSpending'), enabled: connected });
  if (!office?.configured) return null;
  return (
    <section className="panel stack" aria-labelledby={`${id}-title`} data-testid="office-spending">
      <h2 id={`${id}-title`}>{t('spending.heading')}</h2>
      {!connected ? <p className="notice warn">{t('spending.offline')}</p> : null}
      <ErrorText error={spending.error ? describeError(spending.error) : null} />
      {connected && spending.data && spending.data.rows.length === 0 ? <p className="muted">{t('spending.empty')}</p> : null}
      {connected && spending.data && spending.data.rows.length ? (
        <table className="office-tasks">
          <caption className="sr-only">{t('spending.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tasks.sender')}</th>
              <th scope="col">{t('spending.faxes')}</th>
              <th scope="col">{t('spending.spent')}</th>
            </tr>
          </thead>
          <tbody>
            {spending.data.rows.map((r) => (
              <tr key={r.deskId} data-testid="office-spending-row">
                <td>{r.mine ? t('tasks.you', { name: r.name }) : t('tasks.senderCell', { name: r.name, computer: r.computerName })}</td>
                <td>{r.faxes}</td>
                <td>{formatAmount(r.charges)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('spending.total')}
              </th>
              <td>{formatAmount(spending.data.total)}</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
    </section>
  );
}
