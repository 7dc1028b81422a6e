import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../navigation';
import { formatYuan } from './format';
import { useAccount, useConnectionMode, useSettings } from './hooks';

/** The demo badge: a one-click way to connect a real account. */
export function DemoBadge() {
  const { t } = useTranslation('account');
  const mode = useConnectionMode();
  const setRoute = useNavigation((s) => s.setRoute);
  if (mode !== 'demo') return null;
  return (
    <button type="button" className="badge demo as-button" title={t('demoBadgeHint')} onClick={() => setRoute('settings')}>
      {t('demoBadge')} · {t('connectAccount')}
    </button>
  );
}

/** The balance, visible from every screen, with the low-balance warning. */
export function BalanceChip() {
  const { t } = useTranslation('account');
  const account = useAccount();
  const settings = useSettings();
  const setRoute = useNavigation((s) => s.setRoute);
  if (!account.data) return null;
  const threshold = settings.data?.lowBalanceThreshold ?? 0;
  const low = account.data.balance < threshold;
  return (
    <>
      {low ? (
        <span className="notice warn inline" role="status" data-testid="low-balance">
          {t('lowBalance', { amount: formatYuan(account.data.balance), threshold: formatYuan(threshold) })}
        </span>
      ) : null}
      <button type="button" className={low ? 'balance-chip low' : 'balance-chip'} onClick={() => setRoute('account')}>
        {t('balanceShort', { amount: formatYuan(account.data.balance) })}
      </button>
    </>
  );
}
