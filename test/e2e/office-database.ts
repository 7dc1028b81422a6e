import type { Page } from '@playwright/test';
import { postgresMissing, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { openApp, test, type Preview } from './fixtures';
import { nav, tr, type Language } from './ui';

/**
 * One PostgreSQL for an office spec file, started before its tests and stopped after them; the tests
 * skip where PostgreSQL cannot run. (The same eight lines stood at the head of each office spec.)
 */
export function officeDatabase(options: { tls?: boolean } = {}): { readonly server: RunningPostgres } {
  let server: RunningPostgres | null = null;
  test.beforeAll(async () => {
    test.skip(postgresMissing() !== null, postgresMissing() ?? '');
    server = await startPostgres(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the office database is not running (before beforeAll, or PostgreSQL missing)');
      return server;
    },
  };
}

/**
 * Opens the app in `language` on Settings and finds the Office outbox card and its form; the page's
 * uncaught errors are collected in `errors` (each office settings test checks there are none).
 */
export async function openOfficeSettings(page: Page, preview: Pick<Preview, 'url'>, language: Language) {
  const l = tr(language);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page, preview, language);
  await nav(page, 'settings', language).click();
  const card = page.getByRole('region', { name: l('office:settings.heading'), exact: true });
  const form = card.getByRole('form', { name: l('office:settings.heading'), exact: true });
  return { l, errors, card, form };
}
