import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { FailureItem } from '@shared/tasks/types';
import { useNavigation } from '../../navigation';
import { localTime, DemoTag, isKnownCode, type KnownCode } from '../tasks';
import { AttemptHistory } from './attempt-history';
import { FailureActions } from './failure-actions';
import { SenderCell } from './sender-cell';
import type { GroupResend } from './use-group-resend';

/** One failed recipient: number (and its earlier attempts), task, sender in the office view, reason, time, action. */
export function FailureRow({ item: it, office, retryable, resend }: { item: FailureItem; office: boolean; retryable: boolean; resend: GroupResend }) {
  const { t, i18n } = useTranslation('failures');
  const openTask = useNavigation((s) => s.openTask);
  return (
    <tr data-testid="failure-row">
      <td>
        <span className="mono nowrap">{displayFax(it.phoneNumber)}</span>
        {it.earlier.length > 0 || it.resentAs ? <AttemptHistory item={it} /> : null}
      </td>
      <td data-label={t('columns.task')}>
        {it.sentBy && !it.sentBy.mine ? (
          // another desk's fax: not in this desk's history, so it has no task detail here
          <span>{it.taskName}</span>
        ) : (
          <button type="button" className="link-button" onClick={() => openTask(it.taskRef)} aria-label={`${t('openTask')}: ${it.taskName}`}>
            {it.taskName}
          </button>
        )}
        {it.demo ? <DemoTag /> : null}
      </td>
      {office ? <td data-label={t('office.sender')}>{it.sentBy ? <SenderCell sender={it.sentBy} /> : '—'}</td> : null}
      {isKnownCode(it.failedCode) ? (
        <td className="nowrap" data-label={t('columns.reason')}>{t(`reasons.${it.failedCode.trim().toUpperCase() as KnownCode}`)}</td>
      ) : (
        <td data-label={t('columns.reason')}>{it.failedReason ?? '—'}</td>
      )}
      <td className="nowrap" data-label={t('columns.when')}>{localTime(it.completedAtMs, i18n.language)}</td>
      <td className="actions-cell">
        <FailureActions item={it} retryable={retryable} resend={resend} />
      </td>
    </tr>
  );
}
