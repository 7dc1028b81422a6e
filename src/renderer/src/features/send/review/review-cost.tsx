import { useTranslation } from 'react-i18next';
import type { CostEstimate } from '@shared/send/types';
import { formatYuan } from '../../account';

/** What the send costs, and the balance after it (or now, when the cost is not known). */
export function ReviewCost({ estimate, balance }: { estimate: CostEstimate | null; balance: number | null }) {
  const { t } = useTranslation('send');
  const cost = estimate?.estimate ?? null;
  return (
    <>
      <dt>{t('review.cost')}</dt>
      <dd>{cost !== null ? <strong>{formatYuan(cost)}</strong> : estimate?.unitPrice === null ? t('cost.noPrice') : t('cost.unknownPages')}</dd>
      {balance !== null ? (
        <>
          <dt>{t('review.balanceAfter')}</dt>
          <dd>
            {cost !== null ? formatYuan(balance - cost) : t('review.balanceNow', { amount: formatYuan(balance) })}
            {cost !== null && cost > balance ? <span className="error-text"> {t('cost.exceeds')}</span> : null}
          </dd>
        </>
      ) : null}
    </>
  );
}
