import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeTaskRow as Row } from '@shared/office/types';
import { OfficeTaskRow } from './office-task-row';

/** The office's faxes as a table, one detail open at a time (`open`: its fax's intent). */
export function OfficeTaskTable({ rows, open, setOpen }: { rows: Row[]; open: string | null; setOpen(intentId: string | null): void }) {
  const { t } = useTranslation('office');
  const id = useId();
  return (
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
          const expanded = open === r.intentId;
          return <OfficeTaskRow key={r.intentId} row={r} detailId={`${id}-detail-${i}`} expanded={expanded} onToggle={() => setOpen(expanded ? null : r.intentId)} />;
        })}
      </tbody>
    </table>
  );
}
