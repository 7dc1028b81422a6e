/**
 * Account → this month's charges (issue #30 leftover): one row per fax sent from this computer, the
 * latest first, ten at a time with "Show more", adding up to "Spent this month"; a demo fax is marked
 * and is not listed once an account is connected (as the spending figures). Against the simulator; en
 * and zh-CN at 1280×800 and 800×600, axe clean (screenshots in artifacts/screenshots/account-charges-*).
 */
import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { connectAccount, expect, expectNoAxeViolations, openApp, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import type { RunningSimulator } from '../../src/simulator/index';
import { nav, taskDetail, tr, valueOf, type Language } from './ui';

test.use({ previewEnv: { FAXDESK_DEMO_SPEED: '200' } });
test.describe.configure({ timeout: 240_000 });

/** Sends one-page faxes by the window's own channels (the document granted as a drop grants it); their task refs. */
async function sendFaxes(page: Page, faxes: Array<{ name: string; numbers: string[] }>): Promise<string[]> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Invoice', { x: 60, y: 760, size: 28 });
  const bytes = [...(await doc.save())];
  return page.evaluate(
    async ({ bytes, faxes }) => {
      const api = window.faxdesk!;
      const granted = await api.grantFile(new File([new Uint8Array(bytes)], 'invoice.pdf', { type: 'application/pdf' }));
      if (!granted.ok) throw new Error(granted.error.message);
      const refs: string[] = [];
      for (const f of faxes) {
        const r = await api.sendFax({
          name: f.name,
          documents: [{ handle: granted.value.handle, url: null, name: 'invoice.pdf', pages: 1, fileRef: null }],
          numbers: f.numbers,
          scheduledAt: null,
          confirmRepeat: true,
        });
        if (!r.ok || r.value.overall !== 'sent') throw new Error(JSON.stringify(r));
        refs.push(r.value.parts[0]!.task!.taskRef);
      }
      return refs;
    },
    { bytes, faxes },
  );
}

/**
 * Until each task is done in the app's history. With an account connected, first until the service has
 * ended them all (its own record), then main is asked to look again (the Refresh button: at most once per
 * 10 s a task, so asked while a fax was still sending it would wait 10 s for the next). In demo mode the
 * built-in service tells the app when a task ends: nothing to ask.
 */
async function untilDone(page: Page, refs: string[], service?: RunningSimulator) {
  if (service) {
    await expect
      .poll(() => refs.every((ref) => service.tasks().find((t) => t.task_ref === ref)?.status === 'done'), { timeout: 30_000 })
      .toBe(true);
  }
  await expect(async () => {
    const states = await page.evaluate(
      async ({ refs, ask }) => {
        const api = window.faxdesk!;
        const out: string[] = [];
        for (const taskRef of refs) {
          const d = await api.getTaskDetail({ id: taskRef });
          if (d.ok && d.value.task.status === 'done') out.push('done');
          else out.push(String(ask && (await api.refreshTask({ taskRef })).ok));
        }
        return out;
      },
      { refs, ask: service !== undefined },
    );
    expect(states.every((s) => s === 'done')).toBe(true);
  }).toPass({ timeout: 90_000, intervals: [500, 1_000, 2_000] });
}

/** A screenshot (with `inView` scrolled into view) and an axe check, at both sizes. */
async function atBothSizes(page: Page, name: string, language: Language, inView: Locator) {
  for (const [width, height] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width, height });
    await inView.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width}×${height} is wider than the window`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `artifacts/screenshots/account-charges-${name}-${width}x${height}-${language}.png` });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const language of ['en', 'zh-CN'] as const) {
  const l = tr(language);

  test(`the Account screen lists this month's charges per fax, the latest first, ten at a time (${language})`, async ({ page, preview, sim }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, preview, language);
    const charges = page.getByRole('region', { name: l('account:charges.heading'), exact: true });
    const table = charges.getByRole('table', { name: l('account:charges.heading'), exact: true });
    const rows = table.getByTestId('charge-row');

    // Demo mode: the demo fax's charge is listed, marked as a demo.
    const [demoRef] = await sendFaxes(page, [{ name: 'Demo price list', numbers: ['8613800138000'] }]);
    await untilDone(page, [demoRef!]);
    await nav(page, 'account', language).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Demo price list');
    await expect(rows.first()).toContainText(l('tasks:demo.label'));
    await atBothSizes(page, 'demo', language, rows.first());

    // Connected: twelve faxes on the account; the demo one is no longer listed (nor counted in "Spent this month").
    await connectAccount(page, sim);
    const faxes = Array.from({ length: 12 }, (_, i) => ({
      name: `Invoice ${String(i + 1).padStart(2, '0')}`,
      numbers: i === 11 ? ['8613800138101', '8613800138102'] : [`86138001382${String(i).padStart(2, '0')}`],
    }));
    const refs = await sendFaxes(page, faxes);
    await untilDone(page, refs, sim);
    await nav(page, 'account', language).click();
    await expect(rows).toHaveCount(10);
    // The latest first: the last fax, to two numbers at 0.10 a page.
    await expect(rows.first()).toContainText('Invoice 12');
    await expect(rows.first()).toContainText(`${l('account:charges.pages', { count: 1 })} × ${l('account:charges.recipients', { count: 2 })}`);
    await expect(rows.first()).toContainText('¥0.20');
    await expect(rows.nth(1)).toContainText('Invoice 11');
    await expect(charges).not.toContainText('Demo price list');
    await expect(charges.getByTestId('charges-total')).toHaveText('¥1.30');
    await expect(valueOf(page, l('account:spentThisMonth'))).toContainText('¥1.30');
    const shown = charges.getByText(l('account:charges.shown', { shown: 10, total: 12 }), { exact: true });
    await expect(shown).toBeVisible();
    await atBothSizes(page, 'connected', language, shown);

    await charges.getByRole('button', { name: l('account:charges.showMore', { count: 2 }), exact: true }).click();
    await expect(rows).toHaveCount(12);
    await expect(rows.last()).toContainText('Invoice 01');
    // All shown: no more to ask for.
    await expect(charges.getByRole('status')).toHaveCount(0);
    await expect(charges.getByRole('button')).toHaveCount(12);

    // A fax's name opens it in Tasks.
    await rows.first().getByRole('button', { name: l('account:charges.open', { name: 'Invoice 12' }), exact: true }).click();
    await expect(taskDetail(page, 'Invoice 12', language)).toBeVisible();
  });
}
