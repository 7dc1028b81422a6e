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
import { literal, nav, pattern, recipientRow, taskDetail, taskRow, tr, valueOf } from './ui';

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
  // the page holds no paths: the file reaches main as a drop does, and the send names it by its handle
  const bytes = [...fs.readFileSync(file)];
  const result = await page.evaluate(
    async ({ bytes, name, numbers }) => {
      const granted = await window.faxdesk!.grantFile(new File([new Uint8Array(bytes)], 'quote.pdf', { type: 'application/pdf' }));
      if (!granted.ok) return granted;
      return window.faxdesk!.sendFax({ name, documents: [{ handle: granted.value.handle, url: null, name: 'quote.pdf', pages: 1, fileRef: null }], numbers, scheduledAt: null });
    },
    { bytes, name, numbers },
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
      const l = tr(language);
      await nav(page, 'tasks', language).click();
      await taskRow(page, name, language).getByRole('button', { name }).click();
      const detail = taskDetail(page, name, language);
      await expect(async () => {
        await detail.getByRole('button', { name: l('tasks:detail.refresh'), exact: true }).click();
        await expect(recipientRow(detail, BUSY, language)).toContainText('BUSY', { timeout: 1_000 });
      }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000, 10_000] });
      const failuresNav = nav(page, 'failures', language);
      const failuresBadge = failuresNav.getByText(pattern(language, 'failures:badge_one'));
      await expect(failuresBadge).toBeAttached();
      await expect(failuresNav).toHaveAccessibleName(new RegExp(`^${literal(l('common:nav.failures'))}.+`));

      // Connect the real account.
      const demoBadge = page.getByRole('banner').getByRole('button', { name: `${l('account:demoBadge')} · ${l('account:connectAccount')}`, exact: true });
      await connect(page, real);
      await expect(demoBadge).toHaveCount(0);

      // Hidden from the real account's list and badge; "Show demo faxes" brings them back, labelled and read-only.
      const row = taskRow(page, name, language);
      await expect(row).toHaveCount(0);
      await expect(failuresBadge).toHaveCount(0);
      await expect(failuresNav).toHaveAccessibleName(l('common:nav.failures'));
      await page.getByRole('checkbox', { name: l('tasks:demo.show'), exact: true }).check();
      await expect(row.getByText(l('tasks:demo.label'), { exact: true })).toHaveText(en ? 'Demo' : '演示');
      await row.getByRole('button', { name }).click();
      await expect(detail.getByText(l('tasks:demo.readOnly'), { exact: true })).toBeVisible();
      await expect(detail.getByRole('heading', { level: 2 }).getByText(l('tasks:demo.label'), { exact: true })).toBeVisible();
      const actions = detail.getByRole('group', { name: l('tasks:detail.actions'), exact: true });
      await expect(actions.getByRole('button', { name: pattern(language, 'tasks:detail.resendAll') })).toHaveCount(0);
      await expect(actions.getByRole('button', { name: pattern(language, 'tasks:detail.resendRetryable') })).toHaveCount(0);
      await expect(actions.getByRole('button', { name: l('tasks:detail.refresh'), exact: true })).toBeDisabled();
      await shot(page, `tasks-demo-label-${language}`);
      await expectNoAxeViolations(page);

      await failuresNav.click();
      const busyGroup = page
        .getByRole('region', { name: l('failures:title'), exact: true })
        .getByRole('region')
        .filter({ has: page.getByRole('heading', { name: new RegExp(`^${literal(l('failures:groupTitle', { code: 'BUSY', count: 1 }))}`) }) });
      await expect(busyGroup.getByText(l('tasks:demo.label'), { exact: true })).toBeVisible();
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

