import { useTranslation } from 'react-i18next';
import { formatLocal } from '@shared/service-time';
import { useNavigation } from '../../navigation';
import { accountStatusWord, displayServiceTime, formatYuan, isKnownAccountStatus } from './format';
import { useAccount, useConnection, useSettings, useSpending } from './hooks';
import { ErrorNotice } from '../../components/error-notice';
import { OfficeSpendingPanel } from '../office';
import { ChargesList } from './charges-list';

export function AccountScreen() {
  const { t, i18n } = useTranslation('account');
  const account = useAccount();
  const spending = useSpending();
  const connection = useConnection();
  const settings = useSettings();
  const setRoute = useNavigation((s) => s.setRoute);
  const tz = settings.data?.serviceTimeZone ?? 'Asia/Shanghai';
  const a = account.data;

  return (
    <section className="screen" aria-labelledby="account-title">
      <h1 id="account-title">{t('title')}</h1>
      {connection.data?.mode === 'demo' ? (
        <div className="notice info row" role="status">
          <span>{t('demoNotice')}</span>
          <button type="button" className="btn" onClick={() => setRoute('settings')}>
            {t('connectAccount')}
          </button>
        </div>
      ) : null}
      {account.isError ? (
        <ErrorNotice error={account.error} context="account" lead={t('loadFailed')} />
      ) : null}
      {a ? (
        <div className="panel">
          <dl className="facts">
            <dt>{t('balance')}</dt>
            <dd className="big">
              {formatYuan(a.balance)}
            </dd>
            <dt>{t('status')}</dt>
            <dd>
              {/* a status the spec does not list is shown as the service words it */}
              <span className={a.status === 'active' ? 'badge ok' : 'badge bad'} data-status={a.status}>
                {accountStatusWord(t, a.status)}
              </span>{' '}
              {isKnownAccountStatus(a.status) ? t(`statusValue.${a.status as 'active'}`) : null}
            </dd>
            <dt>{t('spentLast30')}</dt>
            <dd>{spending.data ? formatYuan(spending.data.last30Days) : '—'}</dd>
            <dt>{t('spentThisMonth')}</dt>
            <dd>
              {spending.data ? formatYuan(spending.data.thisMonth) : '—'} <span className="muted">{t('spentHint')}</span>
            </dd>
            <dt>{t('name')}</dt>
            <dd>{a.name}</dd>
            <dt>{t('uid')}</dt>
            <dd>{a.uid}</dd>
            <dt>{t('webhook')}</dt>
            <dd>{a.webhookUrl ?? <span className="muted">{t('webhookNone')}</span>}</dd>
            <dt>{t('updatedAt')}</dt>
            <dd>{displayServiceTime(a.updatedAt, tz, i18n.language)}</dd>
            <dt>{t('checkedAt')}</dt>
            <dd>{formatLocal(new Date(a.fetchedAt), { locale: i18n.language })}</dd>
          </dl>
          <button type="button" className="btn" onClick={() => void account.refetch()} disabled={account.isFetching}>
            {t('refresh')}
          </button>
        </div>
      ) : account.isPending ? (
        <p className="muted">{t('common:loading')}</p>
      ) : null}
      <ChargesList />
      {connection.data?.mode === 'demo' ? null : <OfficeSpendingPanel formatAmount={formatYuan} />}
    </section>
  );
}
