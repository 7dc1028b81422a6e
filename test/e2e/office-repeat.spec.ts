/**
 * The office-wide "Li Na sent this fax at 11:06 from RECEPTION-PC — send it
 * again?" question, end to end: the real UI and main process (browser
 * preview), a real PostgreSQL and the simulator. Another desk's send of the
 * same documents to the same number — its claim written into the office
 * database as that desk's guard writes it — makes this desk ask, naming the
 * other desk's sender and computer; nothing is created until the user says so.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { parseRecipients } from '../../src/shared/phone/parse';
import { dropOfficeSchema, OFFICE_DB, OWNER } from '../helpers/postgres';
import { connectAccount, expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { officeDatabase } from './office-database';
import type {} from '../../src/renderer/src/lib/api';
import { documentList, sendResult, tr } from './ui';

test.use({ viewport: { width: 1280, height: 800 } });

const office = officeDatabase();

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

for (const language of ['en', 'zh-CN'] as const) {
  test(`another desk's send of the same fax within 30 minutes asks, naming its sender and computer (${language})`, async ({ page, preview, sim }) => {
    test.setTimeout(120_000);
    const l = tr(language);
    const admin = await office.server.admin();
    try {
      await dropOfficeSchema(admin);
      await openApp(page, preview, language);
      const saved = await page.evaluate((input) => window.faxdesk!.saveOffice(input), {
        fields: { host: '127.0.0.1', port: office.server.port, database: OFFICE_DB, user: OWNER.user, tls: false, allowPlain: false, displayName: 'Wang Wei' },
        password: OWNER.password,
        caFile: 'none' as const,
      });
      expect(saved.ok).toBe(true);
      await expect.poll(async () => page.evaluate(async () => {
        const v = await window.faxdesk!.getOffice();
        return v.ok ? v.value.status.state : null;
      })).toBe('online');
      await connectAccount(page, sim);

      // the document, the same bytes on both desks
      const doc = await PDFDocument.create();
      doc.addPage([595, 842]).drawText('Contract', { x: 60, y: 760, size: 28 });
      const bytes = Buffer.from(await doc.save());
      const typed = '+86 10 6555 0001';
      const numbers = parseRecipients(typed).numbers;
      expect(numbers).toHaveLength(1);
      const fingerprint = sha256(JSON.stringify([[`file:${sha256(bytes)}`], [...numbers].sort()]));

      // Li Na, at RECEPTION-PC, sent it 4 minutes ago
      const sentAtMs = Date.now() - 4 * 60_000;
      await admin.query("INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('desk-reception', 'Li Na', 'RECEPTION-PC')");
      await admin.query(
        "INSERT INTO faxdesk_send_claims (fingerprint, desk_id, sender_name, computer_name, name, claimed_at_ms) VALUES ($1, 'desk-reception', 'Li Na', 'RECEPTION-PC', 'Contract', $2)",
        [fingerprint, sentAtMs],
      );

      const creates = () => sim.requestLog().filter((e) => e.method === 'POST' && e.path === '/api/v2/faxes').length;
      await page.getByLabel(l('send:documents.pickerLabel'), { exact: true }).setInputFiles([{ name: 'Contract.pdf', mimeType: 'application/pdf', buffer: bytes }]);
      await expect(documentList(page, language).getByText(l('send:documents.uploaded'), { exact: true }).first()).toBeVisible();
      await page.getByLabel(l('send:recipients.label'), { exact: true }).fill(typed);
      const send = page.getByRole('button', { name: l('send:actions.send'), exact: true });
      await send.click();

      const [before, after] = l('send:repeat.titleOffice', { sender: 'Li Na', computer: 'RECEPTION-PC', time: '\u0000' }).split('\u0000');
      const dialog = page.getByTestId('send-repeat');
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('dialog', { name: new RegExp(`^${escapeRe(before!)}\\d\\d:\\d\\d${escapeRe(after!)}$`) })).toBeVisible();
      await expect(dialog).toContainText('Contract');
      await shot(page, `office-send-repeat-${language}`);
      await expectNoAxeViolations(page);
      expect(creates()).toBe(0);

      // the safe answer: nothing sent
      await dialog.getByRole('button', { name: l('send:repeat.cancel'), exact: true }).click();
      await expect(dialog).toHaveCount(0);
      expect(creates()).toBe(0);

      // meant, it goes, and this desk's claim is recorded for the next desk to find
      await send.click();
      await dialog.getByRole('button', { name: l('send:repeat.confirm'), exact: true }).click();
      await expect(sendResult(page, language)).toHaveAttribute('data-overall', 'sent');
      expect(creates()).toBe(1);
      const claims = await admin.query<{ sender_name: string }>('SELECT sender_name FROM faxdesk_send_claims WHERE fingerprint = $1 ORDER BY claimed_at_ms', [fingerprint]);
      expect(claims.rows.map((r) => r.sender_name)).toEqual(['Li Na', 'Wang Wei']);
    } finally {
      await admin.end();
    }
  });
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
