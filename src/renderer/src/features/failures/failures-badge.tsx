import { useTranslation } from 'react-i18next';
import { useTaskCounts as useCountsQuery } from '../tasks';

// Its own module so the sidebar can show it while the Failures screen loads on first use.
/** The sidebar count: failed recipients of the last days. */
export function FailuresBadge() {
  const { t } = useTranslation('failures');
  const counts = useCountsQuery();
  const n = counts.data?.recentFailures ?? 0;
  if (n === 0) return null;
  return (
    <span className="nav-count" data-testid="failures-badge">
      <span aria-hidden="true">{n > 999 ? '999+' : n}</span>
      <span className="sr-only">{t('badge', { count: n, days: counts.data?.recentFailureDays ?? 7 })}</span>
    </span>
  );
}
