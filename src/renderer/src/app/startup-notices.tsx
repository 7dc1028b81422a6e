import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PolicyNotice, StartupNotice } from '@shared/ipc/channels/app';
import { call } from '../lib/api';
import { useAfterFirstPaint } from '../lib/first-paint';
import { useConnection, usePolicy } from '../features/account';
import { useNavigation } from '../navigation';
import { useLaterStrings } from '../i18n';

/**
 * What FaxDesk had to do at start about its own files (a damaged file moved
 * aside, a newer one left alone), said once at the top of the window with the
 * place where the old file was kept, until the user dismisses it.
 */
export function StartupNotices() {
  const { t } = useTranslation();
  const enabled = useAfterFirstPaint();
  const notices = useQuery({ queryKey: ['startupNotices'], queryFn: () => call('startupNotices'), staleTime: Infinity, enabled });
  const connection = useConnection();
  // what was wrong with the administrator's policy file (the rest of it still applies)
  const policyNotices = usePolicy().data?.notices ?? [];
  const [dismissed, setDismissed] = useState(false);
  const route = useNavigation((s) => s.route);
  // With an account connected, a secret that will not survive quitting matters now, not only in Settings;
  // on Settings itself the connection card says it (with how to fix it), so it is said there only once.
  const keychainAtRisk = connection.data?.mode === 'account' && connection.data.secretStorage === 'memory' && route !== 'settings';
  // said in the Settings screen's words, which come after the first paint: the notice waits for them
  const keychain = useLaterStrings(keychainAtRisk) && keychainAtRisk;
  if (dismissed || (!notices.data?.length && !keychain && !policyNotices.length)) return null;
  const policyText = (n: PolicyNotice) => t(`startup.policy.${n.problem}`, { file: n.file, key: n.key ?? '', detail: n.detail });

  const text = (n: StartupNotice) => {
    const values = { what: t(`startup.what.${n.file}`), keptAt: n.keptAt, usingInstead: n.usingInstead ?? '', reason: n.reason };
    if (n.problem === 'newer') return t(n.usingInstead ? 'startup.newer' : 'startup.newerNoFallback', values);
    return t(n.problem === 'damaged' ? 'startup.damaged' : 'startup.unavailable', values);
  };

  return (
    <section className="notice warn startup-notices" aria-label={t('startup.label')} data-testid="startup-notices">
      <ul>
        {(notices.data ?? []).map((n) => (
          <li key={`${n.file}:${n.keptAt}`}>{text(n)}</li>
        ))}
        {policyNotices.map((n) => (
          <li key={`policy:${n.key ?? ''}`} data-testid="policy-notice">
            {policyText(n)}
          </li>
        ))}
        {keychain ? <li>{t('settings:connection.keychainWarning')}</li> : null}
      </ul>
      <button type="button" className="btn" onClick={() => setDismissed(true)}>
        {t('startup.dismiss')}
      </button>
    </section>
  );
}
