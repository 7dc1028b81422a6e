import { useEffect, useState } from 'react';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstScreenNamespaces, laterNamespaces, loadLaterResources, loadResources } from './resources';

export type { Language as UiLanguage } from '@shared/language';
import type { Language as UiLanguage } from '@shared/language';

/** Maps an OS locale such as zh-Hans-CN or en-GB onto one of our two languages. */
export function pickLanguage(locale: string | null | undefined): UiLanguage {
  return locale && /^zh\b/i.test(locale) ? 'zh-CN' : 'en';
}

const isLanguage = (l: string): l is UiLanguage => l === 'en' || l === 'zh-CN';
const isLater = (ns: string) => (laterNamespaces as readonly string[]).includes(ns);

/**
 * Where i18next gets a namespace it does not hold yet: from the catalogue's two chunks (i18next's
 * backend interface, as i18next-resources-to-backend does it). A component whose namespace is not
 * here yet suspends until it is (react-i18next), and a language switch waits for every namespace in use.
 */
const catalogueChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    (isLater(namespace) ? loadLaterResources : loadResources)(language).then(
      (bundle) => callback(null, (bundle[namespace] ?? {}) as ResourceKey),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

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
  await i18next
    .use(catalogueChunks)
    .use(initReactI18next)
    .init({
      // the first screen's words come with the start; the later screens' words when one asks (loadLaterStrings)
      resources: { [language]: await loadResources(language) } as Record<string, Record<string, Record<string, unknown>>>,
      partialBundledLanguages: true,
      lng: language,
      // 'zh-CN' only, never a plain 'zh' next to it: we have no such catalogue
      load: 'currentOnly',
      // Both catalogues have the same keys (typechecked), so no fallback language is loaded.
      fallbackLng: false,
      ns: [...firstScreenNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}

/**
 * The words of Settings, the office and directory results, in the language in use: a second chunk,
 * fetched once the first screen is painted. The screens and panels that use them wait for it before
 * they render, so none of them shows a key or a placeholder.
 */
export function loadLaterStrings(): Promise<void> {
  return i18next.loadNamespaces([...laterNamespaces]);
}

/** A loader that also waits for the later words: for a chunk whose components use them. */
export function withLaterStrings<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadLaterStrings()]).then(([loaded]) => loaded);
}

const laterStringsLoaded = () => laterNamespaces.every((ns) => i18next.hasLoadedNamespace(ns));

/** Whether the later screens' words are here; asks for them once `wanted` (for a first-screen notice that borrows one). */
export function useLaterStrings(wanted: boolean): boolean {
  const [ready, setReady] = useState(laterStringsLoaded);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    void loadLaterStrings().then(() => live && setReady(laterStringsLoaded()));
    return () => {
      live = false;
    };
  }, [wanted, ready]);
  return ready;
}

export async function changeLanguage(language: UiLanguage) {
  await ensureLoaded(language);
  // i18next loads every namespace already in use (the later ones too, once loaded) before it switches
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
