import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, resources } from './resources';

export type UiLanguage = 'en' | 'zh-CN';

/** Maps an OS locale such as zh-Hans-CN or en-GB onto one of our two languages. */
export function pickLanguage(locale: string | null | undefined): UiLanguage {
  return locale && /^zh\b/i.test(locale) ? 'zh-CN' : 'en';
}

export async function initI18n(language: UiLanguage) {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: UiLanguage) {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
