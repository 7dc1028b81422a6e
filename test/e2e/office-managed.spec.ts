/**
 * Settings → Office outbox on a managed desk (#28): the machine-wide policy
 * (FAXDESK_POLICY) locks the office database connection to a real PostgreSQL
 * with TLS, its CA file on disk. The card says the administrator set it, the
 * server, port, database, user and TLS cannot be edited, and the user still
 * types their own password and display name, saves, and is connected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OFFICE_DB, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { expect, expectNoAxeViolations, shot, test } from './fixtures';
import { openOfficeSettings } from './office-database';

test.use({ viewport: { width: 1280, height: 800 } });

let pgServer: RunningPostgres;
const policyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-e2e-office-policy-'));
let policyCount = 0;
test.beforeAll(async () => {
  test.skip(postgresMissing() !== null, postgresMissing() ?? '');
  pgServer = await startPostgres({ tls: true });
});
test.afterAll(async () => {
  await pgServer?.stop();
  fs.rmSync(policyDir, { recursive: true, force: true });
});

test.use({
  // Playwright reads the fixtures a function wants from its first parameter: this one wants none
  // eslint-disable-next-line no-empty-pattern
  previewEnv: async ({}, use) => {
    const ca = path.join(policyDir, 'office-ca.pem');
    fs.writeFileSync(ca, pgServer.certPem!);
    const file = path.join(policyDir, `policy-${++policyCount}.json`);
    const policy = { officeOutbox: { value: { host: 'localhost', port: pgServer.port, database: OFFICE_DB, user: OWNER.user, tls: true, caFile: ca }, locked: true } };
    fs.writeFileSync(file, JSON.stringify(policy), { mode: 0o644 });
    await use({ FAXDESK_POLICY: file });
  },
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`the office connection set by the administrator is shown as managed and not editable; the password is the user's (${language})`, async ({ page, preview }) => {
    test.setTimeout(90_000);
    const { l, errors, card, form } = await openOfficeSettings(page, preview, language);
    await expect(form.getByTestId('managed-note')).toHaveText(l('settings:managed.locked'));
    await expect(form.getByTestId('managed-note')).toHaveAttribute('data-managed', 'locked');
    for (const [key, value] of [
      ['host', 'localhost'],
      ['port', String(pgServer.port)],
      ['database', OFFICE_DB],
      ['user', OWNER.user],
    ] as const) {
      const input = form.getByLabel(l(`office:settings.${key}`), { exact: true });
      await expect(input, key).toHaveValue(value);
      await expect(input, key).toBeDisabled();
      // a screen reader hears why it cannot be changed
      await expect(input, key).toHaveAccessibleDescription(new RegExp(l('settings:managed.locked').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    const tls = form.getByLabel(l('office:settings.tls'), { exact: true });
    await expect(tls).toBeChecked();
    await expect(tls).toBeDisabled();
    // the CA is the policy's file, not one to choose; nothing to remove either
    await expect(form.getByText(l('office:settings.caFileChosen', { name: 'office-ca.pem' }), { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: l('office:settings.caFileChoose'), exact: true })).toHaveCount(0);
    await expect(form.getByRole('button', { name: l('office:settings.remove'), exact: true })).toHaveCount(0);

    // the user's own part: their password and display name
    await form.getByLabel(l('office:settings.password'), { exact: true }).fill(OWNER.password);
    await form.getByLabel(l('office:settings.displayName'), { exact: true }).fill('Li Na');
    await form.getByRole('button', { name: l('office:settings.save'), exact: true }).click();
    await expect(card.getByTestId('office-status')).toHaveText(l('office:settings.status.online'), { timeout: 30_000 });
    await expect(form.getByLabel(l('office:settings.host'), { exact: true })).toBeDisabled();
    await shot(page, `office-settings-managed-${language}`);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
}
