import type { en } from './locales/en';
import type { enFirstScreen } from './locales/en/first-screen';
import type { enLater } from './locales/en/later';
import type { Language } from '@shared/language';

export type Resources = typeof en;

/**
 * Each feature adds its namespace to both languages' first-screen.ts or later.ts, and here: to the
 * first list when anything the first screen draws (the shell, Send, the sidebar, an error) uses it.
 */
export const firstScreenNamespaces = ['common', 'phonebook', 'account', 'tasks', 'failures', 'send', 'errors'] as const satisfies ReadonlyArray<
  keyof typeof enFirstScreen
>;
/** Used only by screens and panels loaded after the first paint; they wait for these (loadLaterStrings). */
export const laterNamespaces = ['settings', 'directory', 'office'] as const satisfies ReadonlyArray<keyof typeof enLater>;
export const namespaces = [...firstScreenNamespaces, ...laterNamespaces] as const satisfies ReadonlyArray<keyof Resources>;

type Bundle = Record<string, Record<string, unknown>>;

/**
 * One language's first-screen words, as its own chunk: the first screen waits only for the language
 * it shows (the other is fetched if the user switches).
 */
export async function loadResources(language: Language): Promise<Bundle> {
  return language === 'zh-CN' ? (await import('./locales/zh-CN/first-screen')).zhCNFirstScreen : (await import('./locales/en/first-screen')).enFirstScreen;
}

/** One language's words for the later screens (Settings, the office, directory results), as its own chunk. */
export async function loadLaterResources(language: Language): Promise<Bundle> {
  return language === 'zh-CN' ? (await import('./locales/zh-CN/later')).zhCNLater : (await import('./locales/en/later')).enLater;
}
