/**
 * Documents that arrive from outside the window: a file dropped anywhere on
 * it, and a document saved or printed into the hot folder. Both must land on
 * the Send screen; a hot-folder document is filed into sent/ once its fax is
 * queued, never deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import type { Page } from '@playwright/test';
import { documentList, nav, sendResult, tr, type Language } from './ui';

const t = tr('en');

/** The Hot folder group of the Preferences form: its Choose folder… button and the folder it shows (an <output>, named Folder). */
function hotFolder(page: Page, language: Language = 'en') {
  const l = tr(language);
  const group = page.getByRole('form', { name: l('settings:prefs.heading'), exact: true }).getByRole('group', { name: l('settings:prefs.hotFolderHeading'), exact: true });
  return {
    choose: group.getByRole('button', { name: l('settings:prefs.hotFolderChoose'), exact: true }),
    path: group.getByRole('status', { name: l('settings:prefs.hotFolderPath'), exact: true }),
  };
}

test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200' } });

async function pdfBytes(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 24 });
  return Buffer.from(await doc.save());
}

test('a document written into the hot folder opens on the Send screen and moves to sent/ after sending', async ({ page, preview }) => {
  // The preview's folder dialog picks its own Outbox inside its data folder.
  test.setTimeout(120_000);
  const folder = path.join(preview.dataDir, 'Outbox');
  try {
    await openApp(page, preview);
    // The window cannot point main at a folder by itself...
    const typed = await page.evaluate(() => window.faxdesk!.updateSettings({ hotFolder: { enabled: true, path: '/etc' } } as never));
    expect(typed.ok).toBe(false);
    // ...the user chooses it in Settings, through main's folder dialog.
    await nav(page, 'settings').click();
    await hotFolder(page).choose.click();
    await expect(hotFolder(page).path).toHaveText(folder);
    await page.getByLabel('Watch a folder: documents saved or printed into it open on the Send screen').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Preferences saved.')).toBeVisible();
    await hotFolder(page).path.scrollIntoViewIfNeeded();
    await shot(page, 'settings-hot-folder-en');
    await nav(page, 'send').click();
    const docs = documentList(page).getByRole('listitem');

    // Written in two steps with a pause longer than the settle time (a stalled copy):
    // it must be offered once, and only when complete.
    const bytes = await pdfBytes('Printed invoice');
    const target = path.join(folder, '打印 invoice 7.pdf');
    const half = Math.floor(bytes.length / 2);
    fs.writeFileSync(target, bytes.subarray(0, half));
    // Real time on purpose: the preview's main runs in its own process on the system clock, and this
    // checks the whole stack holds a stalled copy back for longer than its settle time (the settle rules
    // themselves are tested on a ManualClock in test/main/intake/).
    await new Promise((res) => setTimeout(res, 1_500));
    await expect(docs).toHaveCount(0);
    fs.appendFileSync(target, bytes.subarray(half));

    await expect(docs).toHaveCount(1, { timeout: 15_000 });
    await expect(docs).toContainText('打印 invoice 7.pdf');
    // the whole file, with its page counted
    await expect(docs).toContainText(`${bytes.length} bytes`);
    await expect(docs.getByText(t('send:documents.uploaded'), { exact: true })).toHaveCount(1, { timeout: 15_000 });
    await page.getByLabel(t('send:recipients.label'), { exact: true }).fill('+86 10 8888 1234');
    await shot(page, 'intake-hot-folder-en');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
    await expect(sendResult(page)).toHaveAttribute('data-overall', 'sent');

    await expect.poll(() => fs.existsSync(path.join(folder, 'sent', '打印 invoice 7.pdf')), { timeout: 10_000 }).toBe(true);
    expect(fs.existsSync(target)).toBe(false);
    // offered once: nothing else came back onto the screen
    await expect(docs).toHaveCount(1);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`a hot-folder file that cannot be sent moves into failed/ with a note, and the Send screen says so (${language})`, async ({ page, preview }) => {
    const l = tr(language);
    await openApp(page, preview, language);
    const outbox = path.join(preview.dataDir, 'FaxDesk', 'Outbox');
    await expect.poll(() => fs.existsSync(path.join(outbox, 'failed')), { timeout: 10_000 }).toBe(true);
    fs.writeFileSync(path.join(outbox, 'budget.xlsx'), 'PK not a fax document');
    const refused = page.getByRole('alert').filter({ hasText: l('send:documents.refusedHeading') });
    // the reason, then that it went into failed/ (one sentence per language)
    const problem = l('send:documents.problem.unsupported_type', { name: 'budget.xlsx' });
    await expect(refused).toContainText(l('send:documents.movedToFailed', { problem }), { timeout: 15_000 });
    expect(fs.existsSync(path.join(outbox, 'budget.xlsx'))).toBe(false);
    expect(fs.existsSync(path.join(outbox, 'failed', 'budget.xlsx'))).toBe(true);
    const note = fs.readdirSync(path.join(outbox, 'failed')).find((n) => n.startsWith('budget.xlsx - ') && n.endsWith('.txt'));
    expect(fs.readFileSync(path.join(outbox, 'failed', note!), 'utf8')).toContain(language === 'en' ? 'is not a type the fax service accepts' : '传真服务不接受');
    await shot(page, `intake-refused-moved-${language}`);
    await expectNoAxeViolations(page);
  });
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`the Send screen says at once when the hot folder goes away, and stops saying it when it is back (${language})`, async ({ page, preview }) => {
    const l = tr(language);
    await openApp(page, preview, language);
    const outbox = path.join(preview.dataDir, 'FaxDesk', 'Outbox');
    await expect.poll(() => fs.existsSync(path.join(outbox, 'failed')), { timeout: 10_000 }).toBe(true);
    const problem = page.getByTestId('hot-folder-problem');
    await expect(problem).toHaveCount(0);
    fs.rmSync(outbox, { recursive: true, force: true });
    // main notices it on its next look (every 2 s) and pushes the status; the window never asks again (only the push
    // can show it). The limit leaves a loaded CI machine room for late looks (4 s was missed once in CI).
    await expect(problem).toHaveText(l('send:documents.hotFolderProblem.cannot_read', { path: outbox, code: 'ENOENT' }), { timeout: 8_000 });
    await shot(page, `intake-hot-folder-gone-${language}`);
    fs.mkdirSync(outbox);
    await expect(problem).toHaveCount(0, { timeout: 8_000 });
  });
}

