/**
 * The catalogue comes in two chunks per language: the first screen's words (loaded before it) and the
 * words of Settings, the office and the directory's results (fetched after the first paint). Nothing may
 * ever show a key instead of its words while the second chunk is on its way, in either language.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18next, initI18n, loadLaterStrings } from '@renderer/i18n';
import { en } from '@renderer/i18n/locales/en';
import { zhCN } from '@renderer/i18n/locales/zh-CN';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

function OfficeHeading() {
  const { t } = useTranslation('office');
  return <h2>{t('tasks.heading')}</h2>;
}

// In this order: the first test meets the later words not yet loaded.
describe('the translation chunks', () => {
  it('a panel in the later words waits for them (its fallback), never showing the key', async () => {
    expect(i18next.hasLoadedNamespace('office')).toBe(false);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <OfficeHeading />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText('tasks.heading')).toBeNull();
    expect(await screen.findByRole('heading', { name: en.office.tasks.heading })).toBeTruthy();
  });

  it('the first screen has its words at start; the later ones come on request, then follow a language switch', async () => {
    // the first screen's namespaces are all there after init, without a request
    for (const ns of ['common', 'send', 'phonebook', 'account', 'tasks', 'failures', 'errors'])
      expect(i18next.hasLoadedNamespace(ns), ns).toBe(true);
    await loadLaterStrings();
    expect(i18next.t('settings:connection.keychainWarning')).toBe(en.settings.connection.keychainWarning);
    expect(i18next.t('directory:picker.typeToSearch')).toBe(en.directory.picker.typeToSearch);
    // a switch waits until every namespace in use is there in the new language
    await changeLanguage('zh-CN');
    expect(i18next.t('settings:connection.keychainWarning')).toBe(zhCN.settings.connection.keychainWarning);
    expect(i18next.t('office:tasks.heading')).toBe(zhCN.office.tasks.heading);
    expect(i18next.t('send:title')).toBe(zhCN.send.title);
    await changeLanguage('en');
    expect(i18next.t('office:tasks.heading')).toBe(en.office.tasks.heading);
  });
});
