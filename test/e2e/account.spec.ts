import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, shot, startCliSimulator, test } from './fixtures';
import { nav, pattern, tr, valueOf, type Language } from './ui';

/** The shell's header: the demo badge (a button to Settings) and the balance chip (a button to Account). */
function header(page: Page, language: Language) {
  const l = tr(language);
  const banner = page.getByRole('banner');
  return {
    demoBadge: banner.getByRole('button', { name: `${l('account:demoBadge')} · ${l('account:connectAccount')}`, exact: true }),
    balance: banner.getByRole('button', { name: pattern(language, 'account:balanceShort') }),
  };
}

/** The Fax service account form in Settings, and the outcome of its last attempt (an alert, or a status with the balance). */
function connectionForm(page: Page, language: Language) {
  const form = page.getByRole('form', { name: tr(language)('settings:connection.heading'), exact: true });
  return { form, failed: form.getByRole('alert'), connected: form.getByRole('status').filter({ hasText: /¥/ }) };
}

const SECRET = 'e2e-office-secret-7f3a';

test.describe('connect and check', () => {
  for (const language of ['en', 'zh-CN'] as const) {
    test(`first launch is demo mode with a balance; wrong then right credentials (${language})`, async ({ page, preview }) => {
      const service = await startCliSimulator(['--api-key', 'office-key', '--api-secret', SECRET, '--balance', '88.5']);
      try {
        await openApp(page, preview, language);
        const en = language === 'en';
        const l = tr(language);
        const { demoBadge, balance } = header(page, language);
        const { failed, connected } = connectionForm(page, language);
        await expect(demoBadge).toBeVisible();
        await expect(balance).toContainText('¥500.00');
        await nav(page, 'account', language).click();
        await expect(valueOf(page, l('account:balance'))).toHaveText('¥500.00');
        await shot(page, `account-demo-${language}`);
        await expectNoAxeViolations(page);

        await demoBadge.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(en ? 'Settings' : '设置');
        await page.getByLabel(en ? 'Service address' : '服务地址').fill(service.baseUrl);
        await page.getByLabel(en ? 'API key' : 'API 密钥').fill('office-key');
        await page.getByLabel(en ? 'API secret' : 'API 秘钥').fill('an-old-secret');
        await page.getByRole('button', { name: en ? 'Test connection' : '测试连接' }).click();
        await expect(failed).toContainText(en ? "don't match" : '不匹配');
        await expect(failed).toContainText(en ? 'reset in the management console' : '管理后台重置');
        await shot(page, `settings-wrong-secret-${language}`);
        await expectNoAxeViolations(page);

        await page.getByLabel(en ? 'API secret' : 'API 秘钥').fill(SECRET);
        // A new attempt clears the old error at once: it never sits beside "Connecting…" (the answer is held back here).
        let release = () => {};
        const held = new Promise<void>((r) => (release = r));
        await page.route('**/__faxdesk/ipc/connectAccount', async (route) => {
          await held;
          await route.continue();
        });
        await page.getByRole('button', { name: en ? 'Save and connect' : '保存并连接' }).click();
        await expect(page.getByRole('button', { name: en ? 'Connecting…' : '正在连接…' })).toBeVisible();
        await expect(failed).toHaveCount(0);
        await expect(connected).toHaveCount(0);
        // After connecting, the window asks for the account once or twice, not once per component listening.
        const accountQueries: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('/__faxdesk/ipc/getAccount')) accountQueries.push(r.url());
        });
        release();
        await expect(connected).toContainText('¥88.50');
        // real time: the window's queries come from a browser and a preview process on their own clocks; what arrives within this bound is counted
        await page.waitForTimeout(1500);
        expect(accountQueries.length).toBeGreaterThanOrEqual(1);
        expect(accountQueries.length).toBeLessThanOrEqual(2);
        await expect(connected).toContainText(en ? 'status Active' : '状态 正常');
        await expect(demoBadge).toHaveCount(0);
        await expect(balance).toContainText('¥88.50');
        await expect(page.getByLabel(en ? 'API secret' : 'API 秘钥')).toHaveValue('');
        await shot(page, `settings-connected-${language}`);

        await nav(page, 'account', language).click();
        await expect(valueOf(page, l('account:balance'))).toHaveText('¥88.50');
        const status = valueOf(page, l('account:status'));
        await expect(status).toContainText(en ? 'Faxes can be sent.' : '可以发送传真。');
        // the status word itself, apart from its explanation
        await expect(status.getByText(en ? 'Active' : '正常', { exact: true })).toBeVisible();
        await shot(page, `account-connected-${language}`);
        await expectNoAxeViolations(page);

        // Nothing the page can reach ever carries the secret.
        const seen = await page.evaluate(async () => JSON.stringify([await window.faxdesk!.getConnection(), await window.faxdesk!.getSettings(), await window.faxdesk!.getAccount()]));
        expect(seen).not.toContain(SECRET);
      } finally {
        await service.stop();
      }
    });
  }

  for (const language of ['en', 'zh-CN'] as const) {
    test(`another address asks for the secret again and never receives the stored one (${language})`, async ({ page, preview }) => {
      const service = await startCliSimulator(['--api-key', 'office-key', '--api-secret', SECRET]);
      // the "attacker host": answers anything, records every header
      const seen: http.IncomingHttpHeaders[] = [];
      const other = http.createServer((req, res) => {
        seen.push(req.headers);
        res.end('{}');
      });
      await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      try {
        const en = language === 'en';
        const l = tr(language);
        await openApp(page, preview, language);
        await nav(page, 'settings', language).click();
        const address = page.getByLabel(en ? 'Service address' : '服务地址');
        await address.fill(service.baseUrl);
        await page.getByLabel(en ? 'API key' : 'API 密钥').fill('office-key');
        await page.getByLabel(en ? 'API secret' : 'API 秘钥').fill(SECRET);
        await page.getByRole('button', { name: en ? 'Save and connect' : '保存并连接' }).click();
        await expect(header(page, language).demoBadge).toHaveCount(0);

        await address.fill(otherUrl);
        // the hint that describes the secret field
        await expect(page.getByLabel(en ? 'API secret' : 'API 秘钥')).toHaveAccessibleDescription(new RegExp(en ? 'type the API secret for it' : '请输入对应的 API 秘钥'));
        await page.getByRole('button', { name: en ? 'Test connection' : '测试连接' }).click();
        await expect(connectionForm(page, language).failed).toContainText(
          en ? 'Type the API secret for this address and API key' : '请输入此服务地址和 API 密钥对应的 API 秘钥',
        );
        await shot(page, `settings-secret-retype-${language}`);
        await expectNoAxeViolations(page);
        // nor can the page move the address by the settings channel
        const moved = await page.evaluate((u) => window.faxdesk!.updateSettings({ baseUrl: u } as never), otherUrl);
        expect(moved).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
        await nav(page, 'account', language).click();
        const status = valueOf(page, l('account:status'));
        await expect(status).toContainText(en ? 'Faxes can be sent.' : '可以发送传真。');
        await expect(status.getByText(en ? 'Active' : '正常', { exact: true })).toBeVisible();
        expect(seen).toEqual([]);
      } finally {
        await new Promise<void>((r) => other.close(() => r()));
        await service.stop();
      }
    });
  }

  test('a balance under the threshold warns in the shell', async ({ page, preview }) => {
    await openApp(page, preview);
    await page.evaluate(() => window.faxdesk!.updateSettings({ lowBalanceThreshold: 1000 }));
    await page.reload();
    await expect(page.getByRole('banner').getByRole('status').filter({ hasText: pattern('en', 'account:lowBalance') })).toContainText('Low balance');
    await shot(page, 'shell-low-balance-en');
  });
});
