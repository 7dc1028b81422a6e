import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { tr, valueOf } from './ui';

// A phonebook cut short by a crash and demo data that is not JSON: FaxDesk must start anyway and say what it kept where.
test.use({
  dataFiles: {
    'phonebook.sqlite': 'SQLite format 3\0'.padEnd(4096, '#'),
    'demo-service.json': '{"version":1,"acc',
  },
});

test.describe('start-up with damaged files', () => {
  for (const language of ['en', 'zh-CN'] as const) {
    test(`starts, and tells where the damaged files were kept (${language})`, async ({ page, preview }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openApp(page, preview, language);
      const notices = page.getByRole('region', { name: language === 'en' ? 'Notices from start-up' : '启动提示' });
      await expect(notices).toBeVisible();
      const kept = fs.readdirSync(preview.dataDir).filter((f) => /\.damaged-/.test(f));
      expect(kept.sort()).toEqual([expect.stringMatching(/^demo-service\.json\.damaged-/), expect.stringMatching(/^phonebook\.sqlite\.damaged-/)]);
      for (const f of kept) await expect(notices).toContainText(path.join(preview.dataDir, f));
      await expect(notices).toContainText(language === 'en' ? 'The old file was kept, not deleted' : '旧文件已保留');
      // demo mode works with fresh data
      await page.getByRole('navigation').getByRole('button', { name: language === 'en' ? /Account/ : /账户/ }).click();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(valueOf(page, tr(language)('account:balance'))).toBeVisible();
      await shot(page, `startup-notices-${language}`);
      await expectNoAxeViolations(page);
      await notices.getByRole('button', { name: language === 'en' ? 'Dismiss' : '知道了' }).click();
      await expect(notices).toBeHidden();
    });
  }
});
