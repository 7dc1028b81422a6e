import { useTranslation } from 'react-i18next';
import { Ban, CircleAlert, CircleCheck, CircleDashed, CircleX, Clock, Send, type LucideIcon } from 'lucide-react';
import { isKnownRecipientStatus, isKnownViewStatus } from '../../../../shared/task-state';

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
  demo_ended: 'muted',
};

/** A shape per state as well as a colour: the state reads without colour vision, and at a glance. */
const ICON: Record<string, LucideIcon> = {
  done: CircleCheck,
  success: CircleCheck,
  failed: CircleX,
  create_failed: CircleX,
  outcome_unknown: CircleAlert,
  sending: Send,
  pending: Clock,
  unchecked: CircleDashed,
  creating: CircleDashed,
  canceled: Ban,
  demo_ended: Ban,
};

/** A task or recipient state; one the service invents is shown as it came. */
export function StatusBadge({ status, recipient = false }: { status: string; recipient?: boolean }) {
  const { t } = useTranslation('tasks');
  const known = recipient ? isKnownRecipientStatus(status) : isKnownViewStatus(status);
  const label = known ? t(recipient ? `recipientStatus.${status}` : `status.${status}`) : status;
  const Icon = ICON[status] ?? CircleDashed;
  return (
    <span className={`status ${TONE[status] ?? 'muted'}`} data-status={status}>
      <Icon aria-hidden="true" size={12} strokeWidth={2.5} />
      {label}
    </span>
  );
}
