import type { StartupNotice } from '../../../shared/ipc/channels/app';
import type { Handlers } from '../dispatch';
import type { PlatformDeps } from '../../app-context';
import type { SettingsStore } from '../../settings/settings';
import { safeOpenExternal } from '../../security';
import { NO_POLICY, policyView, type Policy } from '../../policy/policy-file';

type AppHandlers = Pick<Handlers, 'appInfo' | 'getUiPrefs' | 'setLanguage' | 'openExternal' | 'startupNotices' | 'getPolicy'>;

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
    openExternal: ({ url }) => ({ opened: safeOpenExternal({ openExternal: deps.openExternal }, url) }),
    startupNotices: () => [...notices],
    getPolicy: () => policyView(policy),
  };
}
