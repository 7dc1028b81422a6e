import { z } from 'zod';
import { channel, event } from '../define';
import { languageSchema, type Language } from '../../language';
import type { PolicyView } from '../../policy';
import type { StartupNotice } from '../../app/startup-notice';

export type { StartupNotice } from '../../app/startup-notice';

export type { PolicyView, PolicyNotice, Managed } from '../../policy';

export { languageSchema, type Language } from '../../language';

export interface AppInfo {
  version: string;
  platform: string;
  /** 'electron' in the desktop app, 'preview' in the browser preview */
  shell: 'electron' | 'preview';
  /** the OS locale, used until the user picks a language */
  systemLocale: string;
}

export interface UiPrefs {
  language: Language | null;
}

export const appChannels = {
  appInfo: channel<AppInfo>()(z.undefined()),
  getUiPrefs: channel<UiPrefs>()(z.undefined()),
  setLanguage: channel<UiPrefs>()(z.object({ language: languageSchema.nullable() }).strict()),
  startupNotices: channel<StartupNotice[]>()(z.undefined()),
  /** the machine-wide policy: which settings are managed, the account it names, what was wrong with it */
  getPolicy: channel<PolicyView>()(z.undefined()),
};

export const appEvents = {
  /** main asks the UI to show a screen (menu, tray, notification click) */
  navigate: event<{ route: string }>(),
};
