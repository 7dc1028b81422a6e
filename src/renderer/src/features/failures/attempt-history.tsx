import { useTranslation } from 'react-i18next';
import type { FailureItem } from '@shared/tasks/types';
import { localTime } from '../tasks';

/** What happened to the number before its latest attempt: "failed at … → resent at … → failed again". */
export function AttemptHistory({ item }: { item: FailureItem }) {
  const { t, i18n } = useTranslation('failures');
  const first = item.earlier[0] ?? item;
  const firstAt = 'failedAtMs' in first ? first.failedAtMs : first.completedAtMs;
  const resends = item.earlier.length > 0 ? [...item.earlier.slice(1).map((a) => a.createdAtMs ?? a.failedAtMs), item.createdAtMs ?? item.completedAtMs] : [];
  const steps = [
    t('history.first', { time: localTime(firstAt, i18n.language) }),
    ...resends.map((at) => t('history.again', { time: localTime(at, i18n.language) })),
    ...(item.resentAs ? [t('history.underWay', { time: localTime(item.resentAs.createdAtMs, i18n.language) })] : []),
  ];
  return <span className="attempt-history muted">{steps.join(' → ')}</span>;
}
