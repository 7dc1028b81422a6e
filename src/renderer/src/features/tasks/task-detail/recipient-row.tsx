import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { RecipientView } from '@shared/tasks/types';
import { FailureText } from '../failure-text';
import { localTime, money } from '../format';
import { StatusBadge } from '../status-badge';

/** One recipient: the number (with a copy button) and its name, its state, pages, price, charge, failure, time and reference. */
export function RecipientRow({ r, language }: { r: RecipientView; language: string }) {
  const { t } = useTranslation('tasks');
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(r.phoneNumber);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <tr data-testid={`recipient-${r.phoneNumber}`}>
      <td className="nowrap">
        <span className="mono">{displayFax(r.phoneNumber)}</span>{' '}
        <button type="button" className="icon-button" onClick={() => void copy()} aria-label={t('detail.copy', { number: r.phoneNumber })}>
          {copied ? '✓' : t('detail.copyShort')}
        </button>
        {copied ? <span className="sr-only" role="status">{t('detail.copied', { number: r.phoneNumber })}</span> : null}
        {/* The phonebook's name when the fax was sent, kept with the task (a later rename does not change it). */}
        {r.contactName ? (
          <span className="rcpt-name" data-testid="recipient-contact-name">
            {r.contactName}
          </span>
        ) : null}
      </td>
      <td data-label={t('recipient.status')}>
        <StatusBadge status={r.status} recipient />
        {r.retryable ? <span className="tag">{t('recipient.retryable')}</span> : null}
      </td>
      <td className="num" data-label={t('recipient.pages')}>{r.pageCount ?? '—'}</td>
      <td className="num" data-label={t('recipient.unitPrice')}>{money(r.unitPrice)}</td>
      <td className="num" data-label={t('recipient.charge')}>{money(r.chargedAmount)}</td>
      <td className="failure wide" data-label={t('recipient.failure')}>{r.status === 'failed' ? <FailureText code={r.failedCode} reason={r.failedReason} /> : <span className="muted">—</span>}</td>
      <td className="nowrap" data-label={t('recipient.completed')}>{localTime(r.completedAtMs, language, true)}</td>
      <td className="mono small wide" data-label={t('recipient.reference')}>{r.rcptRef || '—'}</td>
    </tr>
  );
}
