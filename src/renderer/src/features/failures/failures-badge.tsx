import { useTranslation } from 'react-i18next';
import { useOfficeFailures, useOfficeOnline } from '../office/badge-entry';
import { useTaskCounts as useCountsQuery } from '../tasks';

// Its own module so the sidebar can show it while the Failures screen loads on first use.
/**
 * The sidebar count: numbers not reached in the last days, the whole office's while the office database
 * answers (read again when a desk writes to it, by LISTEN/NOTIFY), else this desk's.
 */
export function FailuresBadge() {
  const { t } = useTranslation('failures');
  const counts = useCountsQuery();
  const days = counts.data?.recentFailureDays ?? 7;
  const online = useOfficeOnline();
  const office = useOfficeFailures(days, online);
  const n = (online ? office.data?.total : undefined) ?? counts.data?.recentFailures ?? 0;
  if (n === 0) return null;
  return (
    <span className="nav-count" data-testid="failures-badge">
      <span aria-hidden="true">{n > 999 ? '999+' : n}</span>
      <span className="sr-only">{t('badge', { count: n, days })}</span>
    </span>
  );
}
