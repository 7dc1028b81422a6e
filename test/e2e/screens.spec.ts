/**
 * Every screen at the two window sizes an office PC gives it (1280×800 and
 * 800×600), in both languages and both themes: a screenshot of each for
 * review (artifacts/screenshots/screens-*), axe clean on each, nothing wider
 * than the window, and the task detail reachable next to or over the list.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, sendOnePageFax, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { nav, taskDetail, taskTable, tr } from './ui';

test.describe.configure({ timeout: 180_000 });
test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-screens' } });

const SIZES = [
  [1280, 800],
  [800, 600],
] as const;

/** Nothing may need a horizontal scroll of the whole window. */
async function expectNoPageOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} is wider than the window`).toBeLessThanOrEqual(0);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const language of ['en', 'zh-CN'] as const) {
    test.describe(`every screen, ${language}, ${scheme}`, () => {
      test.use({ colorScheme: scheme });
      test(`at 1280×800 and 800×600 (${language}, ${scheme})`, async ({ page, preview }) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await openApp(page, preview, language);
        await sendOnePageFax(page, 'Prices.pdf', '+86 10 8800 0001\n+86 10 8800 0002', language);
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          const tag = `${width}x${height}-${language}-${scheme}`;
          // In a narrow window the sidebar keeps only its icons; each still has its name.
          const sidebar = await page.getByRole('navigation').boundingBox();
          expect(sidebar!.width).toBe(width < 960 ? 60 : 200);
          await expect(page.getByRole('navigation').getByRole('button', { name: tr(language)('common:nav.tasks') })).toBeVisible();
          const table = taskTable(page, language);
          // the task rows (the header row has column headers, not cells)
          const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
          for (const route of ['send', 'tasks', 'failures', 'phonebook', 'account', 'settings'] as const) {
            await nav(page, route, language).click();
            await expect(nav(page, route, language)).toHaveAttribute('aria-current', 'page');
            await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
            if (route === 'tasks') {
              await expect(rows.first()).toBeVisible();
              await expect(rows.first().getByRole('button', { name: 'Prices', exact: true })).toBeVisible();
              // every column in view: the list does not scroll sideways at either size
              const sideways = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
              expect(sideways, `task table at ${tag}`).toBeLessThanOrEqual(0);
            }
            await expectNoPageOverflow(page, `${route} at ${tag}`);
            await page.screenshot({ path: `artifacts/screenshots/screens-${route}-${tag}.png` });
            await expectNoAxeViolations(page);
          }
          // The detail of a task, with the list still usable beside or under it.
          await nav(page, 'tasks', language).click();
          await rows.first().getByRole('button', { name: 'Prices', exact: true }).click();
          const detail = taskDetail(page, 'Prices', language);
          await expect(detail).toBeVisible();
          await expect(detail.getByRole('heading', { level: 2 })).toBeInViewport();
          await expectNoPageOverflow(page, `task detail at ${tag}`);
          await page.screenshot({ path: `artifacts/screenshots/screens-task-detail-${tag}.png` });
          await expectNoAxeViolations(page);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('complementary')).toHaveCount(0);
        }
        await shot(page, `screens-last-${language}-${scheme}`);
      });
    });
  }
}
