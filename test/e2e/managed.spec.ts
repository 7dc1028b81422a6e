import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headOfficeDirectory } from '../helpers/policy';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { nav, pattern, tr, type Language } from './ui';

// A managed desk: the preview reads the policy named by FAXDESK_POLICY (root-owned or the user's own file,
// mode 0644), which names the test's simulator as the locked account, locks the review thresholds and the
// contract price, presets the default country and has one key FaxDesk does not know.
const keychainService = `FaxDesk-e2e-managed-${process.pid}-${Date.now()}`;
const policyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-e2e-policy-'));
let policyCount = 0;

test.use({
  previewEnv: async ({ sim }, use) => {
    const file = path.join(policyDir, `policy-${++policyCount}.json`);
    const policy = {
      service: { value: { baseUrl: sim.baseUrl, apiKey: sim.apiKey }, locked: true },
      review: { value: { always: false, recipientsAbove: 3, costAbove: 5 }, locked: true },
      contractUnitPrice: { value: 0.1, locked: true },
      directories: { value: [headOfficeDirectory], locked: true },
      defaultCountry: { value: 'DE' },
      faxQuality: { value: 'fine' },
    };
    fs.writeFileSync(file, JSON.stringify(policy), { mode: 0o644 });
    await use({ FAXDESK_POLICY: file, FAXDESK_KEYCHAIN_SERVICE: `${keychainService}-${policyCount}` });
  },
});
test.afterAll(() => fs.rmSync(policyDir, { recursive: true, force: true }));

/** `npm run provision`'s script, as a login script runs it before the user opens FaxDesk. */
function provision(env: Record<string, string>, secret: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/provision.ts'], { env: { ...process.env, ...env }, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
    child.stdin.end(secret);
  });
}

