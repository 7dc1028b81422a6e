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
import { documentList, dropPdf, nav, sendResult, tr, type Language } from './ui';

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

const t = tr('en');
const sendButton = (page: Page, language: Language = 'en') => page.getByRole('button', { name: tr(language)('send:actions.send'), exact: true });

async function compose(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, numbers: string, name?: string, language: Language = 'en') {
  const l = tr(language);
  await page.getByLabel(l('send:documents.pickerLabel'), { exact: true }).setInputFiles([file]);
  await expect(page.getByRole('list', { name: l('send:documents.listLabel') }).getByText(l('send:documents.uploaded'), { exact: true })).toHaveCount(1);
  await page.getByLabel(l('send:recipients.label'), { exact: true }).fill(numbers);
  if (name !== undefined) await page.getByLabel(l('send:details.name'), { exact: true }).fill(name);
  await expect(sendButton(page, language)).toBeEnabled();
}


test.describe('a send is one act', () => {
  test('a double click creates one task; the result is at the top, in view, focused, named; nothing after it sends again; View task opens that task', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    await compose(page, await pdf('Offer.pdf', 1), pasted(2), 'Spring offer');
    // The service answers slowly, so the second click lands while the first send is running.
    sim.setFaults({ latencyMs: 600 });
    await sendButton(page).dblclick();
    // data-overall is the outcome as state, read here; the region is found by its heading.
    const result = sendResult(page);
    await expect(result).toHaveAttribute('data-overall', 'sent');
    sim.setFaults({ latencyMs: 0 });
    await expect(result).toBeInViewport({ ratio: 1 });
    await expect(result).toBeFocused();
    await expect(result.getByRole('heading', { level: 2 })).toHaveText('Fax “Spring offer” queued');
    await expect(result).toHaveAccessibleName('Fax “Spring offer” queued');
    // The scrolling container is <main>: its scroll position is measured.
    expect(await page.getByRole('main').evaluate((c) => c.scrollTop)).toBe(0);
    expect(creates(sim)).toBe(1);
    // The second click never left the window (main's own guard would have answered it with an error).
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The compose is read-only with its result: no Send button, no editing, and the shortcut does nothing.
    const composeGroup = page.getByRole('group', { name: t('send:compose') });
    await expect(composeGroup).toHaveAttribute('data-locked', 'true');
    await expect(sendButton(page)).toHaveCount(0);
    await expect(page.getByText(t('send:actions.lockedHint'), { exact: true })).toBeVisible();
    await expect(page.getByLabel(t('send:recipients.label'), { exact: true })).toBeDisabled();
    await page.keyboard.press('Control+Enter');
    // A second click where the Send button was: the hint that stands there now.
    await page.getByText(t('send:actions.lockedHint'), { exact: true }).click();
    await page.keyboard.press('Control+Enter');
    await expect(result).toHaveAttribute('data-overall', 'sent');
    expect(creates(sim)).toBe(1);
    expect(sim.taskCount()).toBe(1);
    const first = sim.tasks()[0]!;
    expect(first.name).toBe('Spring offer');

    // View task opens the task just created…
    await result.getByRole('button', { name: t('send:result.viewTask'), exact: true }).click();
    await expect(page.getByRole('complementary', { name: 'Spring offer', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: t('tasks:title'), exact: true }).getByRole('row', { selected: true })).toContainText('Spring offer');

    // …and after New fax and a second, different fax, View task opens the new one, not the one opened before.
    await nav(page, 'send').click();
    await page.getByRole('button', { name: t('send:actions.newFax'), exact: true }).click();
    await expect(result).toHaveCount(0);
    await expect(page.getByLabel(t('send:recipients.label'), { exact: true })).toHaveValue('');
    await compose(page, await pdf('Terms.pdf', 1), pasted(1, 50), 'Terms');
    await sendButton(page).click();
    await expect(result).toHaveAttribute('data-overall', 'sent');
    await result.getByRole('button', { name: t('send:result.viewTask'), exact: true }).click();
    await expect(page.getByRole('complementary', { name: 'Terms', exact: true })).toBeVisible();
    expect(creates(sim)).toBe(2);
  });

  test('Ctrl+Enter twice creates one task', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    await compose(page, await pdf('Memo.pdf', 1), pasted(3));
    sim.setFaults({ latencyMs: 600 });
    await page.getByLabel(t('send:recipients.label'), { exact: true }).focus();
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await expect(sendResult(page)).toHaveAttribute('data-overall', 'sent');
    sim.setFaults({ latencyMs: 0 });
    await page.keyboard.press('Control+Enter');
    await expect(sendResult(page)).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(creates(sim)).toBe(1);
    expect(sim.taskCount()).toBe(1);
  });

  test('the same fax again within 30 minutes asks first; Don’t send creates nothing', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    const file = await pdf('Invoice.pdf', 1);
    await compose(page, file, pasted(2));
    await sendButton(page).click();
    await expect(sendResult(page)).toHaveAttribute('data-overall', 'sent');
    expect(creates(sim)).toBe(1);

    // A restart in between: the earlier send is found in the history, not in memory.
    await preview.restart();
    await openApp(page, preview);
    // The same account again (without a keyring in this test session the secret lives in memory only).
    await connectAccount(page, sim);
    await compose(page, file, pasted(2));
    const uploadsBefore = sim.counters().byRoute['POST /api/v2/files/upload'] ?? 0;
    await sendButton(page).click();
    const dialog = page.getByRole('dialog', { name: /You sent this fax at .+ — send it again\?/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Invoice');
    await shot(page, 'send-repeat-en');
    await expectNoAxeViolations(page);
    // The safe answer is the default: a stray Enter does not send it again.
    await expect(dialog.getByRole('button', { name: 'Don’t send' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(sendResult(page)).toHaveCount(0);
    expect(creates(sim)).toBe(1);
    expect(sim.counters().byRoute['POST /api/v2/files/upload'] ?? 0).toBe(uploadsBefore);

    // Asked again, the user can still mean it. A file dropped while the question is open is named there and
    // is not part of this fax: sent again, the fax goes with its own document, and the file starts the next fax.
    await sendButton(page).click();
    await expect(dialog).toBeVisible();
    await dropPdf(page, 'annex.pdf', 'Annex');
    await expect(dialog.getByTestId('send-held')).toHaveText(t('send:repeat.held', { count: 1, names: t('send:review.heldName', { name: 'annex.pdf' }) }), { timeout: 15_000 });
    await shot(page, 'send-repeat-held-en');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('send:repeat.confirm'), exact: true }).click();
    // (the fax's result is replaced at once by the next fax that the waiting file starts)
    await expect.poll(() => creates(sim)).toBe(2);
    const task = sim.tasks().at(-1)!;
    expect(sim.files().filter((f) => task.file_refs.includes(f.file_ref)).map((f) => f.file_name)).toEqual(['Invoice.pdf']);
    await expect(documentList(page).getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
    await expect(documentList(page).getByRole('listitem')).toContainText('annex.pdf');
  });
});

test.describe('the review asked for by the cost alone', () => {
  /** the contract price per page, entered in Settings as the Send screen offers while no fax has revealed one */
  async function contractPrice(page: Page, price: string) {
    await page.getByLabel(t('settings:prefs.contractUnitPrice'), { exact: true }).fill(price);
    await page.getByLabel(t('settings:prefs.contractUnitPrice'), { exact: true }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: t('settings:prefs.saved') })).toBeVisible();
    await nav(page, 'send').click();
  }

  test('two recipients costing just over the ¥20 limit are reviewed first; at ¥20.00 the fax goes out at once', async ({ page, preview, sim }) => {
    await openApp(page, preview);
    await connectAccount(page, sim);
    // 2 recipients: far under the recipient count that asks for a review (more than 10), so only the cost can.
    await compose(page, await pdf('Quote.pdf', 1), pasted(2), 'Quote');
    await page.getByRole('button', { name: t('send:cost.enterPrice'), exact: true }).click();
    await contractPrice(page, '10.01');
    await expect(page.getByText(t('send:cost.estimate', { amount: '¥20.02' }), { exact: true })).toBeVisible();

    await sendButton(page).click();
    const review = page.getByRole('dialog', { name: t('send:review.title', { name: 'Quote' }), exact: true });
    await expect(review).toBeVisible();
    await expect(review.getByRole('definition').filter({ hasText: '¥20.02' })).toContainText('¥20.02');
    await expect(review.getByRole('definition').filter({ hasText: t('send:review.recipientCount', { count: 2 }) })).toHaveText(t('send:review.recipientCount', { count: 2 }));
    await page.keyboard.press('Escape');
    await expect(review).toHaveCount(0);
    expect(creates(sim)).toBe(0);

    // Exactly at the limit is not above it: no review, one task.
    await nav(page, 'settings').click();
    await contractPrice(page, '10');
    await expect(page.getByText(t('send:cost.estimate', { amount: '¥20.00' }), { exact: true })).toBeVisible();
    await sendButton(page).click();
    await expect(sendResult(page)).toHaveAttribute('data-overall', 'sent');
    await expect(review).toHaveCount(0);
    expect(creates(sim)).toBe(1);
  });
});