for (const language of ['en', 'zh-CN'] as const) {
  test(`a demo fax still sending at connect shows "stopped", the list says demo faxes are hidden, its detail closes (${language})`, async ({ page, preview }) => {
    const real = await startSimulator({ apiKey: KEY, apiSecret: SECRET, speed: 200, balance: 300 });
    try {
      await openApp(page, preview, language);
      const l = tr(language);
      // 400 pages take the demo service (200 times faster than life) about 40 s: still sending when the account is connected.
      const doc = await PDFDocument.create();
      for (let i = 0; i < 400; i++) doc.addPage([200, 200]);
      const file = path.join(preview.dataDir, 'long.pdf');
      fs.writeFileSync(file, await doc.save());
      const name = language === 'en' ? 'Long demo fax' : '很长的演示传真';
      await sendFax(page, file, name, [OK]);
      await nav(page, 'tasks', language).click();
      const row = taskRow(page, name, language);
      await row.getByRole('button', { name }).click();
      const detail = taskDetail(page, name, language);
      await expect(detail).toBeVisible();

      await connect(page, real);
      // The open demo fax's detail closes with the list that now hides it; the list says what it hides.
      await expect(detail).toHaveCount(0);
      await expect(row).toHaveCount(0);
      const hidden = page.getByTestId('demo-hidden');
      await expect(hidden).toHaveText(l('tasks:demo.hidden', { count: 1 }));
      await expect(page.getByText(l('tasks:empty'), { exact: true })).toHaveCount(0);
      await expect(page.getByText(l('tasks:emptyAccount'), { exact: true })).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, `tasks-demo-hidden-1280-${language}`);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 800, height: 600 });
      await shot(page, `tasks-demo-hidden-800-${language}`);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Shown on request: stopped, not a "Sending" that never ends, and no "next check: never".
      await page.getByRole('checkbox', { name: l('tasks:demo.show'), exact: true }).check();
      await expect(hidden).toHaveCount(0);
      await expect(row.locator('[data-status]').first()).toHaveText(l('tasks:status.demo_ended'));
      await row.getByRole('button', { name }).click();
      await expect(detail.getByText(l('tasks:detail.demoEnded'), { exact: true })).toBeVisible();
      await expect(detail.getByText(l('tasks:detail.never'), { exact: true })).toHaveCount(0);
      await shot(page, `tasks-demo-ended-1280-${language}`);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 800, height: 600 });
      await shot(page, `tasks-demo-ended-800-${language}`);
    } finally {
      await real.stop();
    }
  });
}

test('connecting while the window\'s first balance read is on its way shows the account\'s balance, not the demo\'s', async ({ page, preview }) => {
  const real = await startSimulator({ apiKey: KEY, apiSecret: SECRET, speed: 20, balance: 100 });
  try {
    await openApp(page, preview, 'en');
    // The window's reads of the account until the connect (its first, after a reload): main answers them for
    // the demo at once, and the answers reach the window only after the account was connected and the window
    // heard of it. Reads after that go through.
    let connecting = false;
    let held = 0;
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await page.route('**/__faxdesk/ipc/getAccount', async (route) => {
      if (connecting) return route.continue();
      held += 1;
      const response = await route.fetch();
      await delivered;
      await route.fulfill({ response });
    });
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toBeVisible();
    const l = tr('en');
    const demoBadge = page.getByRole('banner').getByRole('button', { name: `${l('account:demoBadge')} · ${l('account:connectAccount')}`, exact: true });
    await expect(demoBadge).toBeVisible();
    await expect.poll(() => held).toBeGreaterThan(0);
    connecting = true;
    await connect(page, real);
    await expect(demoBadge).toHaveCount(0);
    deliver();
    const balance = page.getByRole('banner').getByRole('button', { name: pattern('en', 'account:balanceShort') });
    await expect(balance).toContainText('¥100.00');
    // and it stays: the demo's late answer does not come back over it
    await page.waitForTimeout(1_000);
    await expect(balance).toContainText('¥100.00');
  } finally {
    await real.stop();
  }
});

