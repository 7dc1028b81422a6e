/**
 * A document arriving from outside (here: saved into the hot folder, as the printer does) while the
 * user is busy (#30 item 5). Beside a fax of the user's own it asks "a new fax with it / add to this
 * fax" instead of merging silently; while the user types on another screen, that screen stays and a
 * notice offers the way to Send.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, shot, test, type Preview } from './fixtures';
import { documentList, dropPdf, nav, pattern, tomorrowAt930, tr, type Language } from './ui';

async function pdfBytes(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 24 });
  return Buffer.from(await doc.save());
}

/** The preview's hot folder (on by default), once it is watched. */
async function outboxOf(preview: Preview): Promise<string> {
  const outbox = path.join(preview.dataDir, 'FaxDesk', 'Outbox');
  await expect.poll(() => fs.existsSync(path.join(outbox, 'sent')), { timeout: 10_000 }).toBe(true);
  return outbox;
}

function arrivalDialog(page: Page, language: Language, count = 1) {
  return page.getByRole('dialog', { name: tr(language)('send:arrival.title', { count }), exact: true });
}

for (const language of ['en', 'zh-CN'] as const) {
  const t = tr(language);
  test(`a document arriving beside the user's own fax asks: new fax or add to this one (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    await openApp(page, preview, language);
    const outbox = await outboxOf(preview);
    const docs = documentList(page, language).getByRole('listitem');
    const numbers = page.getByLabel(t('send:recipients.label'), { exact: true });
    await numbers.fill('+86 10 8888 1234');
    await page.getByLabel(t('send:details.name'), { exact: true }).fill('Offer for Li Na');

    fs.writeFileSync(path.join(outbox, 'scan 1.pdf'), await pdfBytes('Scan 1'));
    const dialog = arrivalDialog(page, language);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText('scan 1.pdf');
    // nothing merged while the question is open
    await expect(docs).toHaveCount(0);
    await shot(page, `arrival-question-${language}`);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 800, height: 600 });
    await shot(page, `arrival-question-800-${language}`);

    // "Add to this fax": attached beside what was typed
    await dialog.getByRole('button', { name: t('send:arrival.add'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(docs).toHaveCount(1);
    await expect(docs).toContainText('scan 1.pdf');
    await expect(numbers).toHaveValue('+86 10 8888 1234');
    await expect(page.getByLabel(t('send:details.name'), { exact: true })).toHaveValue('Offer for Li Na');

    // the next one asks again; "Start a new fax with it": the form holds only the new document
    fs.writeFileSync(path.join(outbox, 'scan 2.pdf'), await pdfBytes('Scan 2'));
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText('scan 2.pdf');
    await dialog.getByRole('button', { name: t('send:arrival.newFax', { count: 1 }), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(docs).toHaveCount(1);
    await expect(docs).toContainText('scan 2.pdf');
    await expect(numbers).toHaveValue('');
    await expect(page.getByLabel(t('send:details.name'), { exact: true })).toHaveValue('');
    await expect(docs.getByText(t('send:documents.uploaded'), { exact: true })).toBeVisible({ timeout: 15_000 });
  });

  test(`a document arriving while the user types on another screen leaves that screen, with a notice (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    await openApp(page, preview, language);
    const outbox = await outboxOf(preview);
    await nav(page, 'tasks', language).click();
    const search = page.getByRole('searchbox', { name: t('tasks:filters.text'), exact: true });
    await search.click();
    await search.pressSequentially('Li');

    fs.writeFileSync(path.join(outbox, 'contract.pdf'), await pdfBytes('Contract'));
    const notice = page.getByRole('status', { name: t('send:arrival.region'), exact: true });
    await expect(notice).toContainText(t('send:arrival.notice', { count: 1, names: 'contract.pdf' }), { timeout: 15_000 });
    // still on Tasks, still typing into the search box
    await expect(nav(page, 'tasks', language)).toHaveAttribute('aria-current', 'page');
    await expect(search).toBeFocused();
    await page.keyboard.type(' Na');
    await expect(search).toHaveValue('Li Na');
    await shot(page, `arrival-notice-${language}`);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 800, height: 600 });
    await shot(page, `arrival-notice-800-${language}`);

    // "Go to Send": the document is there (nothing of the user's own in the form: attached at once)
    await notice.getByRole('button', { name: t('send:arrival.goToSend'), exact: true }).click();
    await expect(nav(page, 'send', language)).toHaveAttribute('aria-current', 'page');
    await expect(documentList(page, language).getByRole('listitem')).toContainText('contract.pdf');
    await expect(notice).not.toContainText('contract.pdf');
  });
}

