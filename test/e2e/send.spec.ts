/**
 * The Send screen end to end: the real UI in Chromium, the real main-process
 * handlers in the browser preview, and a simulator this test owns (so it can
 * inject faults and count what the service received). The preview is pointed
 * at it with the ordinary connectAccount channel — no test-only hook.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index';
import { expect, expectNoAxeViolations, openApp, shot, test, type Preview } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { documentList, numberRows, pattern, sendResult, tomorrowAt930, tr, type Language } from './ui';

const t = tr('en');

test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-send' } });

async function pdf(name: string, pages: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${name} page ${i + 1}`, { x: 60, y: 760, size: 28 });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** Mixed formats, default country CN: one invalid, one duplicate of the first. */
const PASTE = ['+86 10 8888 1234', '(010) 8888-5678', '0086 21 6123 4567', '12345', '+86-10-8888-1234'].join('\n');
const EXPECTED = ['861088881234', '861088885678', '862161234567'];

function uploads(sim: RunningSimulator): number {
  return sim.counters().byRoute['POST /api/v2/files/upload'] ?? 0;
}

async function connect(page: Page, baseUrl: string, sim: RunningSimulator) {
  const r = await page.evaluate(
    (c) => window.faxdesk!.connectAccount(c),
    { baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret },
  );
  expect(r.ok).toBe(true);
  await page.reload();
  // data-ready is the app's own state (first paint done), read here, not something a user acts on.
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}

