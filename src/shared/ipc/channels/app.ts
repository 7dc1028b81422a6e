import { z } from 'zod';
import { channel, event } from '../define';
import { languageSchema, type Language } from '../../language';
import type { PolicyView } from '../../policy';

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

/**
 * Something FaxDesk had to do at start about one of its own files, told to the
 * user once: a damaged file moved aside, a newer one left alone, one it could
 * not open at all.
 */
export interface StartupNotice {
  file: 'history' | 'phonebook' | 'settings' | 'demo';
  /** damaged: moved aside, started afresh; newer: left untouched; unavailable: could not be opened */
  problem: 'damaged' | 'newer' | 'unavailable';
  /** where the file is now (the damaged copy, or the untouched newer file) */
  keptAt: string;
  /** where this run keeps that data instead; null when only in memory until quit */
  usingInstead: string | null;
  /** the technical cause, for support */
  reason: string;
}

export const appChannels = {
  appInfo: channel<AppInfo>()(z.undefined()),
  getUiPrefs: channel<UiPrefs>()(z.undefined()),
  setLanguage: channel<UiPrefs>()(z.object({ language: languageSchema.nullable() }).strict()),
  openExternal: channel<{ opened: boolean }>()(z.object({ url: z.string().max(2048) }).strict()),
  startupNotices: channel<StartupNotice[]>()(z.undefined()),
  /** the machine-wide policy: which settings are managed, the account it names, what was wrong with it */
  getPolicy: channel<PolicyView>()(z.undefined()),
};

export const appEvents = {
  /** main asks the UI to show a screen (menu, tray, notification click) */
  navigate: event<{ route: string }>(),
};
