import type { StartupNotice } from '@shared/ipc/channels/app';
import type { Handlers } from '../dispatch';
import type { PlatformDeps } from '../../app-context';
import type { SettingsStore } from '../../settings/settings';
import { NO_POLICY, policyView, type Policy } from '../../policy/policy-file';

type AppHandlers = Pick<Handlers, 'appInfo' | 'getUiPrefs' | 'setLanguage' | 'startupNotices' | 'getPolicy'>;

/** `noticesReady`: the start-up checks that may still add a notice (the demo's state, read without blocking) */
export function appHandlers(
  deps: PlatformDeps,
  settings: SettingsStore,
  notices: readonly StartupNotice[] = [],
  policy: Policy = NO_POLICY,
  noticesReady: Promise<unknown> = Promise.resolve(),
): AppHandlers {
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
    startupNotices: async () => {
      await noticesReady;
      return [...notices];
    },
    getPolicy: () => policyView(policy),
  };
}
