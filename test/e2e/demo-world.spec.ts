/**
 * Demo is its own world, and the balance follows charges (issue 12), in the
 * browser preview: the real main-process handlers behind the real UI, the
 * built-in demo simulator, and a second simulator in this process as the
 * user's real account, whose request log shows exactly what reached it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';

const OK = '8613800138000';
const BUSY = '8613800138666';
const KEY = 'office-key';
const SECRET = 'e2e-office-secret-9b1c';

test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200' } });
test.describe.configure({ timeout: 180_000 });

async function pdf(dir: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Quote', { x: 50, y: 780, size: 18 });
  const file = path.join(dir, 'quote.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
}

async function sendFax(page: Page, file: string, name: string, numbers: string[]): Promise<string> {
  const result = await page.evaluate(
    async ({ file, name, numbers }) =>
      window.faxdesk!.sendFax({ name, documents: [{ path: file, url: null, name: 'quote.pdf', pages: 1, fileRef: null }], numbers, scheduledAt: null }),
    { file, name, numbers },
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value.parts[0]!.task!.taskRef;
}

async function connect(page: Page, sim: RunningSimulator) {
  const r = await page.evaluate(
    async ({ baseUrl, apiKey, secret }) => window.faxdesk!.connectAccount({ baseUrl, apiKey, secret }),
    { baseUrl: sim.baseUrl, apiKey: KEY, secret: SECRET },
  );
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`a demo task never reaches the real account; it is hidden or marked Demo (${language})`, async ({ page, preview }) => {
    const en = language === 'en';
    const real = await startSimulator({ apiKey: KEY, apiSecret: SECRET, speed: 200, balance: 300 });
    try {
      await openApp(page, preview, language);
      const file = await pdf(preview.dataDir);
      const name = en ? 'Demo quote' : '演示报价';
      const ref = await sendFax(page, file, name, [OK, BUSY]);

      // The demo task ends with a BUSY failure.
      await page.getByTestId('nav-tasks').click();
      await page.getByTestId(`task-row-${ref}`).getByRole('button', { name }).click();
      const detail = page.getByTestId('task-detail');
      await expect(async () => {
        await detail.getByTestId('refresh-task').click();
        await expect(detail.getByTestId(`recipient-${BUSY}`)).toContainText('BUSY', { timeout: 1_000 });
      }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000, 10_000] });
      await expect(page.getByTestId('failures-badge')).toBeVisible();

      // Connect the real account.
      await connect(page, real);
      await expect(page.getByTestId('demo-badge')).toHaveCount(0);

      // Hidden from the real account's list and badge; "Show demo faxes" brings them back, labelled and read-only.
      await expect(page.getByTestId(`task-row-${ref}`)).toHaveCount(0);
      await expect(page.getByTestId('failures-badge')).toHaveCount(0);
      await page.getByTestId('show-demo').check();
      const row = page.getByTestId(`task-row-${ref}`);
      await expect(row.getByTestId('demo-tag')).toHaveText(en ? 'Demo' : '演示');
      await row.getByRole('button', { name }).click();
      await expect(detail.getByTestId('demo-readonly')).toBeVisible();
      await expect(detail.getByTestId('demo-tag')).toBeVisible();
      await expect(detail.getByTestId('resend-all')).toHaveCount(0);
      await expect(detail.getByTestId('resend-retryable')).toHaveCount(0);
      await expect(detail.getByTestId('refresh-task')).toBeDisabled();
      await shot(page, `tasks-demo-label-${language}`);
      await expectNoAxeViolations(page);

      await page.getByTestId('nav-failures').click();
      const busyGroup = page.getByTestId('failure-group-BUSY');
      await expect(busyGroup.getByTestId('demo-tag')).toBeVisible();
      await expect(busyGroup.getByRole('button', { name: en ? 'Resend this task’s failed recipients' : '重发此任务的失败号码' })).toHaveCount(0);
      await shot(page, `failures-demo-label-${language}`);
      await expectNoAxeViolations(page);

      // Every resend route, straight at the channel as a window could call it: refused with a clear message.
      const routes = await page.evaluate(async (taskRef) => {
        const api = window.faxdesk!;
        return [
          await api.resendFailed({ taskRef, only: 'all' }),
          await api.resendFailed({ taskRef, only: 'retryable' }),
          await api.resendFailed({ taskRef, only: 'all', confirmRepeat: true }),
          await api.resendFailed({ taskRef, only: 'retryable', confirmRepeat: true }),
          await api.refreshTask({ taskRef }),
          await api.trackTaskRef({ taskRef }),
        ];
      }, ref);
      for (const r of routes) {
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error.code).toBe('tasks.demo_readonly');
          expect(r.error.message).toContain('demo fax');
        }
      }

      // The real account's request log: no upload, no create, no question about the demo task.
      const log = real.requestLog();
      expect(log.filter((e) => e.method === 'POST')).toEqual([]);
      expect(log.filter((e) => e.path.includes(ref))).toEqual([]);
      expect(real.taskCount()).toBe(0);
    } finally {
      await real.stop();
    }
  });
}

test('the header balance follows a charge within 15 s, without any click', async ({ page, preview }) => {
  // 20 times faster than life: the fax is charged a couple of seconds after it is created.
  const real = await startSimulator({ apiKey: KEY, apiSecret: SECRET, speed: 20, balance: 100, unitPrice: 0.5 });
  try {
    await openApp(page, preview, 'en');
    await connect(page, real);
    await expect(page.getByTestId('balance-chip')).toContainText('¥100.00');
    const file = await pdf(preview.dataDir);
    const ref = await sendFax(page, file, 'Charged quote', [OK]);
    // The moment the service charges (its own record), then the header, with no user action.
    await expect.poll(() => real.tasks().find((t) => t.task_ref === ref)?.recipients[0]?.status, { timeout: 60_000 }).toBe('success');
    const chargedAt = Date.now();
    await expect(page.getByTestId('balance-chip')).toContainText('¥99.50', { timeout: 15_000 });
    expect(Date.now() - chargedAt).toBeLessThan(15_000);
  } finally {
    await real.stop();
  }
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`the original shows "Resent as", and resending the same recipients again asks first (${language})`, async ({ page, preview }) => {
    const en = language === 'en';
    await openApp(page, preview, language);
    const file = await pdf(preview.dataDir);
    const name = en ? 'Quote to resend' : '待重发的报价';
    const ref = await sendFax(page, file, name, [OK, BUSY]);
    await page.getByTestId('nav-tasks').click();
    await page.getByTestId(`task-row-${ref}`).getByRole('button', { name }).click();
    const detail = page.getByTestId('task-detail');
    await expect(async () => {
      await detail.getByTestId('refresh-task').click();
      await expect(detail.getByTestId('resend-retryable')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000, 10_000] });

    await detail.getByTestId('resend-retryable').click();
    await detail.getByTestId('resend-confirm').click();
    await expect(detail.getByTestId('resent-as')).toContainText(en ? `${name} (resend)` : `${name}（重发）`);
    const created = () => page.evaluate(async () => {
      const r = await window.faxdesk!.listTasks({});
      return r.ok ? r.value.total : -1;
    });
    const before = await created();

    // The same recipients again: a question, not a second fax.
    await detail.getByTestId('resend-all').click();
    await detail.getByTestId('resend-confirm').click();
    const question = detail.getByTestId('resend-again');
    await expect(question).toContainText(en ? 'already resent' : '已于');
    expect(await created()).toBe(before);
    await shot(page, `task-detail-resend-again-${language}`);
    await expectNoAxeViolations(page);

    await question.getByTestId('resend-again-confirm').click();
    await expect(question).toHaveCount(0);
    await expect.poll(created).toBe(before + 1);
  });
}
