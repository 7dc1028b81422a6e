import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount, formatYuan } from '../../account';
import { useNavigation } from '@renderer/navigation';
import { useCompose } from '../compose-store';
import { estimateQuery } from '../hooks';

/** The balance and what the send will cost (pages × recipients × price), or why that cannot be said yet. */
export function CostLine({ recipients }: { recipients: number }) {
  const { t, i18n } = useTranslation('send');
  const docs = useCompose((s) => s.docs);
  const account = useAccount();
  const setRoute = useNavigation((s) => s.setRoute);
  const pages = docs.length > 0 && docs.every((d) => d.doc.pages !== null) ? docs.reduce((n, d) => n + (d.doc.pages ?? 0), 0) : null;
  const cost = useQuery(estimateQuery(pages, recipients)).data;
  const balance = account.data?.balance;
  return (
    <div className="send-cost">
      {balance !== undefined ? <span>{t('cost.balance', { amount: formatYuan(balance) })}</span> : null}
      {cost && cost.unitPrice !== null ? (
        cost.estimate !== null && pages !== null ? (
          <>
            <span>
              <strong>{t('cost.estimate', { amount: formatYuan(cost.estimate) })}</strong>{' '}
              <span className="muted">
                {t(cost.priceSource === 'contract' ? 'cost.basisContract' : 'cost.basis', {
                  pages: t('cost.pagesCount', { count: pages }),
                  recipients: t('cost.recipientsCount', { count: recipients }),
                  price: formatYuan(cost.unitPrice),
                  lng: i18n.language,
                })}
              </span>
            </span>
            {balance !== undefined && cost.estimate > balance ? <span className="error-text">{t('cost.exceeds')}</span> : null}
          </>
        ) : docs.length > 0 ? (
          <span className="muted">{t('cost.unknownPages')}</span>
        ) : null
      ) : cost ? (
        // No task record has shown a price yet: say so, and where the contract price can be entered.
        <span className="muted">
          {t('cost.noPrice')}{' '}
          <button type="button" className="link-button" onClick={() => setRoute('settings')}>
            {t('cost.enterPrice')}
          </button>
        </span>
      ) : null}
    </div>
  );
}
