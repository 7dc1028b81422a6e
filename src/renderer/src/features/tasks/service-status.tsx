import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLocal } from '@shared/service-time';
import { call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { taskKeys } from './hooks';

const REASONS = ['network', 'timeout', 'server', 'malformed_reply', 'rate_limited', 'auth'] as const;

/** The tracker reports an error code ('malformed_reply', 'timeout.outcome_unknown', …): say it in words. */
export function healthReason(code: string | null): (typeof REASONS)[number] | 'other' {
  const family = (code ?? '').split('.')[0] ?? '';
  return (REASONS as readonly string[]).includes(family) ? (family as (typeof REASONS)[number]) : 'other';
}

/**
 * "Offline / retrying" in the shell while polling cannot reach the service:
 * the screens keep their last data, and this says why it is not moving.
 * Main's changes arrive through useTaskEvents (wired once in the shell).
 */
export function ServiceStatus() {
  const { t, i18n } = useTranslation('tasks');
  const enabled = useAfterFirstPaint();
  const health = useQuery({ queryKey: taskKeys.health, queryFn: () => call('trackerHealth'), staleTime: Infinity, enabled });
  const h = health.data;
  if (!h || h.state === 'ok' || h.state === 'paused') return null;
  const text =
    h.state === 'offline'
      ? t('health.offline')
      : t('health.retrying', {
          error: t(`health.reason.${healthReason(h.lastError)}`),
          time: h.retryAtMs ? formatLocal(new Date(h.retryAtMs), { locale: i18n.language, style: 'time' }) : '—',
        });
  return (
    <span className="notice warn inline" role="status" data-testid="service-status">
      {text}
    </span>
  );
}
