/**
 * "Add from URL" when the fax service cannot download the document: the user reads, in the UI
 * language, that the address is the problem and what to check — not the service's internal
 * error code or "Check the request". Demo mode: the built-in simulator, which (like a careful
 * real service) never fetches this machine's own addresses, so the download is refused.
 */
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { tr } from './ui';

test.use({ previewEnv: { FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-add-url' } });

const CASES = [
  { language: 'en', toggle: 'Add from URL…', label: 'Web address of the document', add: 'Add', said: /could not download the document from that address\. Check the address/ },
  { language: 'zh-CN', toggle: '从网址添加…', label: '文档的网址', add: '添加', said: /传真服务无法从该网址下载文档。请检查网址/ },
] as const;

for (const c of CASES) {
  test(`a document the service cannot download says to check the address (${c.language})`, async ({ page, preview }) => {
    await openApp(page, preview, c.language);
    await page.getByRole('button', { name: c.toggle }).click();
    await page.getByLabel(c.label).fill('http://127.0.0.1:9/report.pdf');
    await page.getByRole('button', { name: c.add, exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: c.said });
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText('business');
    await expect(alert).not.toContainText('Check the request');
    // nothing was attached
    await expect(page.getByText(tr(c.language)('send:documents.empty'), { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: tr(c.language)('send:compose'), exact: true })).not.toContainText('report.pdf');
    await shot(page, `send-add-from-url-error-${c.language}`);
    await expectNoAxeViolations(page);
  });
}