// The same settings in Chinese, checked with axe (the English run above is long enough already).
test('the hot folder setting in Chinese', async ({ page, preview }) => {
  await openApp(page, preview, 'zh-CN');
  await nav(page, 'settings', 'zh-CN').click();
  await hotFolder(page, 'zh-CN').choose.click();
  await expect(hotFolder(page, 'zh-CN').path).toHaveText(path.join(preview.dataDir, 'Outbox'));
  await hotFolder(page, 'zh-CN').path.scrollIntoViewIfNeeded();
  await shot(page, 'settings-hot-folder-zh-CN');
  await expectNoAxeViolations(page);
});

test('a file dropped anywhere on the window is attached', async ({ page, preview }) => {
  await openApp(page, preview);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const bytes = [...(await pdfBytes('Dropped'))];
  // A real drop carries a DataTransfer with the File; dispatch one onto the sidebar, far from any drop zone.
  await page.evaluate((data) => {
    const file = new File([new Uint8Array(data)], 'Dropped contract.pdf', { type: 'application/pdf' });
    const dt = new DataTransfer();
    dt.items.add(file);
    const target = document.querySelector('nav')!;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    }
  }, bytes);
  const docs = documentList(page).getByRole('listitem');
  await expect(docs).toHaveCount(1);
  await expect(docs).toContainText('Dropped contract.pdf');
  await expect(docs.getByText(t('send:documents.uploaded'), { exact: true })).toHaveCount(1, { timeout: 15_000 });
});
