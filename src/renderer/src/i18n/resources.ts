import type { en } from './locales/en';
import type { Language } from '@shared/language';

export type Resources = typeof en;

/** Each feature adds its namespace to both languages' index.ts and here. */
export const namespaces = ['common', 'phonebook', 'account', 'settings', 'tasks', 'failures', 'send', 'directory', 'office', 'errors'] as const satisfies ReadonlyArray<
  keyof Resources
>;

/**
 * One language's catalogue, as its own chunk: the first screen waits only for
 * the language it shows (the other is fetched if the user switches).
 */
export async function loadResources(language: Language): Promise<Record<string, unknown>> {
  return language === 'zh-CN' ? (await import('./locales/zh-CN')).zhCN : (await import('./locales/en')).en;
}
