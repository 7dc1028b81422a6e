import { z } from 'zod';
import { channel, event } from '../define';

export const languageSchema = z.enum(['en', 'zh-CN']);
export type Language = z.infer<typeof languageSchema>;

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
  openExternal: channel<{ opened: boolean }>()(z.object({ url: z.string().max(2048) }).strict()),
};

export const appEvents = {
  /** main asks the UI to show a screen (menu, tray, notification click) */
  navigate: event<{ route: string }>(),
};
