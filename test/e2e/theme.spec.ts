import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { nav } from './ui';

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test('follows the system dark theme on every main screen, with readable contrast', async ({ page, preview }) => {
    await openApp(page, preview);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // the dark palette's background, not the light one
    expect(background).toBe('rgb(20, 24, 29)');
    for (const route of ['send', 'tasks', 'settings'] as const) {
      await nav(page, route).click();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, `dark-${route}-en`);
      await expectNoAxeViolations(page);
    }
  });
});

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`keyboard focus in the sidebar (${scheme})`, () => {
    test.use({ colorScheme: scheme });
    test('the focus ring stands out at least 3:1 from the sidebar, on a plain and on the current item', async ({ page, preview }) => {
      await openApp(page, preview);
      await page.keyboard.press('Tab'); // the skip link
      for (const id of ['send', 'tasks'] as const) {
        await page.keyboard.press('Tab');
        const item = nav(page, id);
        await expect(item).toBeFocused();
        const { ring, behind } = await item.evaluate((el) => {
          const sidebar = el.closest('nav')!;
          const own = getComputedStyle(el).backgroundColor;
          return {
            ring: getComputedStyle(el).outlineColor,
            // what the ring is drawn against: the sidebar, or the item's own highlight when it has one
            behind: own === 'rgba(0, 0, 0, 0)' ? getComputedStyle(sidebar).backgroundColor : own,
          };
        });
        expect(contrast(ring, behind), `${id}: ${ring} on ${behind}`).toBeGreaterThanOrEqual(3);
      }
    });
  });
}
