import { useTranslation } from 'react-i18next';
import type { RecipientView } from '@shared/tasks/types';
import { GridTable } from '@renderer/components/grid-table';
import { RecipientRow } from './recipient-row';

/** Every recipient's result, with its failure in words. */
export function RecipientsTable({ recipients, language }: { recipients: RecipientView[]; language: string }) {
  const { t } = useTranslation('tasks');
  const columns = [
    t('recipient.number'),
    t('recipient.status'),
    { label: t('recipient.pages'), className: 'num' },
    { label: t('recipient.unitPrice'), className: 'num' },
    { label: t('recipient.charge'), className: 'num' },
    t('recipient.failure'),
    t('recipient.completed'),
    t('recipient.reference'),
  ];
  return (
    <div className="table-scroll">
      <GridTable className="recipients narrow-stack" testId="recipients-table" columns={columns}>
        {recipients.map((r, i) => (
          <RecipientRow key={r.rcptRef || `${r.phoneNumber}-${i}`} r={r} language={language} />
        ))}
      </GridTable>
    </div>
  );
}