/** Tomorrow 09:30 local, as the datetime-local input takes it. */
function historyRows(preview: Preview) {
  const db = new Database(path.join(preview.dataDir, 'history.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const tasks = db.prepare('SELECT id, task_ref, create_state, name FROM tasks ORDER BY id').all() as Array<{ id: number; task_ref: string | null; create_state: string; name: string }>;
    const recipients = db.prepare('SELECT task_id, phone_number, rcpt_ref FROM recipients ORDER BY task_id, position').all() as Array<{ task_id: number; phone_number: string; rcpt_ref: string | null }>;
    return { tasks, recipients };
  } finally {
    db.close();
  }
}

async function composeTwoPdfsAndNumbers(page: Page, language: Language) {
  const l = tr(language);
  await page.getByLabel(l('send:documents.pickerLabel'), { exact: true }).setInputFiles([await pdf('Offer.pdf', 2), await pdf('Terms.pdf', 1)]);
  await expect(documentList(page, language).getByRole('listitem')).toHaveCount(2);
  await expect(documentList(page, language).getByText(l('send:documents.uploaded'), { exact: true })).toHaveCount(2);
  await page.getByLabel(l('send:recipients.label'), { exact: true }).fill(PASTE);
  const rows = numberRows(page, language);
  await expect(rows).toHaveCount(5);
  // One invalid (12345, too short), one duplicate of row 1, three to send.
  await expect(rows.filter({ hasText: l('send:recipients.reason.too_short') })).toHaveCount(1);
  await expect(rows.nth(3)).toContainText(l('send:recipients.reason.too_short'));
  await expect(rows.nth(4)).toContainText(l('send:recipients.duplicate', { row: 1 }));
  await expect(rows.getByText(l('send:recipients.ok'), { exact: true })).toHaveCount(3);
}

let sim: RunningSimulator;
test.beforeEach(async () => {
  sim = await startSimulator({ speed: 200, apiKey: 'e2e-key', apiSecret: 'e2e-secret-value' });
});
test.afterEach(async () => {
  await sim.stop();
});

for (const language of ['en', 'zh-CN'] as const) {
  test.describe(`composing and sending in ${language}`, () => {
    // The language comes from the system locale: setLanguage and connectAccount each
    // reset the other setting at present (settings update applies schema defaults), so
    // the test does not depend on that order.
    test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200', FAXDESK_KEYCHAIN_SERVICE: 'faxdesk-e2e-send', LC_ALL: language === 'en' ? 'en_US.UTF-8' : 'zh_CN.UTF-8' } });
    test(`two PDFs to pasted numbers, scheduled, recorded in history with the service's rcpt_refs (${language})`, async ({ page, preview }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await openApp(page, preview);
      await connect(page, sim.baseUrl, sim);
      const l = tr(language);
      // The document language is state the page declares (for assistive technology), read as an attribute.
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await composeTwoPdfsAndNumbers(page, language);
      await expect(page.getByText(l('send:recipients.count', { valid: 3 }), { exact: true })).toBeVisible();
      // Thumbnails of the first pages are drawn from the dropped files.
      const thumbs = documentList(page, language).getByRole('img', { name: pattern(language, 'send:documents.thumbnailOf') });
      await expect(thumbs).toHaveCount(2);
      await expect(documentList(page, language).getByRole('img', { name: l('send:documents.thumbnailOf', { name: 'Offer.pdf' }), exact: true })).toBeVisible();
      // pdf.js sizes the canvas to the 72 px thumbnail once page 1 is drawn (a fresh canvas is 300 wide).
      await expect
        .poll(() => thumbs.evaluateAll((cs) => cs.every((c) => c instanceof HTMLCanvasElement && c.width === 72)), { timeout: 15_000 })
        .toBe(true);
      await shot(page, `send-documents-${language}`);
      await expect(page.getByRole('button', { name: l('send:actions.send'), exact: true })).toBeDisabled();
      await page.getByRole('button', { name: l('send:recipients.removeInvalid'), exact: true }).click();
      await expect(numberRows(page, language)).toHaveCount(4);
      const schedule = page.getByLabel(l('send:details.schedule'), { exact: true });
      await schedule.fill(tomorrowAt930());
      await expect(schedule).toHaveAccessibleDescription(/Asia\/Shanghai/);
      // The service has no cancel call: the user is told before scheduling.
      await expect(
        page.getByText(
          language === 'en'
            ? 'Once scheduled, the fax cannot be cancelled or changed: the fax service offers no way to do it.'
            : '定时传真一经提交便无法取消或修改：传真服务不提供此功能。',
          { exact: true },
        ),
      ).toBeVisible();
      await expect(page.getByLabel(l('send:details.name'), { exact: true })).toHaveAttribute('placeholder', 'Offer');
      await shot(page, `send-compose-${language}`);
      await expectNoAxeViolations(page);

      // A time is set, so the button schedules.
      await page.getByRole('button', { name: l('send:actions.schedule'), exact: true }).click();
      const result = sendResult(page, language);
      await expect(result).toHaveAttribute('data-overall', 'sent');
      await result.getByText(pattern(language, 'send:result.task_other')).first().click();
      await shot(page, `send-result-${language}`);
      await expectNoAxeViolations(page);

      expect(sim.taskCount()).toBe(1);
      const simTask = sim.tasks()[0]!;
      expect(simTask.recipients.map((r) => r.phone_number)).toEqual(EXPECTED);
      expect(simTask.file_refs).toHaveLength(2);
      expect(simTask.name).toBe('Offer');
      expect(simTask.scheduled_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:30:00$/);
      const { tasks, recipients } = historyRows(preview);
      expect(tasks).toEqual([expect.objectContaining({ task_ref: simTask.task_ref, create_state: 'created', name: 'Offer' })]);
      expect(recipients.map((r) => [r.phone_number, r.rcpt_ref])).toEqual(simTask.recipients.map((r) => [r.phone_number, r.rcpt_ref]));
      for (const r of simTask.recipients) await expect(result).toContainText(r.rcpt_ref);
      expect(errors).toEqual([]);
    });
  });
}

test.describe('sending a fax from the Send screen', () => {
  test('a 10.5 MB file is refused with its name and size before any upload', async ({ page, preview }) => {
    await openApp(page, preview);
    await connect(page, sim.baseUrl, sim);
    await page.getByLabel(t('send:documents.pickerLabel'), { exact: true }).setInputFiles({
      name: 'huge-scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10.5 * 1024 * 1024)]),
    });
    const refused = page.getByRole('alert').filter({ hasText: t('send:documents.refusedHeading') });
    await expect(refused).toContainText('huge-scan.pdf');
    await expect(refused).toContainText('10.5 MB');
    await expect(refused.getByRole('listitem')).toHaveText([t('send:documents.problem.too_large', { name: 'huge-scan.pdf', size: '10.5 MB' })]);
    await expect(page.getByText(t('send:documents.empty'), { exact: true })).toBeVisible();
    await expect(documentList(page)).toHaveCount(0);
    await shot(page, 'send-too-large-en');
    await expectNoAxeViolations(page);
    expect(uploads(sim)).toBe(0);
  });

  test('a create that may have reached the service shows "outcome unknown" and is not resent', async ({ page, preview }) => {
    await openApp(page, preview);
    await connect(page, sim.baseUrl, sim);
    sim.setFaults({ create: '500-after-commit' });
    await page.getByLabel(t('send:documents.pickerLabel'), { exact: true }).setInputFiles([await pdf('Invoice.pdf', 1)]);
    await expect(documentList(page).getByText(t('send:documents.uploaded'), { exact: true })).toHaveCount(1);
    await page.getByLabel(t('send:recipients.label'), { exact: true }).fill('+86 10 8888 1234\n+86 21 6123 4567');
    await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
    const unknown = sendResult(page).getByRole('alert');
    await expect(sendResult(page)).toHaveAccessibleName(t('send:result.unknownHeading'));
    await expect(unknown).toBeVisible();
    await expect(unknown).toContainText(t('send:result.unknownBody'));
    await expect(unknown).toContainText('Invoice');
    await shot(page, 'send-outcome-unknown-en');
    await expectNoAxeViolations(page);
    expect(sim.taskCount()).toBe(1);
    expect(sim.counters().byRoute['POST /api/v2/faxes']).toBe(1);
    expect(historyRows(preview).tasks).toEqual([expect.objectContaining({ create_state: 'outcome_unknown', task_ref: null })]);
  });

  test("the service's validation error on a number lands on that row", async ({ page, preview }) => {
    // A stricter service in front of the simulator: it refuses the second number of the task.
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body = Buffer.concat(chunks);
        if (req.method === 'POST' && req.url === '/api/v2/faxes') {
          const json = JSON.parse(body.toString('utf8')) as { phone_numbers: string[] };
          json.phone_numbers[1] = `0${json.phone_numbers[1]}`;
          body = Buffer.from(JSON.stringify(json));
        }
        const headers = { ...req.headers, 'content-length': String(body.length) };
        const out = http.request(`${sim.baseUrl}${req.url}`, { method: req.method, headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        out.on('error', () => res.destroy());
        out.end(body);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      await openApp(page, preview);
      await connect(page, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, sim);
      await page.getByLabel(t('send:documents.pickerLabel'), { exact: true }).setInputFiles([await pdf('Rates.pdf', 1)]);
      await expect(documentList(page).getByText(t('send:documents.uploaded'), { exact: true })).toHaveCount(1);
      await page.getByLabel(t('send:recipients.label'), { exact: true }).fill('+86 10 8888 1234\n(010) 8888-5678\n0086 21 6123 4567');
      await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
      await expect(sendResult(page)).toHaveAccessibleName(t('send:result.refused'));
      await expect(sendResult(page).getByRole('alert')).toBeVisible();
      // The row the service refused says so in its Check column; the others stay OK.
      const rows = numberRows(page);
      const bad = rows.filter({ hasText: pattern('en', 'send:recipients.serviceSaid', false) });
      await expect(bad).toHaveCount(1);
      await expect(bad.getByRole('cell').first()).toHaveText('2');
      await expect(bad).toContainText('format is invalid');
      await expect(rows.getByText(t('send:recipients.ok'), { exact: true })).toHaveCount(2);
      await shot(page, 'send-validation-en');
      await expectNoAxeViolations(page);
      expect(sim.taskCount()).toBe(0);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });
});
