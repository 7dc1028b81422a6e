import { useTranslation } from 'react-i18next';
import type { RecipientView } from '@shared/tasks/types';
import { displayFax } from '@shared/phonebook/format';
import { localTime, money } from '../format';
import { StatusBadge } from '../status-badge';
import { FailureText } from '../failure-text';

/** A recipient looked up by its rcpt_ref: its facts, and its task when this desk knows it. */
export function LookupRecipient({ recipient, onOpen }: { recipient: RecipientView & { taskRef: string | null }; onOpen(id: string): void }) {
  const { t, i18n } = useTranslation('tasks');
  return (
      <dl className="facts" data-testid="lookup-recipient">
        <dt>{t('recipient.number')}</dt>
        <dd className="mono">{displayFax(recipient.phoneNumber)}</dd>
        <dt>{t('lookup.taskOf')}</dt>
        <dd>
          {recipient.taskRef ? (
            <button type="button" className="link-button mono" onClick={() => onOpen(recipient.taskRef!)}>
              {recipient.taskRef}
            </button>
          ) : (
            <span className="muted">{t('lookup.notLocal')}</span>
          )}
        </dd>
        <dt>{t('recipient.status')}</dt>
        <dd>
          <StatusBadge status={recipient.status} recipient />
        </dd>
        <dt>{t('recipient.pages')}</dt>
        <dd>{recipient.pageCount ?? '—'}</dd>
        <dt>{t('recipient.unitPrice')}</dt>
        <dd>{money(recipient.unitPrice)}</dd>
        <dt>{t('recipient.charge')}</dt>
        <dd>{money(recipient.chargedAmount)}</dd>
        <dt>{t('recipient.failure')}</dt>
        <dd>{recipient.status === 'failed' ? <FailureText code={recipient.failedCode} reason={recipient.failedReason} /> : '—'}</dd>
        <dt>{t('recipient.completed')}</dt>
        <dd>{localTime(recipient.completedAtMs, i18n.language, true)}</dd>
        <dt>{t('recipient.created')}</dt>
        <dd>{localTime(recipient.createdAtMs, i18n.language, true)}</dd>
        <dt>{t('recipient.reference')}</dt>
        <dd className="mono">{recipient.rcptRef}</dd>
      </dl>
  );
}
