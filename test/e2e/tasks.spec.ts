import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openApp, shot, test, type Preview } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';

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

/** Sends through the same channel the Send screen uses. */
async function sendFax(page: Page, file: string, name: string): Promise<string> {
  const result = await page.evaluate(
    async ({ file, name, numbers }) =>
      window.faxdesk!.sendFax({
        name,
        documents: [{ path: file, url: null, name: 'contract.pdf', pages: null, fileRef: null }],
        numbers,
        scheduledAt: null,
      }),
    { file, name, numbers: [OK, BUSY, NO_ANSWER] },
  );
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (!result.ok) throw new Error(result.error.message);
  const ref = result.value.parts[0]?.task?.taskRef;
  expect(ref).toBeTruthy();
  return ref!;
}

function statusCell(page: Page, ref: string) {
  return page.getByTestId(`task-row-${ref}`).locator('[data-status]');
}

/** Presses Refresh until the detail pane shows `status` (the floor allows one real query every 10 s). */
async function refreshUntil(page: Page, status: string, within = 60_000) {
  const detail = page.getByTestId('task-detail');
  await expect(async () => {
    await detail.getByTestId('refresh-task').click();
    await expect(detail.locator('.facts [data-status]').first()).toHaveAttribute('data-status', status, { timeout: 2_000 });
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

    await page.getByTestId('nav-tasks').click();
    const row = page.getByTestId(`task-row-${ref}`);
    await expect(row).toBeVisible();
    // Pending, or already sending if the send's own follow-up query saw it start.
    await expect(statusCell(page, ref)).toHaveAttribute('data-status', /^(pending|sending)$/);
    await row.getByRole('button', { name }).click();
    const detail = page.getByTestId('task-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await shot(page, `tasks-pending-${language}`);

    // Sending: the two failing numbers end at once, the 200 pages take about 20 s.
    await refreshUntil(page, 'sending');
    await expect(statusCell(page, ref)).toHaveAttribute('data-status', 'sending');
    await expect(detail.getByTestId(`recipient-${BUSY}`)).toContainText('BUSY');
    await expect(detail.getByTestId(`recipient-${NO_ANSWER}`)).toContainText('NO_ANSWER');
    await shot(page, `tasks-sending-${language}`);

    await refreshUntil(page, 'done');
    await expect(statusCell(page, ref)).toHaveAttribute('data-status', 'done');
    const okRow = detail.getByTestId(`recipient-${OK}`);
    await expect(okRow.locator('[data-status]')).toHaveAttribute('data-status', 'success');
    await expect(okRow).toContainText('200');
    await expect(detail.getByTestId(`recipient-${BUSY}`)).toContainText(en ? 'The line was busy' : '对方占线');
    await expect(detail.getByTestId(`recipient-${NO_ANSWER}`)).toContainText(en ? 'Nobody answered' : '无人接听');
    await expectNoAxeViolations(page);
    await shot(page, `tasks-done-${language}`);

    // The desktop notification main raised when the task ended (the preview writes it to its log).
    await expect.poll(() => notifications(preview)).toEqual([
      expect.stringContaining(
        en
          ? `notification: Fax partly failed | “${name}”: 1 of 3 delivered, 2 failed. Click to see why and resend. | task ${ref}`
          : `notification: 传真部分发送失败 | “${name}”：1/3 个号码发送成功，2 个失败。点击查看并重发。 | task ${ref}`,
      ),
    ]);

    // Failures at a glance: two, busy and no answer first, and the sidebar count.
    await page.getByTestId('nav-failures').click();
    await expect(page.getByTestId('failures-badge')).toContainText('2');
    await expect(page.getByTestId('failure-group-BUSY')).toContainText(BUSY);
    await expect(page.getByTestId('failure-group-NO_ANSWER')).toContainText(NO_ANSWER);
    const groups = page.locator('[data-testid^="failure-group-"]');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0)).toHaveAttribute('data-testid', 'failure-group-BUSY');
    await expectNoAxeViolations(page);
    await shot(page, `tasks-failures-${language}`);

    // Resend to failed, from the task.
    await page.getByTestId('nav-tasks').click();
    await page.getByTestId(`task-row-${ref}`).getByRole('button', { name }).click();
    await detail.getByTestId('resend-all').click();
    await expect(detail.getByText(`${BUSY}, ${NO_ANSWER}`)).toBeVisible();
    await detail.getByTestId('resend-confirm').click();
    const done = detail.locator('.detail-notice .notice');
    await expect(done).toContainText(en ? 'Resent as task' : '已重发为任务');
    const text = (await done.textContent()) ?? '';
    const newRef = /([A-Za-z0-9_-]{6,})/.exec(text.replace(en ? /^Resent as task / : /^已重发为任务 /, ''))?.[1];
    expect(newRef).toBeTruthy();
    const linked = page.getByTestId(`task-row-${newRef}`);
    await expect(linked).toBeVisible();
    await linked.getByRole('button').first().click();
    await expect(detail.locator('[data-testid^="recipient-"]')).toHaveCount(2);
    await expect(detail.getByTestId(`recipient-${BUSY}`)).toBeVisible();
    await expect(detail.getByTestId(`recipient-${NO_ANSWER}`)).toBeVisible();
    await expect(detail.getByRole('button', { name: new RegExp(ref) })).toBeVisible();
    const fromMain = await page.evaluate((r) => window.faxdesk!.getTaskDetail({ id: r }), newRef!);
    expect(fromMain.ok && fromMain.value.task.resendOf).toBe(ref);
    expect(fromMain.ok && fromMain.value.recipients.map((r) => r.phoneNumber)).toEqual([BUSY, NO_ANSWER]);
    await expectNoAxeViolations(page);
    await shot(page, `tasks-resent-${language}`);
    expect(errors).toEqual([]);
  });
}
