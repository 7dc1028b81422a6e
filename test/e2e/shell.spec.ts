import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { nav, taskTable, tr } from './ui';

test.describe('the app shell in the browser preview', () => {
  for (const language of ['en', 'zh-CN'] as const) {
    test(`shows the sidebar and every screen in ${language}`, async ({ page, preview }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await openApp(page, preview, language);
      const sidebar = page.getByRole('navigation', { name: tr(language)('common:nav.label'), exact: true });
      const labels = language === 'en' ? ['Send', 'Tasks', 'Account', 'Settings'] : ['发送', '任务', '账户', '设置'];
      for (const label of labels) await expect(sidebar.getByRole('button', { name: new RegExp(label) })).toBeVisible();
      // The document language is state the page declares (for assistive technology), read as an attribute.
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const route of ['send', 'tasks', 'failures', 'account', 'settings'] as const) {
        await nav(page, route, language).click();
        await expect(nav(page, route, language)).toHaveAttribute('aria-current', 'page');
        // screens load on first use: wait for the screen itself, not just the sidebar
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        // No task yet: said inside the list, where the rows would be, not under an empty box.
        if (route === 'tasks') await expect(taskTable(page, language).getByRole('row').getByRole('cell')).toHaveText(tr(language)('tasks:empty'));
        await shot(page, `shell-${route}-${language}`);
        await expectNoAxeViolations(page);
      }
      expect(errors).toEqual([]);
    });
  }

  for (const [language, label] of [['en', 'Skip to content'], ['zh-CN', '跳到主要内容']] as const) {
    test(`the first Tab reaches a skip link that moves the keyboard past the sidebar (${language})`, async ({ page, preview }) => {
      await openApp(page, preview, language);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: label });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      // the next stop is inside the screen (#content is <main>), not the sidebar
      expect(await page.evaluate(() => document.activeElement?.closest('#content') !== null)).toBe(true);
      await expect(skip).not.toBeInViewport();
    });
  }

  test('a screen opens at its top, not where the previous one was scrolled to', async ({ page, preview }) => {
    await page.setViewportSize({ width: 1000, height: 600 });
    await openApp(page, preview);
    const content = page.getByRole('main');
    await nav(page, 'settings').click();
    await expect(content.getByRole('heading', { level: 1 })).toBeVisible();
    // Scrolled again on each try: the screen may still be filling in (on a slow machine) when first scrolled.
    await expect
      .poll(() =>
        content.evaluate((el) => {
          el.scrollTo({ top: el.scrollHeight });
          return el.scrollTop;
        }),
      )
      .toBeGreaterThan(100);
    await nav(page, 'send').click();
    await expect(nav(page, 'send')).toHaveAttribute('aria-current', 'page');
    // The screen is put at its top in the frame it is drawn (a loaded CI machine once read 633 between the
    // item's state and that frame): asked again until then.
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(0);
    await expect(content.getByRole('heading', { level: 1 })).toBeInViewport();
  });

  test('refuses API calls from another origin and without the token', async ({ page, preview }) => {
    await openApp(page, preview);
    const origin = new URL(preview.url).origin;
    const status = await page.evaluate(async (o) => {
      // without the token: the page's own calls carry it as a cookie, so leave the cookie out
      const r = await fetch(`${o}/__faxdesk/ipc/appInfo`, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: '{}' });
      return r.status;
    }, origin);
    expect(status).toBe(403);
    const foreign = await fetch(`${origin}/__faxdesk/ipc/appInfo`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', 'x-faxdesk-token': new URL(preview.url).searchParams.get('token')! },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('ipc.untrusted_sender');
  });

  test('the preview token leaves the address bar and history after the first load, and a reload keeps working', async ({ page, preview }) => {
    await openApp(page, preview);
    const token = new URL(preview.url).searchParams.get('token')!;
    expect(page.url()).not.toContain(token);
    // the entry before the app is the browser's blank page, not an address with the token
    await page.goBack();
    expect(page.url()).not.toContain(token);
    await page.goForward();
    // data-ready is the app's own state (first paint done), read here, not something a user acts on.
    await expect(page.locator('body[data-ready="true"]')).toBeVisible();
    expect(page.url()).not.toContain(token);
    // the page cannot read it: the cookie is HttpOnly
    expect(await page.evaluate(() => document.cookie)).not.toContain(token);
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toBeVisible();
    expect(await page.evaluate(async () => (await window.faxdesk!.appInfo()).ok)).toBe(true);
  });

  test('a malformed call from the page gets a structured validation error', async ({ page, preview }) => {
    await openApp(page, preview);
    const result = await page.evaluate(() => window.faxdesk!.setLanguage({ language: 'xx' as never }));
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
  });

  test('links cannot navigate the app away', async ({ page, preview }) => {
    await openApp(page, preview);
    const before = page.url();
    await page.evaluate(() => {
      try {
        window.open('https://evil.example/');
      } catch {
        /* blocked */
      }
    });
    // CSP forbids inline script and remote origins
    const blocked = await page.evaluate(async () => {
      try {
        await fetch('https://evil.example/');
        return false;
      } catch {
        return true;
      }
    });
    expect(blocked).toBe(true);
    expect(page.url()).toBe(before);
  });
});
