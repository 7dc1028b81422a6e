import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test('follows the system dark theme on every main screen, with readable contrast', async ({ page, preview }) => {
    await openApp(page, preview);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // the dark palette's background, not the light one
    expect(background).toBe('rgb(20, 24, 29)');
    for (const route of ['send', 'tasks', 'settings']) {
      await page.getByTestId(`nav-${route}`).click();
      await expect(page.locator('main h1')).toBeVisible();
      await shot(page, `dark-${route}-en`);
      await expectNoAxeViolations(page);
    }
  });
});
