/**
 * Looking at the pages before paying (issue 18, "Documents"): a document's thumbnail or its Preview
 * button opens a viewer with the PDF drawn by pdf.js a page at a time, a strip of pages, Previous /
 * Next and the arrow keys; Escape closes it and the focus goes back. Documents the window has no File
 * for (Open with, main's dialog, a reloaded draft, the cover FaxDesk drew) are read through main; the
 * cover page is previewed live while it is written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';

/** A PDF whose every page carries its number in large type, in a different place per page. */
async function pdfBytes(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title}`, { x: 60, y: 780, size: 20 });
    page.drawText(`Page ${i}`, { x: 60 + 40 * (i % 7), y: 640 - 90 * (i % 7), size: 64, color: rgb(0, 0, 0) });
  }
  return Buffer.from(await doc.save());
}

/** How many dark pixels a canvas holds, and a fingerprint of where they are. */
async function inkOf(canvas: Locator): Promise<{ dark: number; print: number }> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || c.width < 2) return { dark: 0, print: 0 };
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let dark = 0;
    let print = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 0 && data[i]! < 128) {
        dark++;
        print = (print * 31 + i) % 1_000_000_007;
      }
    }
    return { dark, print };
  });
}

/** Waits until the canvas is drawn with ink: `least` dark pixels (a 72 px thumbnail has only a few dozen). */
async function expectInk(canvas: Locator, least = 500): Promise<number> {
  await expect.poll(async () => (await inkOf(canvas)).dark, { timeout: 15_000 }).toBeGreaterThan(least);
  return (await inkOf(canvas)).print;
}

async function addByPicker(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await page.getByTestId('send-file-input').setInputFiles(files);
  await expect(page.getByTestId('send-document')).toHaveCount(files.length);
}

test.use({ viewport: { width: 1280, height: 800 }, previewEnv: { FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-viewer' } });

test('clicking a thumbnail shows the pages one at a time; Next, the arrow keys, the strip; Escape closes and gives the focus back', async ({ page, preview }) => {
  await openApp(page, preview);
  await addByPicker(page, [{ name: 'Offer.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Offer', 40) }]);

  const thumbnail = page.getByRole('button', { name: 'First page of Offer.pdf: open the preview' });
  await expectInk(thumbnail.locator('canvas'), 10);
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Offer.pdf' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('Page 1 of 40')).toBeVisible();
  const first = await expectInk(viewer.getByRole('img', { name: 'Page 1 of Offer.pdf' }));
  // Lazily: one page on the stage, and the strip draws the pages in view, not all forty.
  const strip = viewer.getByRole('list', { name: 'Pages' });
  await expect(strip.getByRole('button')).toHaveCount(40);
  await expectInk(strip.getByRole('button', { name: 'Page 1', exact: true }).locator('canvas'), 10);
  const drawn = () =>
    strip.locator('canvas').evaluateAll((cs) =>
      cs.filter((c) => {
        const { data } = (c as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, (c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height);
        return data.some((v, i) => i % 4 === 3 && v > 0);
      }).length,
    );
  expect(await drawn()).toBeLessThan(15);
  await expect(viewer.getByRole('img', { name: /^Page \d+ of Offer.pdf$/ })).toHaveCount(1);

  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(viewer.getByText('Page 2 of 40')).toBeVisible();
  const second = await expectInk(viewer.getByRole('img', { name: 'Page 2 of Offer.pdf' }));
  expect(second).not.toBe(first);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('Page 3 of 40')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('Page 2 of 40')).toBeVisible();
  await page.keyboard.press('End');
  await expect(viewer.getByText('Page 40 of 40')).toBeVisible();
  await viewer.getByRole('button', { name: 'Page 5', exact: true }).click();
  await expect(viewer.getByText('Page 5 of 40')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Page 5', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectInk(viewer.getByRole('img', { name: 'Page 5 of Offer.pdf' }));

  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // The keyboard's way in: the Preview button, with the document's name.
  const previewButton = page.getByRole('button', { name: 'Preview Offer.pdf' });
  await previewButton.focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByText('Page 1 of 40')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(previewButton).toBeFocused();
});

test('an image is shown as it is; a TIFF or a PDF pdf.js cannot draw gets a sentence, not a blank', async ({ page, preview }) => {
  await openApp(page, preview);
  // a 40×30 red PNG, drawn by the browser
  const png = Buffer.from(
    await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 40;
      c.height = 30;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#c00';
      ctx.fillRect(0, 0, 40, 30);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }),
  );
  const tiff = Buffer.from('49492a000800000000000000', 'hex');
  await addByPicker(page, [
    { name: 'stamp.png', mimeType: 'image/png', buffer: png },
    { name: 'scan.tif', mimeType: 'image/tiff', buffer: tiff },
    { name: 'damaged.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nthis is not a PDF body\n') },
  ]);

  await page.getByRole('button', { name: 'Preview stamp.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'stamp.png' });
  const image = viewer.getByRole('img', { name: 'stamp.png, as it will be sent' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight, i.clientWidth])).toEqual([40, 30, 40]);
  await expect(viewer.getByText('Page 1 of 1')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Preview scan.tif' }).click();
  const tiffViewer = page.getByRole('dialog', { name: 'scan.tif' });
  await expect(tiffViewer.getByText('FaxDesk cannot show TIF files here. The document is still sent as it is, and the fax service converts it.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(tiffViewer).toBeHidden();

  await page.getByRole('button', { name: 'Preview damaged.pdf' }).click();
  const damaged = page.getByRole('dialog', { name: 'damaged.pdf' });
  await expect(damaged.getByRole('alert')).toHaveText('FaxDesk could not draw this PDF. It may be damaged: open it in another program to check it before sending.');
  await page.keyboard.press('Escape');
  await expect(damaged).toBeHidden();
});

test.describe('a document the window has no File for', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-viewer-'));
  const opened = path.join(dir, 'Contract 合同.pdf');
  test.use({ previewArgs: [opened] });
  test.beforeAll(async () => fs.writeFileSync(opened, await pdfBytes('Contract', 2)));
  test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('opened with FaxDesk, it has a thumbnail and previews through main', async ({ page, preview }) => {
    await openApp(page, preview);
    await expect(page.getByTestId('send-document')).toContainText('Contract 合同.pdf');
    const thumbnail = page.getByRole('button', { name: 'First page of Contract 合同.pdf: open the preview' });
    await expectInk(thumbnail.locator('canvas'), 10);
    await page.getByRole('button', { name: 'Preview Contract 合同.pdf' }).click();
    const viewer = page.getByRole('dialog', { name: 'Contract 合同.pdf' });
    await expect(viewer.getByText('Page 1 of 2')).toBeVisible();
    await expectInk(viewer.getByRole('img', { name: 'Page 1 of Contract 合同.pdf' }));
    await page.keyboard.press('PageDown');
    await expect(viewer.getByText('Page 2 of 2')).toBeVisible();
    await expectInk(viewer.getByRole('img', { name: 'Page 2 of Contract 合同.pdf' }));
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });
});

test('a document chosen before a reload comes back from the draft as a handle only, and still previews', async ({ page, preview }) => {
  await openApp(page, preview);
  await addByPicker(page, [{ name: 'Draft 草稿.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Draft', 3) }]);
  // the draft is saved a moment after the change (its note is behind "add a number" on this screen)
  await expect
    .poll(() => page.evaluate(async () => {
      const r = await window.faxdesk!.loadDraft();
      return r.ok && r.value ? r.value.documents.length : 0;
    }))
    .toBe(1);
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('send-document')).toContainText('Draft 草稿.pdf');
  await expectInk(page.getByRole('button', { name: 'First page of Draft 草稿.pdf: open the preview' }).locator('canvas'), 10);
  await page.getByRole('button', { name: 'Preview Draft 草稿.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'Draft 草稿.pdf' });
  await expect(viewer.getByText('Page 1 of 3')).toBeVisible();
  await expectInk(viewer.getByRole('img', { name: 'Page 1 of Draft 草稿.pdf' }));
  await viewer.getByRole('button', { name: 'Page 3', exact: true }).click();
  await expectInk(viewer.getByRole('img', { name: 'Page 3 of Draft 草稿.pdf' }));
});

test('the cover page is previewed while it is written, Chinese included, and once added like any document', async ({ page, preview }) => {
  await openApp(page, preview);
  await addByPicker(page, [{ name: 'Price list.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Price list', 2) }]);
  await page.getByRole('button', { name: 'Add a cover page' }).click();
  const live = page.getByTestId('send-cover-preview');
  const liveThumb = live.getByRole('button', { name: 'First page of Cover page (as it will be sent): open the preview' }).locator('canvas');
  const blank = await expectInk(liveThumb, 10);
  await page.getByLabel('From', { exact: true }).fill('北京办公室');
  await page.getByLabel('Subject').fill('第三季度报价单');
  await page.getByLabel('Message').fill('请查收附件中的报价单。\nPlease find the price list attached.');
  // redrawn once typing pauses
  await expect.poll(async () => (await inkOf(liveThumb)).print, { timeout: 15_000 }).not.toBe(blank);
  await expect(live).toHaveAttribute('aria-busy', 'false');
  await live.scrollIntoViewIfNeeded();
  await shot(page, 'send-cover-live-preview-en');

  await live.getByRole('button', { name: 'Preview cover page' }).click();
  const viewer = page.getByRole('dialog', { name: 'Cover page (as it will be sent)' });
  await expect(viewer.getByText('Page 1 of 1')).toBeVisible();
  await expectInk(viewer.getByRole('img', { name: 'Page 1 of Cover page (as it will be sent)' }));
  await expectNoAxeViolations(page);
  await shot(page, 'viewer-cover-live-en');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.getByRole('button', { name: 'Add cover page' }).click();
  const cover = page.getByTestId('send-document').nth(0);
  await expect(cover).toContainText(/1\.\s*cover-/);
  await expectInk(cover.getByRole('button', { name: /^First page of cover-.*open the preview$/ }).locator('canvas'), 10);
  await expectNoAxeViolations(page);
  await page.getByRole('heading', { name: 'Documents' }).scrollIntoViewIfNeeded();
  await shot(page, 'send-documents-thumbnails-en');
  await cover.getByRole('button', { name: /^Preview cover-/ }).click();
  await expect(page.getByRole('dialog').getByText('Page 1 of 1')).toBeVisible();
  await expectInk(page.getByRole('dialog').getByRole('img', { name: /^Page 1 of cover-/ }));
});

test('screenshots of the viewer: English and Chinese, light and dark, 1280×800 and 800×600', async ({ page, preview }) => {
  test.setTimeout(120_000);
  for (const language of ['en', 'zh-CN'] as const) {
    await openApp(page, preview, language);
    await page.getByTestId('send-file-input').setInputFiles([{ name: `报价 Offer ${language}.pdf`, mimeType: 'application/pdf', buffer: await pdfBytes('Offer', 4) }]);
    const row = page.getByTestId('send-document').filter({ hasText: language });
    await row.locator('.send-thumb-button').click();
    const viewer = page.getByRole('dialog');
    await expectInk(viewer.getByTestId('viewer-page'));
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByTestId('viewer-status')).toContainText('2');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [width, height] of [
        [1280, 800],
        [800, 600],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expectInk(viewer.getByTestId('viewer-page'));
        // redrawn for this size (the stage's box as the viewer measures it), an event instead of a wait
        await expect
          .poll(() =>
            viewer.getByTestId('viewer-page').evaluate((c) => {
              const stage = c.parentElement!;
              return c.dataset['drawn'] === `${Math.max(100, stage.clientWidth - 24)}x${Math.max(100, stage.clientHeight - 24)}`;
            }),
          )
          .toBe(true);
        await shot(page, `viewer-${language}-${scheme}-${width}x${height}`);
      }
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // The cover as it will be sent, Chinese drawn on the page, in the Chinese UI at night.
  await page.getByRole('button', { name: '添加封面页' }).click();
  await page.getByLabel('发件人').fill('北京办公室 李娜');
  await page.getByLabel('主题').fill('第三季度报价单');
  await page.getByLabel('留言').fill('您好，附件是第三季度的报价单，请查收。如有问题请随时联系。');
  const live = page.getByTestId('send-cover-preview');
  await expect(live).toHaveAttribute('aria-busy', 'false');
  await page.emulateMedia({ colorScheme: 'dark' });
  await live.scrollIntoViewIfNeeded();
  await shot(page, 'send-cover-live-zh-CN-dark-1280x800');
  await live.getByRole('button', { name: '预览封面页' }).click();
  await expectInk(page.getByRole('dialog').getByTestId('viewer-page'));
  await expectNoAxeViolations(page);
  await shot(page, 'viewer-cover-zh-CN-dark-1280x800');
});
