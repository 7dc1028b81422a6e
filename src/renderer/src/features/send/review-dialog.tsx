import { useTranslation } from 'react-i18next';
import { formatLocal, toServiceTime } from '@shared/service-time';
import type { CostEstimate } from '@shared/send/types';
import { MAX_RECIPIENTS_PER_TASK } from '@shared/split';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { displayFax } from '@shared/phonebook/format';
import { formatYuan, useConnection } from '../account';

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
  const { t, i18n } = useTranslation('send');
  const tasks = Math.ceil(facts.recipients / MAX_RECIPIENTS_PER_TASK);
  const cost = facts.estimate?.estimate ?? null;
  const unitPrice = facts.estimate?.unitPrice ?? null;
  const pageTotal = facts.documents.every((d) => d.pages !== null) ? facts.documents.reduce((n, d) => n + (d.pages ?? 0), 0) : null;
  const demo = useConnection().data?.mode === 'demo';
  let service: string | null = null;
  try {
    service = facts.scheduledAt !== null ? toServiceTime(new Date(facts.scheduledAt), serviceTimeZone) : null;
  } catch {
    service = null;
  }
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
        <dd>
          {facts.scheduledAt === null
            ? t('review.now')
            : t('review.at', {
                local: formatLocal(new Date(facts.scheduledAt), { locale: i18n.language }),
                service: service ?? '',
                zone: serviceTimeZone,
              })}
          {facts.scheduledAt !== null ? (
            <span className="muted">
              {' '}
              {t('details.noCancel')}
            </span>
          ) : null}
        </dd>
        <dt>{t('review.cost')}</dt>
        <dd>
          {cost !== null ? (
            <>
              <strong>{formatYuan(cost)}</strong>
            </>
          ) : facts.estimate?.unitPrice === null ? (
            t('cost.noPrice')
          ) : (
            t('cost.unknownPages')
          )}
        </dd>
        {facts.balance !== null ? (
          <>
            <dt>{t('review.balanceAfter')}</dt>
            <dd>
              {cost !== null ? formatYuan(facts.balance - cost) : t('review.balanceNow', { amount: formatYuan(facts.balance) })}
              {cost !== null && cost > facts.balance ? <span className="error-text"> {t('cost.exceeds')}</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </ConfirmDialog>
  );
}
