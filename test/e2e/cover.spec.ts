/**
 * The cover page (issue 18): drawn by FaxDesk with the user's Chinese text, sent first, said to count
 * as one of the three documents, and the task named after the user's own document, not the cover.
 */
import { PDFDocument } from 'pdf-lib';
import { connectAccount, expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { documentList, sendResult, tr } from './ui';

const t = tr('en');

test.use({ viewport: { width: 1280, height: 800 }, previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-cover' } });


test('a Chinese cover page goes first, small, and the task is named after the user’s document', async ({ page, preview, sim }) => {
  await openApp(page, preview);
  await connectAccount(page, sim);

  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Price list', { x: 60, y: 760, size: 28 });
  await page.getByLabel(t('send:documents.pickerLabel'), { exact: true }).setInputFiles([{ name: 'Price list.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) }]);
  const docs = documentList(page).getByRole('listitem');
  const uploaded = docs.getByText(t('send:documents.uploaded'), { exact: true });
  await expect(uploaded.first()).toBeVisible();

  await page.getByRole('button', { name: 'Add a cover page' }).click();
  await expect(page.getByText('The cover page is sent first and counts as one of the 3 documents.')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('北京办公室');
  await page.getByLabel('To', { exact: true }).fill('上海分公司 张伟');
  await page.getByLabel('Subject').fill('第三季度报价单');
  await page.getByRole('button', { name: 'Add cover page' }).click();

  await expect(docs).toHaveCount(2);
  await expect(docs.nth(0)).toContainText(/1\.\s*cover-/);
  await expect(docs.nth(1)).toContainText('Price list.pdf');
  await expect(uploaded).toHaveCount(2);
  await expect(page.getByLabel(t('send:details.name'), { exact: true })).toHaveAttribute('placeholder', 'Price list');
  // Edited after adding: the form comes back with what was written, and the new cover goes first again.
  await docs.nth(0).getByRole('button', { name: t('send:cover.edit'), exact: true }).click();
  await expect(docs).toHaveCount(1);
  await expect(page.getByLabel('Subject')).toHaveValue('第三季度报价单');
  await page.getByLabel('Subject').fill('第三季度报价单（修订）');
  await page.getByRole('button', { name: 'Add cover page' }).click();
  await expect(docs).toHaveCount(2);
  await expect(docs.nth(0)).toContainText(/1\.\s*cover-/);
  await expect(uploaded).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shot(page, 'send-cover-en');

  await page.getByLabel(t('send:recipients.label'), { exact: true }).fill('+86 10 8800 0001');
  await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
  await expect(sendResult(page).getByRole('heading', { level: 2 })).toHaveText('Fax “Price list” queued');
  // What reached the service: the cover first, a one-page PDF of a few KB with the Chinese drawn in.
  const [task] = sim.tasks();
  expect(task!.name).toBe('Price list');
  const files = sim.files();
  // the cover sent is the edited one, the last drawn
  const cover = files.filter((f) => f.file_name.startsWith('cover-')).at(-1)!;
  expect(cover.file_size).toBeLessThan(200_000);
  expect(task!.file_refs[0]).toBe(cover.file_ref);
});
