import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { applyTaskInTransaction } from '../../src/main/history/apply-task';
import { migrate } from '../../src/main/history/migrations';
import { toServiceTime } from '../../src/shared/service-time';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, shot, test, type Preview } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { literal, nav, recipientRow, statusCell, taskDetail, taskRow, taskTable, tr, valueOf, type Language } from './ui';

const t = tr('en');

const OK = '8613800138000';
const BUSY = '8613800138666';
const NO_ANSWER = '8613800138777';

// The demo service 200 times faster than life: a 200-page fax to one number takes about 20 s.
test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200' } });
test.describe.configure({ timeout: 180_000 });

async function longPdf(dir: string, pages: number): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 18 });
  const file = path.join(dir, `contract-${pages}p.pdf`);
  fs.writeFileSync(file, await doc.save());
  return file;
}

/** Sends through the same channels the Send screen uses: the file is handed over as a drop would (a handle), then sent. */
async function sendFax(page: Page, file: string, name: string): Promise<string> {
  const result = await page.evaluate(
    async ({ bytes, name, numbers }) => {
      const granted = await window.faxdesk!.grantFile(new File([new Uint8Array(bytes)], 'contract.pdf', { type: 'application/pdf' }));
      if (!granted.ok) return granted;
      return window.faxdesk!.sendFax({
        name,
        documents: [{ handle: granted.value.handle, url: null, name: 'contract.pdf', pages: null, fileRef: null }],
        numbers,
        scheduledAt: null,
      });
    },
    { bytes: [...fs.readFileSync(file)], name, numbers: [OK, BUSY, NO_ANSWER] },
  );
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (!result.ok) throw new Error(result.error.message);
  const ref = result.value.parts[0]?.task?.taskRef;
  expect(ref).toBeTruthy();
  return ref!;
}

/** Presses Refresh until `check` holds (the floor allows one real query every 10 s). */
async function refreshUntil(detail: Locator, check: () => Promise<void>, language: Language, within = 60_000) {
  await expect(async () => {
    await detail.getByRole('button', { name: tr(language)('tasks:detail.refresh'), exact: true }).click();
    await check();
  }).toPass({ timeout: within, intervals: [1_000, 2_000, 3_000] });
}

