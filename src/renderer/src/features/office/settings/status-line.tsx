import { useTranslation } from 'react-i18next';
import type { OfficeStatus } from '@shared/office/types';
import { describeError } from '@renderer/lib/describe-error';

/** How this desk's link to the office database stands (online, offline since …, read-only), and what waits to be written. */
export function StatusLine({ status }: { status: OfficeStatus }) {
  const { t, i18n } = useTranslation('office');
  const time = status.offlineSinceMs ? new Date(status.offlineSinceMs).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';
  const warn = status.state === 'offline' || status.state === 'read-only';
  return (
    <div className={`notice${warn ? ' warn' : ''}`} role="status" data-testid="office-status">
      <p>{t(`settings.status.${status.state}`, { time })}</p>
      {status.state === 'offline' && status.error ? <p>{describeError(status.error)}</p> : null}
      {status.state !== 'off' && status.pending > 0 ? <p>{t('settings.pending', { count: status.pending })}</p> : null}
    </div>
  );
}
