/**
 * Issue #30, the screen items: the phonebook in the sidebar (19), look-up by reference (9), the
 * keychain warning said once (12), failures per number (7). Each screen in English and Chinese at
 * 1280×800 and 800×600, axe clean (screenshots in artifacts/screenshots/details-*).
 */
import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { connectAccount, expect, expectNoAxeViolations, openApp, sendOnePageFax, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { literal, nav, pattern, recipientRow, taskDetail, taskRow, tr, valueOf, type Language } from './ui';

test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200' } });
test.describe.configure({ timeout: 180_000 });

const SIZES = [
  [1280, 800],
  [800, 600],
] as const;

/** A screenshot and an axe check of the window as it is now, at both sizes. */
async function atBothSizes(page: Page, name: string, language: Language, check?: () => Promise<void>) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    if (check) await check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width}×${height} is wider than the window`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `artifacts/screenshots/details-${name}-${width}x${height}-${language}.png` });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The task and recipient references of the task the Send screen just created. */
async function lastSentRefs(page: Page): Promise<{ taskRef: string; rcptRef: string; phoneNumber: string }> {
  return page.evaluate(async () => {
    const list = await window.faxdesk!.listTasks({ filters: {}, sort: { by: 'created', dir: 'desc' }, limit: 1, offset: 0 });
    if (!list.ok) throw new Error(list.error.message);
    const id = list.value.rows[0]!.id;
    const d = await window.faxdesk!.getTaskDetail({ id });
    if (!d.ok) throw new Error(d.error.message);
    const r = d.value.recipients[0]!;
    return { taskRef: d.value.task.taskRef!, rcptRef: r.rcptRef, phoneNumber: r.phoneNumber };
  });
}

/** Presses Refresh until `check` holds (the floor allows one real query every 10 s). */
async function refreshUntil(detail: Locator, check: () => Promise<void>, language: Language) {
  await expect(async () => {
    await detail.getByRole('button', { name: tr(language)('tasks:detail.refresh'), exact: true }).click();
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
}

const BUSY = '8613800138666';
const NOT_A_FAX = '8613800138888';

for (const language of ['en', 'zh-CN'] as const) {
  const l = tr(language);

  test(`the phonebook has its own place in the sidebar, usable after a send (${language})`, async ({ page, preview }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    await sendOnePageFax(page, 'Prices.pdf', '+86 10 8800 0001', language);
    // The send is over and the Send screen locked on its result: the phonebook is still one click away.
    await nav(page, 'phonebook', language).click();
    await expect(nav(page, 'phonebook', language)).toHaveAttribute('aria-current', 'page');
    const screen = page.getByRole('main');
    await expect(screen.getByRole('heading', { level: 1, name: l('phonebook:screen.title'), exact: true })).toBeVisible();
    await screen.getByRole('button', { name: l('phonebook:contact.new'), exact: true }).click();
    const name = language === 'en' ? 'Anna Schmidt' : '王芳';
    await screen.getByLabel(l('phonebook:contact.name'), { exact: true }).fill(name);
    await screen.getByLabel(l('phonebook:contact.fax'), { exact: true }).fill('+86 10 8800 0009');
    await screen.getByRole('button', { name: l('phonebook:contact.save'), exact: true }).click();
    await expect(screen.getByText(l('phonebook:contact.saved', { name }), { exact: true })).toBeVisible();
    await expect(screen.getByRole('list', { name: l('phonebook:contact.listLabel') })).toContainText(name);
    await atBothSizes(page, 'phonebook-screen', language);
    // Picked on the Send screen, the number goes into the box written as a person writes it.
    await nav(page, 'send', language).click();
    await page.getByRole('button', { name: l('send:actions.newFax'), exact: true }).click();
    const picker = page.getByRole('region', { name: l('phonebook:picker.heading'), exact: true });
    await picker.getByRole('checkbox', { name: new RegExp(name) }).check();
    await picker.getByRole('button', { name: l('phonebook:picker.add'), exact: true }).click();
    await expect(page.getByLabel(l('send:recipients.label'), { exact: true })).toHaveValue('+86 10 8800 0009');
  });

  test(`look-up by reference: focused, the kind read from the reference, the number formatted and linked to its task (${language})`, async ({ page, preview }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    await sendOnePageFax(page, 'Lookup.pdf', '+86 10 8800 0001', language);
    const refs = await lastSentRefs(page);
    expect(refs.rcptRef).toMatch(/^rcpt_/);
    await nav(page, 'tasks', language).click();
    await page.getByText(l('tasks:lookup.title'), { exact: true }).click();
    const field = page.getByLabel(l('tasks:lookup.label'), { exact: true });
    // Opened to type into: the field has the keyboard.
    await expect(field).toBeFocused();
    // The kind select still says "Task": a recipient's reference is recognised by its prefix.
    await expect(page.getByLabel(l('tasks:lookup.kind'), { exact: true })).toHaveValue('task');
    await page.keyboard.type(refs.rcptRef);
    await expect(page.getByLabel(l('tasks:lookup.kind'), { exact: true })).toHaveValue('recipient');
    await page.getByRole('button', { name: l('tasks:lookup.submit'), exact: true }).click();
    const found = page.getByTestId('lookup-recipient');
    await expect(valueOf(found, l('tasks:recipient.number'))).toHaveText('+86 10 8800 0001');
    await expect(valueOf(found, l('tasks:recipient.reference'))).toHaveText(refs.rcptRef);
    await atBothSizes(page, 'lookup-recipient', language);
    // Its task, one click away.
    await valueOf(found, l('tasks:lookup.taskOf')).getByRole('button', { name: refs.taskRef, exact: true }).click();
    await expect(taskDetail(page, 'Lookup', language)).toBeVisible();
  });

  test.describe('without a system keychain', () => {
    // No Secret Service on the session bus (as on a desktop without gnome-keyring): the secret lives in memory.
    test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/faxdesk-e2e-no-keyring' } });
    test(`the keychain warning is said once on each screen (${language})`, async ({ page, preview, sim }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openApp(page, preview, language);
      await connectAccount(page, sim);
      const warning = page.getByText(l('settings:connection.keychainWarning'), { exact: true });
      // The preview has no keychain: the secret lives in memory, and the banner says so on every screen…
      await nav(page, 'tasks', language).click();
      await expect(warning).toHaveCount(1);
      // …but Settings, whose connection card says it with the fix, does not say it twice.
      await nav(page, 'settings', language).click();
      await expect(page.getByRole('heading', { level: 1, name: l('settings:title'), exact: true })).toBeVisible();
      await expect(warning).toHaveCount(1);
      await expect(page.getByTestId('keychain-warning')).toBeVisible();
      await atBothSizes(page, 'keychain-warning-settings', language);
    });
  });

  test(`failures are per number: the latest attempt with its history, counted once, no resend where it cannot help (${language})`, async ({ page, preview }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    await sendOnePageFax(page, 'Offer.pdf', `+${BUSY}\n+${NOT_A_FAX}\n+86 10 8800 0001`, language);
    await nav(page, 'tasks', language).click();
    await taskRow(page, 'Offer', language).getByRole('button', { name: 'Offer', exact: true }).click();
    const detail = taskDetail(page, 'Offer', language);
    await refreshUntil(detail, async () => {
      await expect(recipientRow(detail, BUSY, language)).toContainText('BUSY', { timeout: 2_000 });
      await expect(recipientRow(detail, NOT_A_FAX, language)).toContainText('NOT_A_FAX_MACHINE', { timeout: 2_000 });
    }, language);

    const failuresNav = nav(page, 'failures', language);
    await failuresNav.click();
    await expect(failuresNav.getByText(l('failures:badge', { count: 2, days: 7 }), { exact: true })).toBeAttached();
    const groups = page.getByRole('region', { name: l('failures:title'), exact: true }).getByRole('region');
    const group = (code: string) => groups.filter({ has: page.getByRole('heading', { name: new RegExp(`^${literal(code)}`) }) });
    // A number that is not a fax machine is not offered a resend: it would fail again.
    await expect(group('NOT_A_FAX_MACHINE').getByRole('button', { name: l('failures:resendTask') })).toHaveCount(0);
    await expect(group('NOT_A_FAX_MACHINE').getByRole('row').nth(1)).toContainText(l('failures:notRetryable'));
    // The reason in the UI's language.
    await expect(group('BUSY').getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(l('failures:reasons.BUSY'));
    await group('BUSY').getByRole('button', { name: l('failures:resendTask'), exact: true }).click();
    // The resend to the busy number fails at once, and the demo service says so when it does: the row
    // moves on to that latest attempt by itself (its "resent as" link may show only for a moment).
    const history = group('BUSY').getByRole('row').nth(1).getByRole('cell').first();
    await expect(history).toContainText(pattern(language, 'failures:history.again', false), { timeout: 15_000 });

    // The busy number failed twice: one row (its latest attempt) with its history, and still two numbers not reached.
    await expect(group('BUSY').getByRole('heading', { level: 2 })).toContainText(l('failures:groupTitle', { code: 'BUSY', count: 1 }));
    await expect(group('BUSY').getByRole('row')).toHaveCount(2);
    await expect(history).toContainText(pattern(language, 'failures:history.first', false));
    await expect(history).toContainText(pattern(language, 'failures:history.again', false));
    await expect(failuresNav.getByText(l('failures:badge', { count: 2, days: 7 }), { exact: true })).toBeAttached();
    await atBothSizes(page, 'failures-per-number', language);
  });

  test(`the review shows the page total, the price per page, the numbers, and that demo sends nothing (${language})`, async ({ page, preview }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    // One fax first: its record gives the price per page.
    await sendOnePageFax(page, 'First.pdf', '+86 10 8800 0001', language);
    await page.getByRole('button', { name: l('send:actions.newFax'), exact: true }).click();
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    doc.addPage([595, 842]);
    await page.getByLabel(l('send:documents.pickerLabel'), { exact: true }).setInputFiles([{ name: 'Brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) }]);
    await expect(page.getByRole('list', { name: l('send:documents.listLabel') }).getByText(l('send:documents.uploaded'), { exact: true })).toHaveCount(1);
    // 12 numbers: above the review threshold (10)
    const numbers = Array.from({ length: 12 }, (_, i) => `+86 10 8800 ${String(100 + i).padStart(4, '0')}`);
    await page.getByLabel(l('send:recipients.label'), { exact: true }).fill(numbers.join('\n'));
    await page.getByRole('button', { name: l('send:actions.send'), exact: true }).click();
    const review = page.getByRole('dialog', { name: pattern(language, 'send:review.title') });
    await expect(review).toBeVisible();
    await expect(review.getByTestId('send-review-demo')).toHaveText(l('send:review.demo'));
    await expect(review.getByTestId('send-review-pages')).toHaveText(l('send:review.pageTotal', { count: 2 }));
    await expect(review.getByTestId('send-review-unit-price')).toHaveText(l('send:review.perPage', { price: '¥0.30' }));
    await review.getByText(l('send:review.showNumbers'), { exact: true }).click();
    const list = review.getByRole('list', { name: l('send:review.numbersLabel'), exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(12);
    await expect(list.getByRole('listitem').first()).toHaveText('+86 10 8800 0100');
    await atBothSizes(page, 'send-review', language);
    await review.getByRole('button', { name: l('send:review.back'), exact: true }).click();
    await expect(review).toHaveCount(0);
  });

  test(`feedback sits under the toolbar that caused it, in view at both sizes; a second resend names the first (${language})`, async ({ page, preview }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    await sendOnePageFax(page, 'Notice.pdf', `+${BUSY}`, language);
    await nav(page, 'tasks', language).click();
    await taskRow(page, 'Notice', language).getByRole('button', { name: 'Notice', exact: true }).click();
    const detail = taskDetail(page, 'Notice', language);
    await refreshUntil(detail, () => expect(recipientRow(detail, BUSY, language)).toContainText('BUSY', { timeout: 2_000 }), language);
    // Item 8: in the detail, at both sizes, every column of a recipient is in the pane (stacked under the
    // number where the pane is narrow), not behind a sideways scrollbar: charge, failure and reference included.
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      const table = detail.getByTestId('recipients-table');
      await table.scrollIntoViewIfNeeded();
      const sideways = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
      expect(sideways, `recipients table at ${width}×${height}`).toBeLessThanOrEqual(0);
      const pane = (await detail.boundingBox())!;
      const cells = recipientRow(detail, BUSY, language).getByRole('cell');
      for (const i of [4, 5, 7]) {
        const box = (await cells.nth(i).boundingBox())!;
        expect(box.x + box.width, `column ${i} at ${width}×${height}`).toBeLessThanOrEqual(pane.x + pane.width);
      }
      await expect(cells.nth(5)).toContainText(language === 'en' ? 'The line was busy' : '对方占线');
      await page.screenshot({ path: `artifacts/screenshots/details-recipients-${width}x${height}-${language}.png` });
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const toolbar = detail.getByTestId('task-toolbar');
    const facts = detail.locator('dl.facts');
    /** `box` lies between the toolbar and the task's facts. */
    async function expectUnderToolbar(box: Locator) {
      const [bar, it, f] = [await toolbar.boundingBox(), await box.boundingBox(), await facts.boundingBox()];
      expect(it!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
      expect(it!.y + it!.height).toBeLessThanOrEqual(f!.y + 1);
    }
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await detail.getByTestId('resend-all').click();
      const question = detail.getByRole('group', { name: pattern(language, 'tasks:detail.resendConfirm_one') });
      await expectUnderToolbar(question);
      await expect(detail.getByTestId('resend-confirm')).toBeInViewport({ ratio: 1 });
      await question.getByRole('button', { name: l('common:cancel'), exact: true }).click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await detail.getByTestId('resend-all').click();
    await detail.getByTestId('resend-confirm').click();
    const done = detail.getByTestId('task-detail-notice');
    await expect(done).toContainText(pattern(language, 'tasks:detail.resendDone_one', false));
    await expectUnderToolbar(done);
    await expect(done).toBeInViewport();
    // The same numbers again: the question says they were resent already, as what and when.
    await detail.getByTestId('resend-all').click();
    await expect(detail.getByTestId('resend-earlier')).toContainText(language === 'en' ? '“Notice (resend)”' : '“Notice');
    await expect(detail.getByTestId('resend-earlier')).toHaveText(pattern(language, 'tasks:detail.resendEarlier'));
    await atBothSizes(page, 'resend-question', language, () => expect(detail.getByTestId('resend-confirm')).toBeInViewport({ ratio: 1 }));
  });
}