for (const language of ['en', 'zh-CN'] as const) {
  test.describe(`the review before a large send (${language})`, () => {
    test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-send-once', LC_ALL: language === 'en' ? 'en_US.UTF-8' : 'zh_CN.UTF-8' } });
    test(`40 recipients: the review shows 40 and a cost, nothing is created until it is confirmed, then exactly one (${language})`, async ({ page, preview, sim }) => {
      const l = tr(language);
      const name = language === 'en' ? 'Catalogue' : '产品目录';
      await openApp(page, preview);
      await connectAccount(page, sim);
      // The document language is state the page declares (for assistive technology), read as an attribute.
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await compose(page, await pdf('Catalogue.pdf', 2), pasted(40), name, language);
      // No fax yet, so no price: the screen says why, and Settings takes the contract price.
      await expect(page.getByText(l('send:cost.noPrice'))).toBeVisible();
      await page.getByRole('button', { name: l('send:cost.enterPrice'), exact: true }).click();
      await page.getByLabel(l('settings:prefs.contractUnitPrice'), { exact: true }).fill('0.1');
      await page.getByLabel(l('settings:prefs.contractUnitPrice'), { exact: true }).press('Enter');
      await expect(page.getByRole('status').filter({ hasText: l('settings:prefs.saved') })).toBeVisible();
      await nav(page, 'send', language).click();
      await expect(page.getByText(l('send:cost.estimate', { amount: '¥8.00' }), { exact: true })).toBeVisible();

      await page.getByLabel(l('send:recipients.label'), { exact: true }).focus();
      await page.keyboard.press('Control+Enter');
      const review = page.getByRole('dialog', { name: l('send:review.title', { name }), exact: true });
      await expect(review).toBeVisible();
      await expect(review.getByRole('definition').filter({ hasText: l('send:review.recipientCount', { count: 40 }) })).toHaveText(l('send:review.recipientCount', { count: 40 }));
      await expect(review.getByRole('definition').filter({ hasText: '¥8.00' })).toContainText('¥8.00');
      await expect(review.getByRole('listitem')).toHaveText([`Catalogue.pdf · ${l('send:documents.pages', { count: 2 })}`]);
      const confirm = review.getByRole('button', { name: l('send:actions.send'), exact: true });
      const back = review.getByRole('button', { name: l('send:review.back'), exact: true });
      await expect(confirm).toBeFocused();
      await shot(page, `send-review-${language}`);
      await expectNoAxeViolations(page);
      // Focus stays inside: Tab from the last button comes back to the first.
      await page.keyboard.press('Tab');
      await expect(back).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(confirm).toBeFocused();
      // The shortcut that opened the review cannot also confirm it; Esc goes back with nothing sent.
      await page.keyboard.press('Control+Enter');
      await expect(review).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(review).toHaveCount(0);
      expect(creates(sim)).toBe(0);

      await sendButton(page, language).click();
      await expect(review).toBeVisible();
      expect(creates(sim)).toBe(0);
      await page.keyboard.press('Enter');
      const result = sendResult(page, language);
      await expect(result).toHaveAttribute('data-overall', 'sent');
      await expect(result).toBeInViewport({ ratio: 1 });
      await shot(page, `send-result-top-${language}`);
      await expectNoAxeViolations(page);
      expect(creates(sim)).toBe(1);
      expect(sim.tasks()[0]!.recipients).toHaveLength(40);
    });
  });
}
