import { useTranslation } from 'react-i18next';
import type { CostEstimate } from '@shared/send/types';
import { MAX_RECIPIENTS_PER_TASK } from '@shared/split';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { displayFax } from '@shared/phonebook/format';
import { formatYuan, useConnection } from '../account';
import { ReviewCost } from './review/review-cost';
import { ReviewWhen } from './review/review-when';
import { HeldNote } from './held-note';

export interface ReviewFacts {
  name: string;
  documents: Array<{ name: string; pages: number | null }>;
  recipients: number;
  /** the numbers themselves (the service's digits), to look through before sending */
  numbers: string[];
  /** ms since epoch, null = now */
  scheduledAt: number | null;
  estimate: CostEstimate | null;
  balance: number | null;
}

/** Everything the send will do and cost, once more, before it is done. */
export function ReviewDialog({ facts, serviceTimeZone, onConfirm, onCancel }: { facts: ReviewFacts; serviceTimeZone: string; onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation('send');
  const tasks = Math.ceil(facts.recipients / MAX_RECIPIENTS_PER_TASK);
  const unitPrice = facts.estimate?.unitPrice ?? null;
  const pageTotal = facts.documents.every((d) => d.pages !== null) ? facts.documents.reduce((n, d) => n + (d.pages ?? 0), 0) : null;
  const demo = useConnection().data?.mode === 'demo';
  return (
    <ConfirmDialog
      title={t('review.title', { name: facts.name })}
      confirmLabel={facts.scheduledAt !== null ? t('actions.schedule') : t('actions.send')}
      cancelLabel={t('review.back')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="send-review"
    >
      {demo ? (
        <p className="notice info" data-testid="send-review-demo">
          {t('review.demo')}
        </p>
      ) : null}
      <HeldNote message={facts.scheduledAt !== null ? 'review.heldScheduled' : 'review.held'} />
      <dl>
        <dt>{t('review.documents')}</dt>
        <dd>
          <ul>
            {facts.documents.map((d, i) => (
              <li key={`${i}-${d.name}`}>
                {d.name} · {d.pages !== null ? t('documents.pages', { count: d.pages }) : t('documents.pagesUnknown')}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('review.recipients')}</dt>
        <dd>
          {t('review.recipientCount', { count: facts.recipients })}
          {tasks > 1 ? ` · ${t('review.tasks', { count: tasks, max: MAX_RECIPIENTS_PER_TASK })}` : ''}
        </dd>
        <dt>{t('review.numbers')}</dt>
        <dd>
          <details className="review-numbers">
            <summary>{t('review.showNumbers')}</summary>
            {/* scrolls when long: focusable, so the keyboard can scroll it too */}
            <ul className="mono" aria-label={t('review.numbersLabel')} tabIndex={0}>
              {facts.numbers.map((n) => (
                <li key={n}>{displayFax(n)}</li>
              ))}
            </ul>
          </details>
        </dd>
        <dt>{t('review.pages')}</dt>
        <dd data-testid="send-review-pages">{pageTotal !== null ? t('review.pageTotal', { count: pageTotal }) : t('documents.pagesUnknown')}</dd>
        <dt>{t('review.unitPrice')}</dt>
        <dd data-testid="send-review-unit-price">
          {unitPrice !== null ? t('review.perPage', { price: formatYuan(unitPrice) }) : t('cost.noPrice')}
          {unitPrice !== null && facts.estimate?.priceSource === 'contract' ? <span className="muted"> ({t('cost.contractPrice')})</span> : null}
        </dd>
        <dt>{t('review.when')}</dt>
        <ReviewWhen scheduledAt={facts.scheduledAt} serviceTimeZone={serviceTimeZone} />
        <ReviewCost estimate={facts.estimate} balance={facts.balance} />
      </dl>
    </ConfirmDialog>
  );
}
