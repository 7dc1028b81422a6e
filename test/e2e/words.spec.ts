/** Words on screen are the user's, in the UI language: a country by its name, not its code. */
import { expect, openApp, test } from './fixtures';
import { tr } from './ui';

test.use({ previewEnv: { FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-words' } });

const CASES = [
  { language: 'en', said: 'National numbers are completed with the country code of China.' },
  { language: 'zh-CN', said: '国内号码会自动补全中国的国家代码。' },
] as const;

for (const c of CASES) {
  test(`the numbers hint names the default country, not its code (${c.language})`, async ({ page, preview }) => {
    await openApp(page, preview, c.language);
    // the hint is the numbers box's description
    const numbers = page.getByLabel(tr(c.language)('send:recipients.label'), { exact: true });
    await expect(numbers).toHaveAccessibleDescription(new RegExp(c.said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(numbers).not.toHaveAccessibleDescription(/\bCN\b/);
  });
}

/** main's sentences are English; the window words every error code in its own language (describeError). */
const LOOKUP = [
  { language: 'en', nav: 'Tasks', open: 'Look up by reference', label: 'Task or recipient reference', submit: 'Look up', said: 'The fax service has no task with this reference.' },
  { language: 'zh-CN', nav: '任务', open: '按编号查找', label: '任务或接收方编号', submit: '查找', said: '传真服务没有此编号的任务。' },
] as const;

for (const c of LOOKUP) {
  test(`an error from main is said in the UI's language, never as main's English or a code (${c.language})`, async ({ page, preview }) => {
    await openApp(page, preview, c.language);
    await page.getByRole('navigation').getByRole('button', { name: c.nav }).click();
    await page.getByText(c.open, { exact: true }).click();
    await page.getByLabel(c.label).fill('T_no_such_task_42');
    await page.getByRole('button', { name: c.submit, exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: c.said });
    await expect(notice).toBeVisible();
    await expect(notice).not.toContainText(/not_found|HTTP/);
    if (c.language === 'zh-CN') await expect(notice).not.toContainText(/[A-Za-z]{4,}/);
  });
}
