/**
 * A fax that ends while the user is on another screen says so in view (issue 18): the status region
 * at the top of the window, read by screen readers, with "View" to open the task.
 */
import { expect, expectNoAxeViolations, openApp, sendOnePageFax, shot, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 }, previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-task-end' } });
// The app checks an unfinished task on the spec's cadence (30-60 s): the note comes with that check.
test.describe.configure({ timeout: 180_000 });

test('a fax that ends while the Send screen is open is announced in view, and View opens it', async ({ page, preview }) => {
  await openApp(page, preview);
  await sendOnePageFax(page, 'Prices.pdf', '+86 10 8800 0001\n+86 10 8800 0002');
  await page.getByRole('button', { name: 'New fax' }).click();

  const region = page.getByRole('status', { name: 'Fax results' });
  const toast = region.getByTestId('task-end-toast');
  await expect(toast).toContainText('Fax “Prices” delivered to all 2 numbers.', { timeout: 100_000 });
  await expect(toast).toBeInViewport();
  await expectNoAxeViolations(page);
  await shot(page, 'task-end-toast-en');

  await toast.getByRole('button', { name: 'View' }).click();
  await expect(page.getByTestId('nav-tasks')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('task-detail')).toContainText('Prices');
  await expect(region.getByTestId('task-end-toast')).toHaveCount(0);
});