test('a document arriving while another screen is open but nobody types brings the Send screen up', async ({ page, preview }) => {
  const t = tr('en');
  await openApp(page, preview);
  const outbox = await outboxOf(preview);
  await nav(page, 'account').click();
  await expect(nav(page, 'account')).toHaveAttribute('aria-current', 'page');
  fs.writeFileSync(path.join(outbox, 'memo.pdf'), await pdfBytes('Memo'));
  await expect(nav(page, 'send')).toHaveAttribute('aria-current', 'page', { timeout: 15_000 });
  await expect(documentList(page).getByRole('listitem')).toContainText('memo.pdf');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(t('send:documents.empty'), { exact: true })).toHaveCount(0);
});

test('a document still waiting for the answer when the window is reloaded is asked about again, not lost', async ({ page, preview }) => {
  test.setTimeout(120_000);
  const t = tr('en');
  await openApp(page, preview);
  const outbox = await outboxOf(preview);
  const draftFile = path.join(preview.dataDir, 'send', 'draft.json');
  const draftText = () => (fs.existsSync(draftFile) ? fs.readFileSync(draftFile, 'utf8') : '');
  const numbers = page.getByLabel(t('send:recipients.label'), { exact: true });
  await numbers.fill('+86 10 8888 1234');
  // the user's own fax is in the draft (main's file), so it is there again after the reload
  await expect.poll(() => draftText(), { timeout: 10_000 }).toContain('+86 10 8888 1234');

  fs.writeFileSync(path.join(outbox, 'contract.pdf'), await pdfBytes('Contract'));
  const dialog = arrivalDialog(page, 'en');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('contract.pdf');
  // main handed it over; the window goes away before the user answers
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect(numbers).toHaveValue('+86 10 8888 1234');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('contract.pdf');
  await dialog.getByRole('button', { name: t('send:arrival.add'), exact: true }).click();
  const docs = documentList(page).getByRole('listitem');
  await expect(docs).toHaveCount(1);
  await expect(docs).toContainText('contract.pdf');
  // on the form now: a reload brings it back from the draft, and asks nothing
  await expect.poll(() => draftText(), { timeout: 10_000 }).toContain('contract.pdf');
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect(docs).toHaveCount(1);
  await expect(docs).toContainText('contract.pdf');
  await expect(dialog).toHaveCount(0);
});

