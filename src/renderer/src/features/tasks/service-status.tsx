import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLocal } from '../../../../shared/service-time';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';

const key = ['trackerHealth'] as const;

/**
 * "Offline / retrying" in the shell while polling cannot reach the service:
 * the screens keep their last data, and this says why it is not moving.
 */
export function ServiceStatus() {
  const { t, i18n } = useTranslation('tasks');
  const client = useQueryClient();
  useEffect(() => api().on('trackerHealthChanged', (h) => client.setQueryData(key, h)), [client]);
  const enabled = useAfterFirstPaint();
  const health = useQuery({ queryKey: key, queryFn: () => call('trackerHealth'), staleTime: Infinity, enabled });
  const h = health.data;
  if (!h || h.state === 'ok' || h.state === 'paused') return null;
  const text =
    h.state === 'offline'
      ? t('health.offline')
      : t('health.retrying', {
          error: h.lastError ?? '?',
          time: h.retryAtMs ? formatLocal(new Date(h.retryAtMs), { locale: i18n.language, style: 'time' }) : '—',
        });
  return (
    <span className="notice warn inline" role="status" data-testid="service-status">
      {text}
    </span>
  );
}