test('the header balance follows a charge at the task poll that sees it, together with the task, without any click', async ({ page, preview }) => {
  // 20 times faster than life: the fax is charged a couple of seconds after it is created.
  const real = await startSimulator({ apiKey: KEY, apiSecret: SECRET, speed: 20, balance: 100, unitPrice: 0.5 });
  try {
    await openApp(page, preview, 'en');
    await connect(page, real);
    const balance = page.getByRole('banner').getByRole('button', { name: pattern('en', 'account:balanceShort') });
    await expect(balance).toContainText('¥100.00');
    const file = await pdf(preview.dataDir);
    const ref = await sendFax(page, file, 'Charged quote', [OK]);
    // The moment the service charges (its own record), then the header, with no user action: the account is read
    // when a task poll shows the recipient finished (the spec's 30 s / 60 s), not every few seconds (issue #30).
    await expect.poll(() => real.tasks().find((t) => t.task_ref === ref)?.recipients[0]?.status, { timeout: 60_000 }).toBe('success');
    const chargedAt = Date.now();
    const accountReads = () => real.requestLog().filter((e) => e.path === '/api/v2/account/status').length;
    const readsAtCharge = accountReads();
    await expect(balance).toContainText('¥99.50', { timeout: 75_000 });
    expect(Date.now() - chargedAt).toBeLessThan(75_000);
    // The balance and the task move together: when the header shows the charge, the history has the delivery.
    const row = await page.evaluate(async () => {
      const r = await window.faxdesk!.listTasks({});
      return r.ok ? r.value.rows[0] : null;
    });
    expect(row?.recipients.success).toBe(1);
    // A read or two (the poll's, and the window's slow refresh at most), not one every 10 s.
    expect(accountReads() - readsAtCharge).toBeLessThanOrEqual(3);
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
    await sendFax(page, file, name, [OK, BUSY]);
    const l = tr(language);
    await nav(page, 'tasks', language).click();
    await taskRow(page, name, language).getByRole('button', { name }).click();
    const detail = taskDetail(page, name, language);
    const actions = detail.getByRole('group', { name: l('tasks:detail.actions'), exact: true });
    const resendRetryable = actions.getByRole('button', { name: l('tasks:detail.resendRetryable', { count: 1 }), exact: true });
    const resendAll = actions.getByRole('button', { name: l('tasks:detail.resendAll', { count: 1 }), exact: true });
    await expect(async () => {
      await actions.getByRole('button', { name: l('tasks:detail.refresh'), exact: true }).click();
      await expect(resendRetryable).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000, 10_000] });

    // The question under the toolbar repeats the chosen action on its button.
    const confirmQuestion = detail.getByRole('group', { name: pattern(language, 'tasks:detail.resendConfirm_one') });
    await resendRetryable.click();
    await confirmQuestion.getByRole('button', { name: l('tasks:detail.resendRetryable', { count: 1 }), exact: true }).click();
    await expect(valueOf(detail, l('tasks:detail.resends'))).toContainText(en ? `${name} (resend)` : `${name}（重发）`);
    const created = () => page.evaluate(async () => {
      const r = await window.faxdesk!.listTasks({});
      return r.ok ? r.value.total : -1;
    });
    const before = await created();

    // The same recipients again: a question, not a second fax.
    await resendAll.click();
    await confirmQuestion.getByRole('button', { name: l('tasks:detail.resendAll', { count: 1 }), exact: true }).click();
    const question = detail.getByRole('alertdialog', { name: pattern(language, 'tasks:detail.resendAgainQuestion') });
    await expect(question).toContainText(en ? 'already resent' : '已于');
    expect(await created()).toBe(before);
    await shot(page, `task-detail-resend-again-${language}`);
    await expectNoAxeViolations(page);

    await question.getByRole('button', { name: l('tasks:detail.resendAgain'), exact: true }).click();
    await expect(question).toHaveCount(0);
    await expect.poll(created).toBe(before + 1);
  });
}