function notifications(preview: Preview): string[] {
  return preview.output.join('').split('\n').filter((l) => l.includes('notification:'));
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`a task with delivered, busy and unanswered numbers, watched and fixed (${language})`, async ({ page, preview }) => {
    const en = language === 'en';
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openApp(page, preview, language);
    const file = await longPdf(preview.dataDir, 200);
    const name = en ? 'Signed contract' : '签署的合同';
    const ref = await sendFax(page, file, name);

    const l = tr(language);
    await nav(page, 'tasks', language).click();
    const row = taskRow(page, name, language);
    await expect(row).toBeVisible();
    // Pending, or already sending if the send's own follow-up query saw it start.
    await expect(statusCell(row)).toHaveText(new RegExp(`^(${literal(l('tasks:status.pending'))}|${literal(l('tasks:status.sending'))})$`));
    await row.getByRole('button', { name }).click();
    const detail = taskDetail(page, name, language);
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await shot(page, `tasks-pending-${language}`);

    // Sending: the two failing numbers end at once, the 200 pages take about 20 s.
    const taskStatus = valueOf(detail, l('tasks:detail.status'));
    // Checked with the refresh that showed it: the demo service says when the task ends (about 20 s after
    // the send), and the screen then moves on to "done" by itself.
    await refreshUntil(detail, async () => {
      await expect(taskStatus).toHaveText(l('tasks:status.sending'), { timeout: 2_000 });
      await expect(recipientRow(detail, BUSY, language)).toContainText('BUSY', { timeout: 2_000 });
      await expect(recipientRow(detail, NO_ANSWER, language)).toContainText('NO_ANSWER', { timeout: 2_000 });
      await expect(statusCell(row)).toHaveText(l('tasks:status.sending'), { timeout: 2_000 });
      // The recipient's Status cell (2nd column) says what it is doing.
      await expect(recipientRow(detail, OK, language).getByRole('cell').nth(1)).toHaveText(l('tasks:recipientStatus.sending'), { timeout: 2_000 });
    }, language);
    await shot(page, `tasks-sending-${language}`);

    await refreshUntil(detail, () => expect(taskStatus).toHaveText(l('tasks:status.done'), { timeout: 2_000 }), language);
    await expect(statusCell(row)).toHaveText(l('tasks:status.done'));
    const okRow = recipientRow(detail, OK, language);
    await expect(okRow.getByRole('cell').nth(1)).toHaveText(l('tasks:recipientStatus.success'));
    await expect(okRow).toContainText('200');
    await expect(recipientRow(detail, BUSY, language)).toContainText(en ? 'The line was busy' : '对方占线');
    // The explanation in the user's language, and the service's own words beside it.
    await expect(recipientRow(detail, BUSY, language)).toContainText(en ? 'the service: “The line was busy”' : '服务方原文：“The line was busy”');
    await expect(recipientRow(detail, NO_ANSWER, language)).toContainText(en ? 'Nobody answered' : '无人接听');
    await expectNoAxeViolations(page);
    await shot(page, `tasks-done-${language}`);

    // The transmission report is saved by main where the user can find it (the preview: its downloads folder).
    await detail.getByRole('button', { name: l('tasks:detail.report'), exact: true }).click();
    await expect(detail.getByRole('status').filter({ hasText: l('tasks:detail.reportSaved') })).toContainText(path.join(preview.dataDir, 'downloads'));
    // Named by the fax's name and date (not its reference), and marked as a demo.
    const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(fs.readdirSync(path.join(preview.dataDir, 'downloads'))).toContain(`${name} ${day} transmission report (demo).pdf`);
    await shot(page, `tasks-report-saved-${language}`);

    // The desktop notification main raised when the task ended (the preview writes it to its log).
    await expect.poll(() => notifications(preview)).toEqual([
      expect.stringContaining(
        en
          ? `notification: Demo: Fax partly failed | “${name}”: 1 of 3 delivered, 2 failed. Click to see why and resend. (Demo mode: no fax was really sent.) | task ${ref}`
          : `notification: 演示：传真部分发送失败 | “${name}”：1/3 个号码发送成功，2 个失败。点击查看并重发。（演示模式：没有真正发送传真。） | task ${ref}`,
      ),
    ]);

    // The task is done (one number delivered) yet two failed: "Has failures" finds it, "Failed" (whole task) does not.
    const statusFilter = page.getByRole('search', { name: l('tasks:filters.label') }).getByLabel(l('tasks:filters.status'), { exact: true });
    await statusFilter.selectOption('has_failures');
    await expect(row).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${literal(en ? '1 task' : '1 个任务')}$`) })).toBeVisible();
    await statusFilter.selectOption('failed');
    await expect(row).toHaveCount(0);
    await statusFilter.selectOption('');

    // Failures at a glance: two, busy and no answer first, and the sidebar count.
    const failuresNav = nav(page, 'failures', language);
    await failuresNav.click();
    await expect(failuresNav).toContainText('2');
    // Words a person would write: the window in days, and one recipient per group in the singular.
    await expect(failuresNav.getByText(en ? '2 numbers not reached in the last 7 days' : '最近 7 天内有 2 个号码未送达', { exact: true })).toBeAttached();
    const failuresScreen = page.getByRole('region', { name: l('failures:title'), exact: true });
    const groups = failuresScreen.getByRole('region');
    const busyGroup = groups.filter({ has: page.getByRole('heading', { name: new RegExp(`^${literal(l('failures:groupTitle', { code: 'BUSY', count: 1 }))}`) }) });
    const noAnswerGroup = groups.filter({ has: page.getByRole('heading', { name: new RegExp(`^${literal(l('failures:groupTitle', { code: 'NO_ANSWER', count: 1 }))}`) }) });
    await expect(busyGroup.getByRole('heading', { level: 2 })).toContainText(en ? 'BUSY: 1 recipient' : 'BUSY：1 个接收方');
    await expect(busyGroup).not.toContainText('(s)');
    // numbers the international way, as in the phonebook (raw digits stay for CSV and the service)
    await expect(busyGroup).toContainText('+86 138 0013 8666');
    await expect(noAnswerGroup).toContainText('+86 138 0013 8777');
    await expect(busyGroup).not.toContainText(BUSY);
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0).getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${literal(l('failures:groupTitle', { code: 'BUSY', count: 1 }))}`));
    await expectNoAxeViolations(page);
    await shot(page, `tasks-failures-${language}`);

    // Resend to failed, from the task.
    await nav(page, 'tasks', language).click();
    await row.getByRole('button', { name }).click();
    await detail.getByRole('button', { name: l('tasks:detail.resendAll', { count: 2 }), exact: true }).click();
    await expect(detail.getByText('+86 138 0013 8666, +86 138 0013 8777')).toBeVisible();
    const question = detail.getByRole('group', { name: l('tasks:detail.resendConfirm', { name, count: 2, numbers: '+86 138 0013 8666, +86 138 0013 8777' }), exact: true });
    await question.getByRole('button', { name: l('tasks:detail.resendAll', { count: 2 }), exact: true }).click();
    const done = detail.getByRole('status').filter({ hasText: en ? 'Resent as task_' : '已重发为 task_' });
    await expect(done).toContainText(en ? 'Resent as task_' : '已重发为 task_');
    await expect(done).toContainText(en ? 'to 2 numbers.' : '共 2 个号码。');
    // The confirmation appears under the button that was pressed, in view.
    await expect(done).toBeInViewport();
    const text = (await done.textContent()) ?? '';
    const newRef = /([A-Za-z0-9_-]{6,})/.exec(text.replace(en ? /^Resent as / : /^已重发为 /, ''))?.[1];
    expect(newRef).toBeTruthy();
    // The new task is in the table, marked as a resend.
    const linked = taskTable(page, language).getByRole('row').filter({ hasText: l('tasks:detail.resendOf') });
    await expect(linked).toBeVisible();
    await linked.getByRole('button').first().click();
    // The resend has a name of its own (the original's, marked as a resend): the one detail pane shows it.
    const resent = page.getByRole('complementary', { name: new RegExp(`^${literal(name)}`) });
    await expect(valueOf(resent, l('tasks:detail.reference'))).toHaveText(newRef!);
    await expect(resent.getByRole('table').getByRole('row')).toHaveCount(3); // the header and two recipients
    await expect(recipientRow(resent, BUSY, language)).toBeVisible();
    await expect(recipientRow(resent, NO_ANSWER, language)).toBeVisible();
    await expect(resent.getByRole('button', { name: new RegExp(ref) })).toBeVisible();
    const fromMain = await page.evaluate((r) => window.faxdesk!.getTaskDetail({ id: r }), newRef!);
    expect(fromMain.ok && fromMain.value.task.resendOf).toBe(ref);
    expect(fromMain.ok && fromMain.value.recipients.map((r) => r.phoneNumber)).toEqual([BUSY, NO_ANSWER]);
    await expectNoAxeViolations(page);
    await shot(page, `tasks-resent-${language}`);

    // What the account spent, from the local history: the one delivered number, 200 pages at ¥0.30.
    await nav(page, 'account', language).click();
    await expect(valueOf(page, l('account:spentLast30'))).toHaveText('¥60.00');
    await expect(valueOf(page, l('account:spentThisMonth'))).toContainText(en ? '(faxes sent from this computer' : '（从本机发送');
    await shot(page, `account-spent-${language}`);
    expect(errors).toEqual([]);
  });
}