for (const language of ['en', 'zh-CN'] as const satisfies readonly Language[]) {
  const l = tr(language);

  test(`first run with a policy account asks only for the secret, then opens Send (${language})`, async ({ page, preview, sim }) => {
    await page.setViewportSize({ width: 1200, height: 780 });
    await openApp(page, preview, language);
    const firstRun = page.getByRole('region', { name: l('account:managedFirstRun.title') });
    await expect(firstRun).toBeVisible();
    // one field: the secret; no demo detour, no navigation to wander off to
    await expect(page.locator('input:visible, select:visible, textarea:visible')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: l('common:nav.label') }).getByRole('button')).toHaveCount(0);
    await expect(firstRun).toContainText(new URL(sim.baseUrl).host);
    // the administrator's policy had a key FaxDesk does not know: said, the rest applied
    await expect(page.getByTestId('policy-notice')).toHaveText(pattern(language, 'common:startup.policy.unknown_key'));
    await expect(page.getByTestId('policy-notice')).toContainText('faxQuality');
    await shot(page, `managed-first-run-${language}`);
    await expectNoAxeViolations(page);

    const secret = firstRun.getByLabel(l('account:managedFirstRun.secret'));
    await secret.fill('a-wrong-secret');
    await firstRun.getByRole('button', { name: l('account:managedFirstRun.connect') }).click();
    await expect(firstRun.getByText(l('errors:codes.auth_invalid_credentials'))).toBeVisible();

    await secret.fill(sim.apiSecret);
    await firstRun.getByRole('button', { name: l('account:managedFirstRun.connect') }).click();
    await expect(firstRun).toBeHidden();
    await expect(nav(page, 'send', language)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: l('send:title') })).toBeVisible();
  });

  test(`Settings shows the administrator's values as managed, the locked ones not editable (${language})`, async ({ page, preview, sim }) => {
    await openApp(page, preview, language);
    const r = await page.evaluate((c) => window.faxdesk!.connectAccount(c), { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret });
    expect(r.ok).toBe(true);
    await page.reload();
    await nav(page, 'settings', language).click();
    const main = page.getByRole('main');
    const lockedNote = l('settings:managed.locked');
    const defaultNote = l('settings:managed.default');

    // the account: address and key are the policy's and cannot be edited; demo mode is not offered
    const address = main.getByLabel(l('settings:connection.baseUrl'));
    await expect(address).toHaveValue(sim.baseUrl);
    await expect(address).toBeDisabled();
    await expect(main.getByLabel(l('settings:connection.apiKey'))).toBeDisabled();
    await expect(address).toHaveAccessibleDescription(new RegExp(lockedNote.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(main.getByRole('button', { name: l('settings:connection.useDemo') })).toHaveCount(0);
    // the secret is still the user's own to type
    await expect(main.getByLabel(l('settings:connection.secret'))).toBeEnabled();

    // review thresholds and contract price locked to the policy's values
    const recipients = main.getByLabel(l('settings:prefs.reviewRecipientsAbove'));
    await expect(recipients).toHaveValue('3');
    await expect(recipients).toBeDisabled();
    await expect(main.getByLabel(l('settings:prefs.reviewCostAbove'))).toBeDisabled();
    await expect(main.getByLabel(l('settings:prefs.reviewAlways'))).toBeDisabled();
    await expect(main.getByTestId('contract-unit-price')).toHaveValue('0.1');
    await expect(main.getByTestId('contract-unit-price')).toBeDisabled();
    // a default: shown as preset, and the user may change it
    const country = main.getByLabel(l('settings:prefs.defaultCountry'));
    await expect(country).toHaveValue('DE');
    await expect(country).toBeEnabled();
    await expect(main.getByTestId('managed-note').filter({ hasText: defaultNote })).toHaveCount(1);
    // the account's address and key, the review and the price, and the company directory
    await expect(main.getByTestId('managed-note').filter({ hasText: lockedNote })).toHaveCount(4);
    const directories = main.getByTestId('directory-settings');
    await expect(directories.getByTestId('managed-note')).toHaveText(lockedNote);
    // removing the administrator's directory is refused, in words, and it stays
    await directories.getByRole('button', { name: `${l('directory:settings.remove')} Head office` }).click();
    await directories.getByRole('button', { name: l('directory:settings.remove'), exact: true }).click();
    await expect(directories.getByText(l('errors:codes.settings_locked'))).toBeVisible();
    await expect(directories.getByText('Head office', { exact: true })).toBeVisible();
    await directories.scrollIntoViewIfNeeded();
    await shot(page, `managed-directory-${language}`);

    // changing the preset country and saving keeps the locked ones as they are
    await country.fill('FR');
    await main.getByRole('button', { name: l('common:save'), exact: true }).click();
    await expect(main.getByTestId('settings-saved')).toBeVisible();
    const settings = await page.evaluate(() => window.faxdesk!.getSettings());
    expect(settings.ok && settings.value).toMatchObject({ defaultCountry: 'FR', review: { recipientsAbove: 3, costAbove: 5 }, contractUnitPrice: 0.1 });
    // main refuses a locked value even from a window that would send one
    const refused = await page.evaluate(() => window.faxdesk!.updateSettings({ contractUnitPrice: 2 }));
    expect(refused.ok ? null : refused.error.code).toBe('settings.locked');

    await shot(page, `managed-settings-${language}`);
    await address.scrollIntoViewIfNeeded();
    await shot(page, `managed-settings-account-${language}`);
    await expectNoAxeViolations(page);
  });
}

test('with a secret provisioned by the login script, FaxDesk opens straight to Send', async ({ page, preview, sim }, testInfo) => {
  const env = { FAXDESK_POLICY: path.join(policyDir, `policy-${policyCount}.json`), FAXDESK_KEYCHAIN_SERVICE: `${keychainService}-${policyCount}` };
  const r = await provision(env, `${sim.apiSecret}\n`);
  // exit 4: no keychain in this session (CI runs the suite inside gnome-keyring; the preview then keeps secrets in memory)
  test.skip(r.code === 4, `no system keychain here: ${r.stderr.trim()}`);
  expect(r.code, r.stderr).toBe(0);
  await openApp(page, preview);
  await expect(page.getByRole('heading', { level: 1, name: tr('en')('send:title') })).toBeVisible();
  await expect(nav(page, 'send')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('managed-first-run')).toHaveCount(0);
  const status = await page.evaluate(() => window.faxdesk!.getConnection());
  expect(status.ok && status.value).toMatchObject({ mode: 'account', secretSet: true, secretStorage: 'keychain' });
  testInfo.annotations.push({ type: 'provisioned', description: 'secret stored by scripts/provision.ts, read by the preview from the keychain' });
});
