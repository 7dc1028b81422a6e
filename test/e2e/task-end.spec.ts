/**
 * A fax that ends while the user is on another screen says so in view (issue 18): the status region
 * at the top of the window, read by screen readers, with "View" to open the task.
 */
import { expect, expectNoAxeViolations, openApp, sendOnePageFax, shot, test } from './fixtures';
import { nav, taskDetail } from './ui';

test.use({ viewport: { width: 1280, height: 800 }, previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-task-end' } });
// The demo service says when the task ends (as its webhook would) and the app asks about it then: the note
// comes within seconds of the end, not at the next poll (30-60 s, the spec's cadence for a real account).
test.describe.configure({ timeout: 90_000 });

test('a fax that ends while the Send screen is open is announced in view, and View opens it', async ({ page, preview }) => {
  await openApp(page, preview);
  await sendOnePageFax(page, 'Prices.pdf', '+86 10 8800 0001\n+86 10 8800 0002');
  await page.getByRole('button', { name: 'New fax' }).click();

  const region = page.getByRole('status', { name: 'Fax results' });
  // One fax ended, so one note in the region: its sentence, and its View button beside it.
  const note = region.getByText('Fax “Prices” delivered to all 2 numbers.', { exact: true });
  const view = region.getByRole('button', { name: 'View', exact: true });
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toBeInViewport();
  await expect(view).toBeInViewport();
  await expectNoAxeViolations(page);
  await shot(page, 'task-end-toast-en');

  await view.click();
  await expect(nav(page, 'tasks')).toHaveAttribute('aria-current', 'page');
  await expect(taskDetail(page, 'Prices')).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(view).toHaveCount(0);
});