test('the task table stays light with 10,000 tasks: a few dozen rows in the page, scrolling and searching', async ({ page, preview }) => {
  await openApp(page, preview);
  seedHistory(path.join(preview.dataDir, 'history.sqlite'), 10_000);
  await nav(page, 'tasks').click();
  await expect(page.getByRole('status').filter({ hasText: /^10000 tasks$/ })).toBeVisible();
  const table = taskTable(page);
  // The virtual table's scrolling body and its rows in the DOM are measured here (how many rows exist), not used.
  const body = table.locator('.vbody');
  const rows = body.getByRole('row');
  await expect(rows.first()).toContainText('Bulk 9999');
  expect(await rows.count()).toBeLessThan(80);

  // To the bottom: the oldest task is there at once, still with only a few dozen rows in the DOM.
  const started = Date.now();
  await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.getByRole('button', { name: 'Bulk 0', exact: true })).toBeVisible();
  const scrolled = Date.now() - started;
  expect(await rows.count()).toBeLessThan(80);
  console.log(`10,000 tasks: bottom row shown ${scrolled} ms after the jump; ${await rows.count()} rows in the DOM`);
  expect(scrolled).toBeLessThan(3_000);

  // Keyboard: Down moves between rows, Enter opens the detail, Esc closes it and returns to the row.
  await body.evaluate((el) => el.scrollTo({ top: 0 }));
  await table.getByRole('button', { name: 'Bulk 9999', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('button', { name: 'Bulk 9997', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(table.getByRole('button', { name: 'Bulk 9998', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(taskDetail(page, 'Bulk 9998')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Bulk 9998', exact: true })).toBeFocused();

  // Sort by name and search by number.
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('searchbox', { name: t('tasks:filters.text'), exact: true }).fill('8613700004321');
  await expect(page.getByRole('status').filter({ hasText: /^1 task$/ })).toBeVisible();
  await expect(rows.first()).toContainText('Bulk 4321');
  await expectNoAxeViolations(page);
  await shot(page, 'tasks-10000-en');
});

/** 10,000 ended tasks written straight into the preview's history, in one transaction (as 10,000 polls would). */
function seedHistory(file: string, n: number) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  migrate(db);
  const del = db.prepare('DELETE FROM task_search WHERE rowid = ?');
  const ins = db.prepare(
    `INSERT INTO task_search (rowid, name, numbers) SELECT t.id, t.name,
       coalesce((SELECT group_concat(r.phone_number, ' ') FROM recipients r WHERE r.task_id = t.id), '') FROM tasks t WHERE t.id = ?`,
  );
  const ctx = {
    db,
    serviceTimeZone: 'Asia/Shanghai',
    // the app is already running in demo mode (it claimed unassigned rows when it opened the history): demo's own
    profile: 'demo',
    refreshSearch(id: number) {
      del.run(id);
      ins.run(id);
    },
  };
  const base = Date.now() - n * 60_000;
  const stamp = (ms: number) => toServiceTime(new Date(ms), 'Asia/Shanghai');
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const at = stamp(base + i * 60_000);
      const failed = i % 7 === 0;
      applyTaskInTransaction(
        ctx,
        {
          task_ref: `task_bulk_${i}`,
          name: `Bulk ${i}`,
          status: 'done',
          scheduled_at: at,
          created_at: at,
          recipients: [
            {
              rcpt_ref: `rcpt_bulk_${i}`,
              phone_number: `86137${String(i).padStart(8, '0')}`,
              unit_price: 0.3,
              page_count: failed ? 0 : 2,
              charged_amount: failed ? 0 : 0.6,
              status: failed ? 'failed' : 'success',
              failed_code: failed ? 'BUSY' : null,
              failed_reason: failed ? 'The line was busy' : null,
              completed_at: at,
              created_at: at,
            },
          ],
        },
        Date.now(),
      );
    }
  })();
  db.close();
}
