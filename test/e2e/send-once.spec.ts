/**
 * A send is one act with a clear end (issue 12): the real Send screen in
 * Chromium, the real main-process handlers in the browser preview, and a
 * simulator this test owns so it can count every create that reaches it.
 */
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../../src/simulator/index';
import { connectAccount, expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';

// Several sends, a restart and axe runs per test: more than the default minute on a shared machine.
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1280, height: 800 }, previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-send-once' } });

async function pdf(name: string, pages: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${name} page ${i + 1}`, { x: 60, y: 760, size: 28 });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** create-task requests that reached the simulator (counted on arrival). */
function creates(sim: RunningSimulator): number {
  return sim.requestLog().filter((e) => e.method === 'POST' && /\/api\/v2\/faxes$/.test(e.path)).length;
}

/** `count` Beijing numbers as a person would paste them, starting at `from`. */
function pasted(count: number, from = 0): string {
  return Array.from({ length: count }, (_, i) => `+86 10 8800 ${String(from + i).padStart(4, '0')}`).join('\n');
}

async function compose(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, numbers: string, name?: string) {
  await page.getByTestId('send-file-input').setInputFiles([file]);
  await expect(page.locator('.send-ok').filter({ hasText: /Uploaded|已上传/ })).toHaveCount(1);
  await page.locator('#send-numbers').fill(numbers);
  if (name !== undefined) await page.locator('#send-name').fill(name);
  await expect(page.getByTestId('send-button')).toBeEnabled();
}


test.describe('a send is one act', () => {
  test('a double click creates one task; the result is at the top, in view, focused, named; nothing after it sends again; View task opens that task', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    await compose(page, await pdf('Offer.pdf', 1), pasted(2), 'Spring offer');
    // The service answers slowly, so the second click lands while the first send is running.
    sim.setFaults({ latencyMs: 600 });
    await page.getByTestId('send-button').dblclick();
    const result = page.getByTestId('send-result');
    await expect(result).toHaveAttribute('data-overall', 'sent');
    sim.setFaults({ latencyMs: 0 });
    await expect(result).toBeInViewport({ ratio: 1 });
    await expect(result).toBeFocused();
    await expect(result.locator('h2')).toHaveText('Fax “Spring offer” queued');
    expect(await page.locator('#content').evaluate((c) => c.scrollTop)).toBe(0);
    expect(creates(sim)).toBe(1);
    // The second click never left the window (main's own guard would have answered it with an error).
    await expect(page.getByTestId('send-error')).toHaveCount(0);

    // The compose is read-only with its result: no Send button, no editing, and the shortcut does nothing.
    await expect(page.getByTestId('send-compose')).toHaveAttribute('data-locked', 'true');
    await expect(page.getByTestId('send-button')).toHaveCount(0);
    await expect(page.locator('#send-numbers')).toBeDisabled();
    await page.keyboard.press('Control+Enter');
    // A second click where the Send button was.
    await page.locator('.send-actions').click();
    await page.keyboard.press('Control+Enter');
    await expect(result).toHaveAttribute('data-overall', 'sent');
    expect(creates(sim)).toBe(1);
    expect(sim.taskCount()).toBe(1);
    const first = sim.tasks()[0]!;
    expect(first.name).toBe('Spring offer');

    // View task opens the task just created…
    await page.getByTestId('send-view-task').click();
    await expect(page.getByTestId('task-detail')).toContainText('Spring offer');
    await expect(page.getByTestId('task-table').locator('[aria-selected="true"]')).toContainText('Spring offer');

    // …and after New fax and a second, different fax, View task opens the new one, not the one opened before.
    await page.getByTestId('nav-send').click();
    await page.getByTestId('send-new-fax').click();
    await expect(page.getByTestId('send-result')).toHaveCount(0);
    await expect(page.locator('#send-numbers')).toHaveValue('');
    await compose(page, await pdf('Terms.pdf', 1), pasted(1, 50), 'Terms');
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('send-result')).toHaveAttribute('data-overall', 'sent');
    await page.getByTestId('send-view-task').click();
    await expect(page.locator('#task-detail-title')).toHaveText('Terms');
    expect(creates(sim)).toBe(2);
  });

  test('Ctrl+Enter twice creates one task', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    await compose(page, await pdf('Memo.pdf', 1), pasted(3));
    sim.setFaults({ latencyMs: 600 });
    await page.locator('#send-numbers').focus();
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('send-result')).toHaveAttribute('data-overall', 'sent');
    sim.setFaults({ latencyMs: 0 });
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('send-result')).toBeFocused();
    await expect(page.getByTestId('send-error')).toHaveCount(0);
    expect(creates(sim)).toBe(1);
    expect(sim.taskCount()).toBe(1);
  });

  test('the same fax again within 30 minutes asks first; Don’t send creates nothing', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    const file = await pdf('Invoice.pdf', 1);
    await compose(page, file, pasted(2));
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('send-result')).toHaveAttribute('data-overall', 'sent');
    expect(creates(sim)).toBe(1);

    // A restart in between: the earlier send is found in the history, not in memory.
    await preview.restart();
    await openApp(page, preview);
    // The same account again (without a keyring in this test session the secret lives in memory only).
    await connectAccount(page, sim);
    await compose(page, file, pasted(2));
    const uploadsBefore = sim.counters().byRoute['POST /api/v2/files/upload'] ?? 0;
    await page.getByTestId('send-button').click();
    const dialog = page.getByRole('dialog', { name: /You sent this fax at .+ — send it again\?/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Invoice');
    await shot(page, 'send-repeat-en');
    await expectNoAxeViolations(page);
    // The safe answer is the default: a stray Enter does not send it again.
    await expect(dialog.getByRole('button', { name: 'Don’t send' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('send-result')).toHaveCount(0);
    expect(creates(sim)).toBe(1);
    expect(sim.counters().byRoute['POST /api/v2/files/upload'] ?? 0).toBe(uploadsBefore);

    // Asked again, the user can still mean it.
    await page.getByTestId('send-button').click();
    await page.getByTestId('send-repeat-confirm').click();
    await expect(page.getByTestId('send-result')).toHaveAttribute('data-overall', 'sent');
    expect(creates(sim)).toBe(2);
  });
});

for (const language of ['en', 'zh-CN'] as const) {
  test.describe(`the review before a large send (${language})`, () => {
    test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-send-once', LC_ALL: language === 'en' ? 'en_US.UTF-8' : 'zh_CN.UTF-8' } });
    test(`40 recipients: the review shows 40 and a cost, nothing is created until it is confirmed, then exactly one (${language})`, async ({ page, preview, sim }) => {
      await openApp(page, preview);
      await connectAccount(page, sim);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await compose(page, await pdf('Catalogue.pdf', 2), pasted(40), language === 'en' ? 'Catalogue' : '产品目录');
      // No fax yet, so no price: the screen says why, and Settings takes the contract price.
      await expect(page.getByTestId('send-no-price')).toBeVisible();
      await page.getByTestId('send-no-price').getByRole('button').click();
      await page.getByTestId('contract-unit-price').fill('0.1');
      await page.getByTestId('contract-unit-price').press('Enter');
      await expect(page.locator('.notice.info[role="status"]').last()).toBeVisible();
      await page.getByTestId('nav-send').click();
      await expect(page.getByTestId('send-cost')).toContainText('¥8.00');

      await page.locator('#send-numbers').focus();
      await page.keyboard.press('Control+Enter');
      const review = page.getByRole('dialog');
      await expect(review).toBeVisible();
      await expect(page.getByTestId('send-review-recipients')).toContainText('40');
      await expect(page.getByTestId('send-review-cost')).toContainText('¥8.00');
      await expect(page.getByTestId('send-review-documents')).toContainText('Catalogue.pdf');
      await expect(page.getByTestId('send-review-confirm')).toBeFocused();
      await shot(page, `send-review-${language}`);
      await expectNoAxeViolations(page);
      // Focus stays inside: Tab from the last button comes back to the first.
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('send-review-cancel')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByTestId('send-review-confirm')).toBeFocused();
      // The shortcut that opened the review cannot also confirm it; Esc goes back with nothing sent.
      await page.keyboard.press('Control+Enter');
      await expect(review).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(review).toHaveCount(0);
      expect(creates(sim)).toBe(0);

      await page.getByTestId('send-button').click();
      await expect(review).toBeVisible();
      expect(creates(sim)).toBe(0);
      await page.keyboard.press('Enter');
      const result = page.getByTestId('send-result');
      await expect(result).toHaveAttribute('data-overall', 'sent');
      await expect(result).toBeInViewport({ ratio: 1 });
      await shot(page, `send-result-top-${language}`);
      await expectNoAxeViolations(page);
      expect(creates(sim)).toBe(1);
      expect(sim.tasks()[0]!.recipients).toHaveLength(40);
    });
  });
}
