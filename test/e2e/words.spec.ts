/** Words on screen are the user's, in the UI language: a country by its name, not its code. */
import { expect, openApp, test } from './fixtures';

test.use({ previewEnv: { FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-words' } });

const CASES = [
  { language: 'en', said: 'National numbers are completed with the country code of China.' },
  { language: 'zh-CN', said: '国内号码会自动补全中国的国家代码。' },
] as const;

for (const c of CASES) {
  test(`the numbers hint names the default country, not its code (${c.language})`, async ({ page, preview }) => {
    await openApp(page, preview, c.language);
    const hint = page.locator('#send-numbers-hint');
    await expect(hint).toContainText(c.said);
    await expect(hint).not.toContainText(/\bCN\b/);
  });
}
