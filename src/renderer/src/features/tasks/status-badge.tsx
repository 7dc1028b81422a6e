import { useTranslation } from 'react-i18next';
import { KNOWN_RECIPIENT_STATUSES, KNOWN_STATUSES } from './format';

const TONE: Record<string, string> = {
  done: 'ok',
  success: 'ok',
  failed: 'bad',
  create_failed: 'bad',
  outcome_unknown: 'warn',
  sending: 'info',
  pending: 'muted',
  unchecked: 'muted',
  creating: 'muted',
  canceled: 'muted',
};

/** A task or recipient state; one the service invents is shown as it came. */
export function StatusBadge({ status, recipient = false }: { status: string; recipient?: boolean }) {
  const { t } = useTranslation('tasks');
  const known = recipient ? KNOWN_RECIPIENT_STATUSES.includes(status) : KNOWN_STATUSES.includes(status);
  const label = known ? t(recipient ? `recipientStatus.${status}` : `status.${status}`) : status;
  return <span className={`status ${TONE[status] ?? 'muted'}`} data-status={status}>{label}</span>;
}
