/**
 * Two desks on one office (#25), end to end: two browser previews (the real UI and main process, each
 * with its own data folder), one real PostgreSQL, one simulator. A sends and B's Tasks → Everyone shows
 * it with A's name within 3 s; A's fax fails and B's Failures (office-wide) shows it with A's name;
 * B resends A's failed number: exactly one resend task, and both desks show "Resent as … by …"; B
 * sending A's same fax is asked, with A's name; A and B sending the same fax at once: one task, the
 * other asked.
 */
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type {} from '../../src/renderer/src/lib/api';
import { computerName } from '../../src/main/office/desk-identity';
import { dropOfficeSchema, OFFICE_DB, OWNER } from '../helpers/postgres';
import { connectAccount, expect, expectNoAxeViolations, openApp, shot, startOtherDesk, test, type OtherDesk } from './fixtures';
import { officeDatabase } from './office-database';
import { documentList, literal, nav, sendResult, taskRow, tr, type Language } from './ui';

test.use({ viewport: { width: 1280, height: 900 } });

const office = officeDatabase();

/** Joins the office database as `name` (Settings → Office outbox, through its channel) and waits for "connected". */
async function joinOffice(page: Page, name: string) {
  const saved = await page.evaluate((input) => window.faxdesk!.saveOffice(input), {
    fields: { host: '127.0.0.1', port: office.server.port, database: OFFICE_DB, user: OWNER.user, tls: false, allowPlain: false, displayName: name },
    password: OWNER.password,
    caFile: 'none' as const,
  });
  expect(saved.ok).toBe(true);
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const v = await window.faxdesk!.getOffice();
        return v.ok ? v.value.status.state : null;
      }),
    )
    .toBe('online');
}

async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 28 });
  return Buffer.from(await doc.save());
}

