/**
 * Tasks → Everyone end to end: the real UI, the real main process in the
 * browser preview, a real PostgreSQL and the simulator. This desk's fax shows
 * as its own; another desk's fax — written into the office database the way
 * a desk writes it, with its NOTIFY — appears live, with its sender and
 * computer, within 3 s and without a reload; Mine is this desk's history.
 */
import { dropOfficeSchema, OFFICE_DB, OWNER } from '../helpers/postgres';
import { connectAccount, expect, expectNoAxeViolations, openApp, sendOnePageFax, shot, test } from './fixtures';
import { officeDatabase } from './office-database';
import type {} from '../../src/renderer/src/lib/api';
import { nav, tr } from './ui';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.use({ viewport: { width: 1280, height: 800 } });

const office = officeDatabase();

/** Another desk's fax, as its mirror writes it (office-records.ts): desk, task, recipient, then NOTIFY. */
async function otherDeskSends(name: string): Promise<void> {
  const c = await office.server.admin();
  try {
    await c.query('BEGIN');
    await c.query("INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('desk-b', 'Wang Wei', 'FRONT-PC') ON CONFLICT DO NOTHING");
    await c.query(
      `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, created_at_ms, recipient_count, pending_count)
       VALUES ($1, $2, 'desk-b', 'Wang Wei', 'FRONT-PC', 'send', $3, 'created', 'pending', $4, 1, 1)`,
      [`desk-b:${name}`, `T-${name}`, name, Date.now()],
    );
    await c.query("SELECT pg_notify('faxdesk_tasks', $1)", [`desk-b:${name}`]);
    await c.query('COMMIT');
  } finally {
    await c.end();
  }
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`Tasks → Everyone lists the office's faxes with their senders, live (${language})`, async ({ page, preview, sim }) => {
    test.setTimeout(120_000);
    const l = tr(language);
    const c = await office.server.admin();
    await dropOfficeSchema(c);
    await c.end();
    await openApp(page, preview, language);
    const saved = await page.evaluate(
      (input) => window.faxdesk!.saveOffice(input),
      {
        fields: { host: '127.0.0.1', port: office.server.port, database: OFFICE_DB, user: OWNER.user, tls: false, allowPlain: false, displayName: 'Li Na' },
        password: OWNER.password,
        caFile: 'none' as const,
      },
    );
    expect(saved.ok).toBe(true);
    await connectAccount(page, sim);
    await sendOnePageFax(page, 'Contract.pdf', '+86 10 6555 0001', language);

    await nav(page, 'tasks', language).click();
    const everyone = page.getByTestId('office-tasks');
    const own = everyone.getByRole('row').filter({ hasText: l('office:tasks.you', { name: 'Li Na' }) });
    await expect(own).toHaveCount(1);
    await expect(own).toContainText('Contract');

    const t0 = Date.now();
    await otherDeskSends('Price list');
    const theirs = everyone.getByRole('row').filter({ hasText: l('office:tasks.senderCell', { name: 'Wang Wei', computer: 'FRONT-PC' }) });
    await expect(theirs).toContainText('Price list', { timeout: 3_000 });
    expect(Date.now() - t0).toBeLessThan(3_000);
    await expect(everyone.getByRole('status')).toHaveText(l('office:tasks.count', { count: 2 }));
    await shot(page, `office-tasks-everyone-${language}`);
    await expectNoAxeViolations(page);

    // the detail says who sent it, from which computer
    await theirs.getByRole('button', { name: 'Price list' }).click();
    const detail = everyone.getByTestId('office-task-detail');
    const [before, after] = l('office:tasks.sentBy', { name: 'Wang Wei', computer: 'FRONT-PC', time: '\u0000' }).split('\u0000');
    await expect(detail).toContainText(new RegExp(`${escapeRe(before!)}.*\\d{1,2}:\\d\\d.*${escapeRe(after!)}`));
    await expect(detail).toContainText('T-Price list');
    await shot(page, `office-task-detail-${language}`);
    await expectNoAxeViolations(page);

    // the filter by sender: only Wang Wei's faxes, then only this desk's
    const filter = page.getByTestId('office-sender-filter');
    await filter.selectOption({ label: l('office:tasks.senderCell', { name: 'Wang Wei', computer: 'FRONT-PC' }) });
    await expect(everyone.getByRole('status')).toHaveText(l('office:tasks.count', { count: 1 }));
    await expect(everyone.getByTestId('office-task-row')).toHaveCount(1);
    await expect(everyone.getByTestId('office-task-row')).toContainText('Price list');
    await filter.selectOption({ label: l('office:tasks.you', { name: 'Li Na' }) });
    await expect(everyone.getByTestId('office-task-row')).toHaveCount(1);
    await expect(everyone.getByTestId('office-task-row')).toContainText('Contract');
    await shot(page, `office-tasks-by-sender-${language}`);
    await filter.selectOption({ label: l('office:tasks.allSenders') });
    await expect(everyone.getByTestId('office-task-row')).toHaveCount(2);

    // Account: spent this month per person, from the office's shared history (Wang Wei's fax not charged yet)
    await nav(page, 'account', language).click();
    const spending = page.getByTestId('office-spending');
    await expect(spending.getByTestId('office-spending-row')).toHaveCount(2);
    await expect(spending.getByTestId('office-spending-row').filter({ hasText: l('office:tasks.you', { name: 'Li Na' }) })).toBeVisible();
    await expect(spending.getByTestId('office-spending-row').filter({ hasText: l('office:tasks.senderCell', { name: 'Wang Wei', computer: 'FRONT-PC' }) })).toContainText('¥0.00');
    await shot(page, `office-spending-${language}`);
    await expectNoAxeViolations(page);
    await nav(page, 'tasks', language).click();

    // Mine: this desk's own history, as without an office database
    await page.getByTestId('task-scope').getByLabel(l('office:tasks.mine'), { exact: true }).check();
    await expect(page.getByTestId('task-count')).toHaveText(l('tasks:count', { count: 1 }));
    await expect(page.getByText('Price list')).toHaveCount(0);
  });
}
