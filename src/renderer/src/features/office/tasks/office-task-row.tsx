import { useTranslation } from 'react-i18next';
import type { OfficeTaskRow as Row } from '@shared/office/types';
import { localTime } from '../../tasks';
import { SentBy } from './sent-by';

/** One office fax: its name opens the detail (who sent it, from where, resends) in the row under it. */
export function OfficeTaskRow({ row: r, detailId, expanded, onToggle }: { row: Row; detailId: string; expanded: boolean; onToggle(): void }) {
  const { t, i18n } = useTranslation('office');
  const tt = useTranslation('tasks').t;
  return (
    <>
      <tr data-testid="office-task-row">
        <td>
          <button type="button" className="link-button" aria-expanded={expanded} aria-controls={expanded ? detailId : undefined} onClick={onToggle}>
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
    </>
  );
}
