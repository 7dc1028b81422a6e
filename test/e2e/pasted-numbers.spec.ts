/**
 * Numbers pasted into the Send screen as people have them (issue #30, item 10): an extension after
 * the number, a tel: link, spreadsheet cells and a CSV file's quoted cells.
 */
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { numberRows, tr, type Language } from './ui';

test.use({ viewport: { width: 1280, height: 800 } });

const PASTE = ['010 6688 7777 转 8001', 'tel: 0755 8888 9999', 'Anna Schmidt\t+49 30 1234567', '"Li, Lei","+86 21 6123 4567"', '12345'].join('\n');

for (const language of ['en', 'zh-CN'] as Language[]) {
  test(`an extension is one row with a note, tel: and cells read as a person would (${language})`, async ({ page, preview }) => {
    const t = tr(language);
    await openApp(page, preview, language);
    await page.getByLabel(t('send:recipients.label'), { exact: true }).fill(PASTE);
    const rows = numberRows(page, language);
    await expect(rows).toHaveCount(5);
    const ext = rows.nth(0);
    await expect(ext).toContainText('861066887777');
    await expect(ext).toContainText(t('send:recipients.extension', { extension: '8001' }));
    await expect(rows.nth(1)).toContainText('8675588889999');
    await expect(rows.nth(2)).toContainText('49301234567');
    await expect(rows.nth(3)).toContainText('862161234567');
    await expect(page.getByTestId('send-count')).toContainText(t('send:recipients.count', { valid: 4 }));
    await rows.nth(0).scrollIntoViewIfNeeded();
    await shot(page, `pasted-numbers-1280-${language}`);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 800, height: 600 });
    await rows.nth(0).scrollIntoViewIfNeeded();
    await shot(page, `pasted-numbers-800-${language}`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Removing the invalid row keeps the extension (it used to drop it as a row of its own).
    await page.getByRole('button', { name: t('send:recipients.removeInvalid') }).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText(t('send:recipients.extension', { extension: '8001' }));
  });
}
