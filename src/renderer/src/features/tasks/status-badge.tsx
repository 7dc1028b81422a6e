import { useTranslation } from 'react-i18next';
import { Ban, CircleAlert, CircleCheck, CircleDashed, CircleX, Clock, Send, type LucideIcon } from 'lucide-react';
import { isKnownRecipientStatus, isKnownViewStatus, type KnownRecipientStatus, type KnownViewStatus } from '@shared/task-state';

type Tone = 'ok' | 'bad' | 'warn' | 'info' | 'muted';

/**
 * Every known task and recipient state has its badge: a tone, and a shape as well as a colour (the
 * state reads without colour vision, and at a glance). Keyed by the status unions, so a new status
 * does not compile without its badge.
 */
const BADGES: Record<KnownViewStatus | KnownRecipientStatus, { tone: Tone; icon: LucideIcon }> = {
  done: { tone: 'ok', icon: CircleCheck },
  success: { tone: 'ok', icon: CircleCheck },
  failed: { tone: 'bad', icon: CircleX },
  create_failed: { tone: 'bad', icon: CircleX },
  outcome_unknown: { tone: 'warn', icon: CircleAlert },
  sending: { tone: 'info', icon: Send },
  pending: { tone: 'muted', icon: Clock },
  unchecked: { tone: 'muted', icon: CircleDashed },
  creating: { tone: 'muted', icon: CircleDashed },
  canceled: { tone: 'muted', icon: Ban },
  demo_ended: { tone: 'muted', icon: Ban },
};

/** A status the service invented: shown as it came, in the plain badge. */
const UNKNOWN = { tone: 'muted', icon: CircleDashed } as const;

function knownStatus(status: string, recipient: boolean): KnownViewStatus | KnownRecipientStatus | null {
  if (recipient) return isKnownRecipientStatus(status) ? status : null;
  return isKnownViewStatus(status) ? status : null;
}

/** A task or recipient state; one the service invents is shown as it came. */
export function StatusBadge({ status, recipient = false }: { status: string; recipient?: boolean }) {
  const { t } = useTranslation('tasks');
  const known = knownStatus(status, recipient);
  const label = known ? t(recipient ? `recipientStatus.${known}` : `status.${known}`) : status;
  const badge = known ? BADGES[known] : UNKNOWN;
  const Icon = badge.icon;
  return (
    <span className={`status ${badge.tone}`} data-status={status}>
      <Icon aria-hidden="true" size={12} strokeWidth={2.5} />
      {label}
    </span>
  );
}
