import type { StartupNotice } from '@shared/ipc/channels/app';
import type { Handlers } from '../dispatch';
import type { PlatformDeps } from '../../app-context';
import type { SettingsStore } from '../../settings/settings';
import { NO_POLICY, policyView, type Policy } from '../../policy/policy-file';

type AppHandlers = Pick<Handlers, 'appInfo' | 'getUiPrefs' | 'setLanguage' | 'startupNotices' | 'getPolicy'>;

export function appHandlers(deps: PlatformDeps, settings: SettingsStore, notices: readonly StartupNotice[] = [], policy: Policy = NO_POLICY): AppHandlers {
  return {
    appInfo: () => ({
      version: deps.version,
      platform: deps.platform,
      shell: deps.shell,
      systemLocale: deps.systemLocale,
    }),
    getUiPrefs: () => ({ language: settings.get().language }),
    setLanguage: ({ language }) => {
      settings.update({ language });
      return { language: settings.get().language };
    },
    startupNotices: () => [...notices],
    getPolicy: () => policyView(policy),
  };
}
