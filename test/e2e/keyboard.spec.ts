/**
 * Keyboard only (issue 18): from the numbers box, a fax is sent and its task
 * looked at with at most ten key presses; the task list is walked with the
 * arrows and the detail closed with Esc. Every key goes through `press`, which
 * counts it; the document comes in as a chosen file (the one step that is a
 * dialog of the system's own).
 */
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from '@playwright/test';
import { connectAccount, expect, expectNoAxeViolations, openApp, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { documentList, sendResult, taskDetail, taskTable, tr } from './ui';

const t = tr('en');

test.use({ viewport: { width: 1280, height: 800 }, previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-keyboard' } });


async function onePagePdf(name: string) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(name, { x: 60, y: 760, size: 28 });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

function keyCounter(page: Page) {
  let presses = 0;
  return {
    press: async (key: string) => {
      presses++;
      await page.keyboard.press(key);
    },
    /** a paste: one Ctrl+V */
    paste: async (text: string) => {
      presses++;
      await page.keyboard.insertText(text);
    },
    /** Tab until `target` has the focus (at most `max` presses), as a user scanning the screen would. */
    tabTo: async (target: Locator, max = 5) => {
      for (let i = 0; i < max; i++) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        presses++;
        await page.keyboard.press('Tab');
      }
      await expect(target).toBeFocused();
    },
    get presses() {
      return presses;
    },
  };
}

test('keyboard only: paste a number, Ctrl+Enter, and the task is open within ten key presses; arrows and Esc in the list', async ({ page, preview, sim }) => {
  await openApp(page, preview);
  await connectAccount(page, sim);

  // Send stays in view while the form scrolls (it sat below the fold at 1280×800), also at 800×600.
  const sendButton = page.getByRole('button', { name: t('send:actions.send'), exact: true });
  await expect(sendButton).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(sendButton).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });

  const keys = keyCounter(page);
  // Two faxes, so the list has rows to move between.
  for (const [file, number] of [
    ['Price list.pdf', '+86 10 8800 0001'],
    ['Order form.pdf', '+86 10 8800 0002'],
  ] as const) {
    await page.getByLabel(t('send:documents.pickerLabel'), { exact: true }).setInputFiles([await onePagePdf(file)]);
    await expect(documentList(page).getByText(t('send:documents.uploaded'), { exact: true })).toHaveCount(1);
    await page.getByLabel(t('send:recipients.label'), { exact: true }).focus();
    const before = keys.presses;
    await keys.paste(number);
    await keys.press('Control+Enter');
    const result = sendResult(page);
    await expect(result).toHaveAttribute('data-overall', 'sent');
    // The result takes the focus; past the task's summary (its references), the first button opens the task.
    await expect(result).toBeFocused();
    await keys.tabTo(result.getByRole('button', { name: t('send:result.viewTask'), exact: true }));
    if (file === 'Order form.pdf') {
      await keys.press('Enter');
      await expect(taskDetail(page, 'Order form')).toBeVisible();
      expect(keys.presses - before).toBeLessThanOrEqual(10);
      console.log(`keyboard only: ${keys.presses - before} key presses from the numbers box to the open task`);
    } else {
      // "New fax" follows "View task": start the next one.
      await keys.press('Tab');
      await keys.press('Enter');
      await expect(result).toHaveCount(0);
    }
  }

  // In the list: Esc closes the detail and puts the keyboard on that task's row; the arrows move between rows.
  const table = taskTable(page);
  await keys.press('Escape');
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Order form', exact: true })).toBeFocused();
  await keys.press('ArrowDown');
  await expect(table.getByRole('button', { name: 'Price list', exact: true })).toBeFocused();
  await keys.press('Enter');
  await expect(taskDetail(page, 'Price list')).toBeVisible();
  await keys.press('Escape');
  await expect(table.getByRole('button', { name: 'Price list', exact: true })).toBeFocused();
  await keys.press('ArrowUp');
  await expect(table.getByRole('button', { name: 'Order form', exact: true })).toBeFocused();
  // A hurried user: Esc and Down in the same instant (both before the next frame is drawn). The keyboard ends
  // on the row below, not pulled back to the row whose detail just closed.
  await keys.press('Enter');
  await expect(taskDetail(page, 'Order form')).toBeVisible();
  await page.evaluate(async () => {
    for (const key of ['Escape', 'ArrowDown']) {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
    for (let i = 0; i < 3; i++) await new Promise((frame) => requestAnimationFrame(frame));
  });
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Price list', exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
});
