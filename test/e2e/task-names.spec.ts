/**
 * Names from the phonebook in the task detail (issue #30 leftover): the recipients table shows, under
 * each number, the name it had in the phonebook when the fax was sent; renaming the contact later does
 * not change it. English and Chinese at 1280×800 and 800×600, axe clean
 * (screenshots in artifacts/screenshots/details-task-names-*).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, sendOnePageFax, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { nav, recipientRow, taskDetail, taskRow, type Language } from './ui';

test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200' } });
test.describe.configure({ timeout: 120_000 });

const NAMED = '861088000009';
const UNNAMED = '861088000001';

async function saveContact(page: Page, contact: { id?: string; name: string; fax: string }): Promise<string> {
  return page.evaluate(async (c) => {
    const r = await window.faxdesk!.saveContact(c);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.id;
  }, contact);
}

for (const language of ['en', 'zh-CN'] as const satisfies readonly Language[]) {
  test(`the task's recipients show each number's phonebook name as it was when sent (${language})`, async ({ page, preview }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    const name = language === 'en' ? 'Anna Schmidt' : '王芳';
    const id = await saveContact(page, { name, fax: '+86 10 8800 0009' });
    const fax = language === 'en' ? 'Named price list' : 'Named price list zh';
    await sendOnePageFax(page, `${fax}.pdf`, '+86 10 8800 0009\n+86 10 8800 0001', language);

    // The contact is renamed after the send: the fax went to the name it had then.
    await saveContact(page, { id, name: language === 'en' ? 'Anna Weber' : '王芳芳', fax: '+86 10 8800 0009' });

    await nav(page, 'tasks', language).click();
    await taskRow(page, fax, language).getByRole('button', { name: fax, exact: true }).click();
    const detail = taskDetail(page, fax, language);
    await expect(detail).toBeVisible();
    const named = recipientRow(detail, NAMED, language);
    await expect(named.getByTestId('recipient-contact-name')).toHaveText(name);
    await expect(named).toContainText('+86 10 8800 0009');
    await expect(recipientRow(detail, UNNAMED, language).getByTestId('recipient-contact-name')).toHaveCount(0);
    await expect(detail).not.toContainText(language === 'en' ? 'Weber' : '王芳芳');

    for (const [width, height] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      await named.scrollIntoViewIfNeeded();
      await expect(named.getByTestId('recipient-contact-name')).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `the detail at ${width}×${height} is wider than the window`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `artifacts/screenshots/details-task-names-${width}x${height}-${language}.png` });
      await expectNoAxeViolations(page);
    }
  });
}
