import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadResources, namespaces } from './resources';

export type { Language as UiLanguage } from '@shared/language';
import type { Language as UiLanguage } from '@shared/language';

/** Maps an OS locale such as zh-Hans-CN or en-GB onto one of our two languages. */
export function pickLanguage(locale: string | null | undefined): UiLanguage {
  return locale && /^zh\b/i.test(locale) ? 'zh-CN' : 'en';
}

async function ensureLoaded(language: UiLanguage): Promise<void> {
  if (i18next.hasResourceBundle(language, 'common')) return;
  const bundle = await loadResources(language);
  for (const [ns, strings] of Object.entries(bundle)) i18next.addResourceBundle(language, ns, strings, true, true);
}

/** Starts fetching a catalogue now (e.g. the likely language while the settings are read); the later load reuses it. */
export function preloadLanguage(language: UiLanguage): void {
  void loadResources(language).catch(() => {});
}

export async function initI18n(language: UiLanguage) {
  await i18next.use(initReactI18next).init({
    resources: { [language]: await loadResources(language) } as Record<string, Record<string, Record<string, unknown>>>,
    lng: language,
    // Both catalogues have the same keys (typechecked), so no fallback language is loaded.
    fallbackLng: false,
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: UiLanguage) {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
