import type { StartupNotice } from '../../../shared/ipc/channels/app';
import type { Handlers } from '../dispatch';
import type { PlatformDeps } from '../../app-context';
import type { SettingsStore } from '../../settings/settings';
import { safeOpenExternal } from '../../security';

type AppHandlers = Pick<Handlers, 'appInfo' | 'getUiPrefs' | 'setLanguage' | 'openExternal' | 'startupNotices'>;

export function appHandlers(deps: PlatformDeps, settings: SettingsStore, notices: readonly StartupNotice[] = []): AppHandlers {
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
  };
}