/** Puts the document and the number on the Send screen and presses Send (what follows is the caller's). */
async function pressSend(page: Page, language: Language, bytes: Buffer, number: string, fileName = 'Contract.pdf') {
  const l = tr(language);
  await nav(page, 'send', language).click();
  // a fresh compose: after a send "New fax"; after a question answered "no", the documents still there go
  const newFax = page.getByRole('button', { name: l('send:actions.newFax'), exact: true });
  if (await newFax.count()) await newFax.first().click();
  const remove = page.getByRole('button', { name: new RegExp(`^${literal(l('send:documents.remove', { name: '\u0000' }).split('\u0000')[0]!)}`) });
  while (await remove.count()) await remove.first().click();
  await page.getByLabel(l('send:documents.pickerLabel'), { exact: true }).setInputFiles([{ name: fileName, mimeType: 'application/pdf', buffer: bytes }]);
  await expect(documentList(page, language).getByText(l('send:documents.uploaded'), { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await page.getByLabel(l('send:recipients.label'), { exact: true }).fill(number);
  return page.getByRole('button', { name: l('send:actions.send'), exact: true });
}

/** Asks the service about `taskRef` from this desk (the detail's Refresh, within its floor) until the fax has ended. */
async function followToEnd(page: Page, taskRef: string) {
  await expect
    .poll(
      async () =>
        page.evaluate(async (ref) => {
          const r = await window.faxdesk!.refreshTask({ taskRef: ref });
          return r.ok ? r.value.detail.task.status : r.error.code;
        }, taskRef),
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe('done');
}

/** Two desks, a throwaway office database, both connected to the simulator's account. */
async function twoDesks(page: Page, pageB: Page, other: OtherDesk, preview: { url: string }, sim: Parameters<typeof connectAccount>[1], language: Language) {
  const c = await office.server.admin();
  await dropOfficeSchema(c);
  await c.end();
  await openApp(page, preview, language);
  await joinOffice(page, 'Li Na');
  await connectAccount(page, sim);
  await openApp(pageB, other, language);
  await joinOffice(pageB, 'Wang Wei');
  await connectAccount(pageB, sim);
}

const BUSY = '+86 138 0013 9666';
const here = computerName();

test('two desks: A’s fax live on B, B resends A’s failed number once, both see “Resent as”, and the same fax is asked about (en)', async ({ page, preview, sim }) => {
  test.setTimeout(180_000);
  const l = tr('en');
  const other = await startOtherDesk();
  const pageB = await page.context().newPage();
  try {
    await twoDesks(page, pageB, other, preview, sim, 'en');
    const creates = () => sim.requestLog().filter((e) => e.method === 'POST' && e.path === '/api/v2/faxes').length;
    const uploads = () => sim.requestLog().filter((e) => e.method === 'POST' && e.path === '/api/v2/files/upload').length;

    // B watches Tasks → Everyone
    await nav(pageB, 'tasks').click();
    await expect(pageB.getByTestId('office-tasks')).toBeVisible();

    const failuresNav = nav(pageB, 'failures');
    await expect(failuresNav.getByTestId('failures-badge')).toHaveCount(0);

    // A sends; B's list shows it with A's name within 3 s, without a reload
    const contract = await onePagePdf('Contract');
    await (await pressSend(page, 'en', contract, BUSY)).click();
    await expect(sendResult(page)).toHaveAttribute('data-overall', 'sent');
    const rowOnB = pageB.getByTestId('office-task-row').filter({ hasText: l('office:tasks.senderCell', { name: 'Li Na', computer: here }) });
    await expect(rowOnB).toBeVisible({ timeout: 3_000 });
    // the row comes first as the intent (before the service answered), then with the task's reference
    const officeRows = async () =>
      pageB.evaluate(async () => {
        const r = await window.faxdesk!.listOfficeTasks({ offset: 0, limit: 10 });
        return r.ok ? r.value.rows : [];
      });
    await expect.poll(async () => (await officeRows()).find((r) => r.senderName === 'Li Na')?.taskRef ?? null).toMatch(/^task_/);
    const listed = await officeRows();
    const refA = listed.find((r) => r.senderName === 'Li Na')!.taskRef!;

    // A's fax fails (busy): B's Failures are the office's, the row naming Li Na; the badge counts it
    // A's desk learns of the failure, and B's badge (shown since B opened, with nothing then) follows by
    // LISTEN/NOTIFY alone: its query has no timer, and B stays on Tasks without a reload
    await followToEnd(page, refA);
    await expect(failuresNav.getByText(l('failures:badge', { count: 1, days: 7 }), { exact: true })).toBeAttached({ timeout: 5_000 });
    await failuresNav.click();
    const failureRow = pageB.getByTestId('failure-row').filter({ hasText: '+86 138 0013 9666' });
    await expect(failureRow).toContainText(l('failures:office.senderCell', { name: 'Li Na', computer: here }), { timeout: 10_000 });
    await expect(pageB.getByRole('radio', { name: l('office:tasks.everyone') })).toBeChecked();
    await expectNoAxeViolations(pageB);
    await shot(pageB, 'office-failures-everyone-en');

    // B resends A's failed number: exactly one task, made from A's upload (B has no copy, uploads nothing)
    const [createdBefore, uploadsBefore] = [creates(), uploads()];
    await failureRow.getByRole('button', { name: l('failures:resendTask'), exact: true }).click();
    await expect.poll(creates).toBe(createdBefore + 1);
    expect(uploads()).toBe(uploadsBefore);
    const resendsOnB = async () =>
      pageB.evaluate(async (ref) => {
        const r = await window.faxdesk!.listOfficeResends({ taskRef: ref });
        return r.ok ? r.value : [];
      }, refA);
    await expect.poll(async () => (await resendsOnB()).map((x) => [x.by.name, x.by.mine])).toEqual([['Wang Wei', true]]);
    // the claim is recorded first, its task's reference once the service has created it
    await expect.poll(async () => (await resendsOnB())[0]?.taskRef ?? null).toMatch(/^task_/);
    const resendRef = (await resendsOnB())[0]!.taskRef!;

    // both desks show "Resent as … by …": A in the task detail of its fax, B in Tasks → Everyone under A's fax
    const name = listed.find((r) => r.taskRef === refA)!.name;
    await nav(page, 'tasks').click();
    await page.getByRole('radio', { name: l('office:tasks.mine'), exact: true }).check();
    await taskRow(page, name).getByRole('button', { name, exact: true }).click();
    const resentOnA = page.getByTestId('office-resent-as');
    await expect(resentOnA).toContainText(`Resent as ${resendRef} by Wang Wei (${here})`, { timeout: 5_000 });
    await expectNoAxeViolations(page);
    await shot(page, 'office-resent-as-on-sender-en');
    await nav(pageB, 'tasks').click();
    await pageB.getByTestId('office-task-row').filter({ hasText: 'Li Na' }).getByRole('button', { name, exact: true }).click();
    await expect(pageB.getByTestId('office-resent-as')).toContainText(`Resent as ${resendRef} by you`);

    // B sending A's same fax within 30 minutes is asked, naming Li Na; answered "no", nothing is sent
    const [before, after] = l('send:repeat.titleOffice', { sender: 'Li Na', computer: here, time: '\u0000' }).split('\u0000');
    const sendB = await pressSend(pageB, 'en', contract, BUSY);
    await sendB.click();
    await expect(pageB.getByRole('dialog', { name: new RegExp(`^${literal(before!)}\\d\\d:\\d\\d${literal(after!)}$`) })).toBeVisible();
    await pageB.getByTestId('send-repeat').getByRole('button', { name: l('send:repeat.cancel'), exact: true }).click();
    expect(creates()).toBe(createdBefore + 1);

    // A and B press Send on the same new fax at once: one task goes, the other desk is asked
    const invoice = await onePagePdf('Invoice');
    const sendA2 = await pressSend(page, 'en', invoice, '+86 138 0013 9001', 'Invoice.pdf');
    const sendB2 = await pressSend(pageB, 'en', invoice, '+86 138 0013 9001', 'Invoice.pdf');
    const atOnce = creates();
    await Promise.all([sendA2.click(), sendB2.click()]);
    const questions = async () => (await page.getByTestId('send-repeat').count()) + (await pageB.getByTestId('send-repeat').count());
    await expect.poll(questions, { timeout: 15_000 }).toBe(1);
    await expect.poll(creates).toBe(atOnce + 1);
    // the one asked names the desk that went ahead
    const askedOnA = (await page.getByTestId('send-repeat').count()) === 1;
    await expect((askedOnA ? page : pageB).getByTestId('send-repeat')).toBeVisible();
    await expect((askedOnA ? pageB : page).getByTestId('send-repeat')).toHaveCount(0);
    await expect(sendResult(askedOnA ? pageB : page)).toHaveAttribute('data-overall', 'sent');
    await expect((askedOnA ? page : pageB).getByRole('dialog')).toContainText(askedOnA ? 'Wang Wei' : 'Li Na');
    expect(creates()).toBe(atOnce + 1);
  } finally {
    await pageB.close();
    await other.stop();
  }
});

test('office-wide Failures name each row’s sender (zh-CN)', async ({ page, preview, sim }) => {
  test.setTimeout(150_000);
  const l = tr('zh-CN');
  const other = await startOtherDesk();
  const pageB = await page.context().newPage();
  try {
    await twoDesks(page, pageB, other, preview, sim, 'zh-CN');
    await (await pressSend(page, 'zh-CN', await onePagePdf('Contract'), '+86 138 0013 9777')).click();
    await expect(sendResult(page, 'zh-CN')).toHaveAttribute('data-overall', 'sent');
    const firstRef = async () =>
      page.evaluate(async () => {
        const r = await window.faxdesk!.listOfficeTasks({ offset: 0, limit: 10 });
        return r.ok ? (r.value.rows[0]?.taskRef ?? null) : null;
      });
    await expect.poll(firstRef).toMatch(/^task_/);
    await followToEnd(page, (await firstRef())!);
    await nav(pageB, 'failures', 'zh-CN').click();
    const failureRow = pageB.getByTestId('failure-row').filter({ hasText: '+86 138 0013 9777' });
    await expect(failureRow).toContainText(l('failures:office.senderCell', { name: 'Li Na', computer: here }), { timeout: 10_000 });
    await expect(failureRow).toContainText(l('failures:reasons.NO_ANSWER'));
    await expect(pageB.getByText(l('failures:office.intro', { days: 7 }))).toBeVisible();
    await expectNoAxeViolations(pageB);
    await shot(pageB, 'office-failures-everyone-zh-CN');
  } finally {
    await pageB.close();
    await other.stop();
  }
});
