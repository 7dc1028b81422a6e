import { useTranslation } from 'react-i18next';
import { formatLocal, toServiceTime } from '@shared/service-time';

/** When the send goes: now, or at a local time and the same moment in the service's zone (and that it cannot be cancelled). */
export function ReviewWhen({ scheduledAt, serviceTimeZone }: { scheduledAt: number | null; serviceTimeZone: string }) {
  const { t, i18n } = useTranslation('send');
  if (scheduledAt === null) return <dd>{t('review.now')}</dd>;
  let service: string | null = null;
  try {
    service = toServiceTime(new Date(scheduledAt), serviceTimeZone);
  } catch {
    service = null;
  }
  return (
    <dd>
      {t('review.at', { local: formatLocal(new Date(scheduledAt), { locale: i18n.language }), service: service ?? '', zone: serviceTimeZone })}
      <span className="muted">
        {' '}
        {t('details.noCancel')}
      </span>
    </dd>
  );
}
