/**
 * A recipients box at 12,000 lines in Chromium: typing stays in the box, the counts follow every
 * keystroke, and the check table holds only the rows in view (it scrolls to the last one).
 */
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { numberRows, tr, type Language } from './ui';

const LINES = 12_000;
const box = Array.from({ length: LINES }, (_, i) => `+86 138 ${String(10_000_000 + i)}`).join('\n');

for (const language of ['en', 'zh-CN'] as const satisfies readonly Language[]) {
  test(`a 12,000-line recipients box: counts follow the typing, the table holds the rows in view (${language})`, async ({ page, preview }) => {
    const l = tr(language);
    await openApp(page, preview, language);
    const input = page.getByLabel(l('send:recipients.label'), { exact: true });
    // a paste of the whole list at once (Playwright's fill types it through the editing machinery, minutes at this size)
    await input.evaluate((el, text) => {
      const ta = el as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(ta, text);
      ta.dispatchEvent(new Event('input', { bubbles: true }));
    }, box);
    await expect(page.getByTestId('send-count')).toContainText(l('send:recipients.count', { valid: LINES }));
    const table = page.getByRole('table', { name: l('send:recipients.rowsLabel'), exact: true });
    await expect(table).toHaveAttribute('aria-rowcount', String(LINES + 1));
    expect(await numberRows(page, language).count()).toBeLessThan(80);

    // a wrong last line, typed key by key at the end of the box
    await input.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n12345');
    await expect(page.getByTestId('send-count')).toContainText(l('send:recipients.invalidCount', { count: 1 }));
    await page.getByRole('region', { name: l('send:recipients.rowsLabel'), exact: true }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = table.locator(`tr[aria-rowindex="${LINES + 2}"]`);
    await expect(last).toContainText(l('send:recipients.reason.too_short'));
    await expect(last).toHaveAttribute('data-invalid', 'true');
    expect(await numberRows(page, language).count()).toBeLessThan(80);
    await shot(page, `send-recipients-12000-${language}`);
    await expectNoAxeViolations(page);
  });
}
