import { useTranslation } from 'react-i18next';
import type { OfficeTaskRow } from '@shared/office/types';
import { localTime } from '../../tasks';
import { OfficeResends } from '../office-resends';

/** Who sent a fax, from which computer, and when: the detail of one office fax. */
export function SentBy({ row, id }: { row: OfficeTaskRow; id: string }) {
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