test('a document attached on arrival is still there when the window is reloaded at once', async ({ page, preview }) => {
  await openApp(page, preview);
  const outbox = await outboxOf(preview);
  fs.writeFileSync(path.join(outbox, 'quote.pdf'), await pdfBytes('Quote'));
  const docs = documentList(page).getByRole('listitem');
  await expect(docs).toContainText('quote.pdf', { timeout: 15_000 });
  // at once: before the draft's usual save after the form has rested
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect(docs).toHaveCount(1, { timeout: 15_000 });
  await expect(docs).toContainText('quote.pdf');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`five documents printed at once: three attached, two wait for room, also across a reload, and come in with Add once one is removed (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const t = tr(language);
    await openApp(page, preview, language);
    const outbox = await outboxOf(preview);
    const names = [1, 2, 3, 4, 5].map((n) => `page ${n}.pdf`);
    // written beside the folder, then moved in together: one burst, as a print queue flushing
    const staging = fs.mkdtempSync(path.join(preview.dataDir, 'staging-'));
    for (const [i, name] of names.entries()) fs.writeFileSync(path.join(staging, name), await pdfBytes(`Page ${i + 1}`));
    for (const name of names) fs.renameSync(path.join(staging, name), path.join(outbox, name));

    const docs = documentList(page, language).getByRole('listitem');
    const waitingNotice = page.getByText(t('send:documents.full', { max: 3, names: '\u0000' }).split('\u0000')[0]!);
    await expect(docs).toHaveCount(3, { timeout: 15_000 });
    await expect(waitingNotice).toBeVisible();
    const attached = await docs.allTextContents();
    const waiting = names.filter((n) => !attached.some((a) => a.includes(n)));
    expect(waiting).toHaveLength(2);
    for (const name of waiting) await expect(waitingNotice).toContainText(name);
    await shot(page, `arrivals-waiting-for-room-${language}`);

    // the two that did not fit were not taken from main: after a reload they arrive again, beside the fax
    // the draft brought back (asked first, as any arrival beside a fax), and are listed again, not lost
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toBeVisible();
    await expect(docs).toHaveCount(3, { timeout: 15_000 });
    const dialog = arrivalDialog(page, language, 2);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    for (const name of waiting) await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: t('send:arrival.add'), exact: true }).click();
    await expect(waitingNotice).toBeVisible();
    for (const name of waiting) await expect(waitingNotice).toContainText(name);

    // "Remove one to make room": the slot is the user's until they press Add; then the next one comes in
    const removed = names.find((n) => attached[0]!.includes(n))!;
    await page.getByRole('button', { name: t('send:documents.remove', { name: removed }), exact: true }).click();
    await expect(docs).toHaveCount(2);
    const notYet = page.getByText(t('send:documents.waiting', { count: 2, names: '\u0000' }).split('\u0000')[0]!);
    await expect(notYet).toContainText(waiting.join(', '));
    await shot(page, `arrivals-waiting-add-${language}`);
    await notYet.getByRole('button', { name: t('send:documents.addWaiting', { count: 1 }), exact: true }).click();
    await expect(docs).toHaveCount(3);
    await expect(docs.filter({ hasText: waiting[0]! })).toHaveCount(1);
    await expect(waitingNotice).toContainText(waiting[1]!);
    await expect(waitingNotice).not.toContainText(waiting[0]!);
    // the one added is in the draft and claimed: a reload brings it back from the draft and asks only about the last
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toBeVisible();
    const again = arrivalDialog(page, language, 1);
    await expect(again).toBeVisible({ timeout: 15_000 });
    await expect(again).toContainText(waiting[1]!);
    await expect(again).not.toContainText(waiting[0]!);
  });
}

/** The app open in English with offer.pdf arrived through the hot folder, attached and uploaded. */
async function offerPrinted(page: Page, preview: Preview) {
  await openApp(page, preview);
  const outbox = await outboxOf(preview);
  const docs = documentList(page).getByRole('listitem');
  fs.writeFileSync(path.join(outbox, 'offer.pdf'), await pdfBytes('Offer'));
  await expect(docs).toContainText('offer.pdf', { timeout: 15_000 });
  await expect(docs.getByText(tr('en')('send:documents.uploaded'), { exact: true })).toHaveCount(1);
  return { outbox, docs };
}

test('a document printed while a send is on its way, answered "Add to this fax", starts the next fax instead of riding along unsent', async ({ page, preview }) => {
  test.setTimeout(120_000);
  const t = tr('en');
  const { outbox, docs } = await offerPrinted(page, preview);
  const numbers = page.getByLabel(t('send:recipients.label'), { exact: true });
  await numbers.fill('+86 10 8888 1234');

  // the send is held on its way while the next document is printed and the question answered
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/__faxdesk/ipc/sendFax', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
  fs.writeFileSync(path.join(outbox, 'annex.pdf'), await pdfBytes('Annex'));
  const dialog = arrivalDialog(page, 'en');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: t('send:arrival.add'), exact: true }).click();
  // nothing joins the fax on its way out
  await page.waitForTimeout(500);
  await expect(docs).toHaveCount(1);
  await expect(docs).not.toContainText('annex.pdf');
  release();

  // the fax went out with its one document; the annex starts the next fax, editable, and is kept in its draft
  await expect(docs).toHaveCount(1, { timeout: 15_000 });
  await expect(docs).toContainText('annex.pdf', { timeout: 15_000 });
  await expect(page.getByRole('group', { name: t('send:compose') })).toHaveAttribute('data-locked', 'false');
  await expect(numbers).toHaveValue('');
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect(docs).toHaveCount(1, { timeout: 15_000 });
  await expect(docs).toContainText('annex.pdf');
  await expect(dialog).toHaveCount(0);
});

test('a document printed while the review is open: "Start a new fax with them" waits; the fax sent is the one reviewed, and the printed one starts the next fax', async ({ page, preview }) => {
  test.setTimeout(120_000);
  const t = tr('en');
  const { outbox, docs } = await offerPrinted(page, preview);
  // 12 numbers: above the review threshold (10)
  const twelve = Array.from({ length: 12 }, (_, i) => `+86 10 8800 ${String(100 + i).padStart(4, '0')}`);
  const numbers = page.getByLabel(t('send:recipients.label'), { exact: true });
  await numbers.fill(twelve.join('\n'));
  const sent: Array<{ documents: Array<{ name: string }>; numbers: string[] }> = [];
  await page.route('**/__faxdesk/ipc/sendFax', async (route) => {
    sent.push((route.request().postDataJSON() as { input: (typeof sent)[number] }).input);
    await route.continue();
  });
  await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
  const review = page.getByRole('dialog', { name: pattern('en', 'send:review.title') });
  await expect(review).toBeVisible();

  // printed while the user reads the review: asked, and "a new fax" does not clear the fax under review
  fs.writeFileSync(path.join(outbox, 'annex.pdf'), await pdfBytes('Annex'));
  const dialog = arrivalDialog(page, 'en');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // it says that the answer waits for the fax under review, not that a new fax clears the form
  await expect(dialog).toContainText(t('send:arrival.whileSending', { count: 1, add: t('send:arrival.add'), newFax: t('send:arrival.newFax', { count: 1 }) }));
  await shot(page, 'arrival-question-during-review-en');
  await dialog.getByRole('button', { name: t('send:arrival.newFax', { count: 1 }), exact: true }).click();
  await page.waitForTimeout(500);
  await expect(docs).toHaveCount(1);
  await expect(docs).toContainText('offer.pdf');
  await expect(numbers).toHaveValue(twelve.join('\n'));
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: t('send:actions.send'), exact: true }).click();

  // what went out is what was reviewed: the offer to the twelve numbers
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
  expect(sent[0]!.documents.map((d) => d.name)).toEqual(['offer.pdf']);
  expect(sent[0]!.numbers).toHaveLength(12);
  // then the annex starts the next fax, editable
  await expect(docs).toHaveCount(1, { timeout: 15_000 });
  await expect(docs).toContainText('annex.pdf', { timeout: 15_000 });
  await expect(page.getByRole('group', { name: t('send:compose') })).toHaveAttribute('data-locked', 'false');
  await expect(numbers).toHaveValue('');
});

test('a file dropped right after Send, while the fax is on its way, does not join it: it starts the next fax once the fax has gone', async ({ page, preview }) => {
  test.setTimeout(120_000);
  const t = tr('en');
  const { docs } = await offerPrinted(page, preview);
  const numbers = page.getByLabel(t('send:recipients.label'), { exact: true });
  await numbers.fill('+86 10 8888 1234');
  const sent: Array<{ documents: Array<{ name: string }> }> = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/__faxdesk/ipc/sendFax', async (route) => {
    sent.push((route.request().postDataJSON() as { input: (typeof sent)[number] }).input);
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
  await expect.poll(() => sent.length).toBe(1);
  // the hurried user drops the next document onto the window while the send is still out
  await dropPdf(page, 'next.pdf', 'Next');
  await page.waitForTimeout(500);
  await expect(docs).toHaveCount(1);
  await expect(docs).not.toContainText('next.pdf');
  release();

  // the fax went out with the offer alone; next.pdf starts the next fax, editable, and not sent
  await expect(docs).toContainText('next.pdf', { timeout: 15_000 });
  await expect(docs).toHaveCount(1);
  await expect(page.getByRole('group', { name: t('send:compose') })).toHaveAttribute('data-locked', 'false');
  await expect(numbers).toHaveValue('');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.documents.map((d) => d.name)).toEqual(['offer.pdf']);
});

// In English the fax goes out now; in Chinese it is scheduled, and the note says what "Schedule" does
// (both wordings in both languages: test/renderer/send/waiting-documents.test.tsx).
for (const [language, scheduled] of [
  ['en', false],
  ['zh-CN', true],
] as const) {
  test(`a file dropped while the review is open: the review says it waits and is not in this fax; back to editing, it joins it (${language}${scheduled ? ', scheduled' : ''})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const t = tr(language);
    await openApp(page, preview, language);
    const outbox = await outboxOf(preview);
    const docs = documentList(page, language).getByRole('listitem');
    fs.writeFileSync(path.join(outbox, 'offer.pdf'), await pdfBytes('Offer'));
    await expect(docs).toContainText('offer.pdf', { timeout: 15_000 });
    // 12 numbers: above the review threshold (10)
    const twelve = Array.from({ length: 12 }, (_, i) => `+86 10 8800 ${String(100 + i).padStart(4, '0')}`);
    await page.getByLabel(t('send:recipients.label'), { exact: true }).fill(twelve.join('\n'));
    if (scheduled) await page.getByLabel(t('send:details.schedule'), { exact: true }).fill(tomorrowAt930());
    await page.getByRole('button', { name: t(scheduled ? 'send:actions.schedule' : 'send:actions.send'), exact: true }).click();
    const review = page.getByRole('dialog', { name: pattern(language, 'send:review.title') });
    await expect(review).toBeVisible();

    await dropPdf(page, 'annex.pdf', 'Annex');
    const held = review.getByTestId('send-held');
    const note = scheduled ? 'send:review.heldScheduled' : 'send:review.held';
    await expect(held).toHaveText(t(note, { count: 1, names: t('send:review.heldName', { name: 'annex.pdf' }) }), { timeout: 15_000 });
    await expect(docs).toHaveCount(1);
    await expectNoAxeViolations(page);
    await shot(page, `review-held-document-${language}${scheduled ? '-scheduled' : ''}`);

    // back to editing: the fax was not sent, so the dropped file joins it
    await review.getByRole('button', { name: t('send:review.back'), exact: true }).click();
    await expect(docs).toHaveCount(2, { timeout: 15_000 });
    await expect(docs.nth(1)).toContainText('annex.pdf');
  });
}
