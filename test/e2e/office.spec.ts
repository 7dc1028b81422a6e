/**
 * Settings → Office outbox end to end: the real UI in Chromium, the real main
 * process in the browser preview, a real PostgreSQL (TLS on, a self-signed
 * certificate; started and stopped here). The user meets the untrusted
 * certificate and the wrong password as plain sentences, tests, saves and sees
 * "Connected"; when the server dies the card says since when the office is
 * offline, and it is connected again once the server is back.
 */
import { OFFICE_DB, OWNER } from '../helpers/postgres';
import { expect, expectNoAxeViolations, shot, test } from './fixtures';
import { officeDatabase, openOfficeSettings } from './office-database';
import type {} from '../../src/renderer/src/lib/api';
import { pattern } from './ui';

test.use({ viewport: { width: 1280, height: 800 } });

const office = officeDatabase({ tls: true });

for (const language of ['en', 'zh-CN'] as const) {
  test(`the office outbox is set up in Settings, says what is wrong, and when it is offline (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const { l, errors, card, form } = await openOfficeSettings(page, preview, language);
    await expect(card.getByTestId('office-status')).toHaveText(l('office:settings.status.off'));
    await form.getByLabel(l('office:settings.host'), { exact: true }).fill('localhost');
    await form.getByLabel(l('office:settings.port'), { exact: true }).fill(String(office.server.port));
    await form.getByLabel(l('office:settings.database'), { exact: true }).fill(OFFICE_DB);
    await form.getByLabel(l('office:settings.user'), { exact: true }).fill(OWNER.user);
    await form.getByLabel(l('office:settings.password'), { exact: true }).fill(OWNER.password);
    await form.getByLabel(l('office:settings.displayName'), { exact: true }).fill('Li Na');

    // TLS is on by default; the test server's certificate is self-signed: not trusted, said plainly
    await form.getByRole('button', { name: l('office:settings.test'), exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText(l('errors:codes.office_tls_untrusted', { server: `localhost:${office.server.port}` }));
    await shot(page, `office-settings-untrusted-${language}`);

    // unencrypted to this computer is allowed; a wrong password is its own sentence
    await form.getByLabel(l('office:settings.tls'), { exact: true }).uncheck();
    await form.getByLabel(l('office:settings.password'), { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: l('office:settings.test'), exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText(l('errors:codes.office_bad_password'));
    await shot(page, `office-settings-bad-password-${language}`);

    await form.getByLabel(l('office:settings.password'), { exact: true }).fill(OWNER.password);
    await form.getByRole('button', { name: l('office:settings.test'), exact: true }).click();
    await expect(form.getByTestId('office-test-result')).toHaveText(pattern(language, 'office:settings.testOk'));
    await form.getByRole('button', { name: l('office:settings.save'), exact: true }).click();
    await expect(card.getByTestId('office-status')).toHaveText(l('office:settings.status.online'));
    // "Saved. Connecting…" goes once the status line says it is connected (it stayed beside "Connected")
    await expect(form.getByTestId('office-test-result')).toHaveText('');
    await expect(form.getByLabel(l('office:settings.password'), { exact: true })).toHaveValue('');
    await expect(card.getByText(l('office:settings.passwordStored'), { exact: true })).toBeVisible();
    await shot(page, `office-settings-connected-${language}`);
    await expectNoAxeViolations(page);

    // the server dies: the card says since when the office is offline (pushed by main, nothing polls)
    office.server.kill();
    await expect(card.getByTestId('office-status')).toContainText(pattern(language, 'office:settings.status.offline', false), { timeout: 40_000 });
    await shot(page, `office-settings-offline-${language}`);
    await expectNoAxeViolations(page);
    await office.server.start();
    await expect(card.getByTestId('office-status')).toHaveText(l('office:settings.status.online'), { timeout: 90_000 });

    // stop sharing asks first
    await form.getByRole('button', { name: l('office:settings.remove'), exact: true }).click();
    const ask = form.getByRole('alertdialog');
    await expect(ask).toContainText(l('office:settings.removeConfirm'));
    await ask.getByRole('button', { name: l('office:settings.remove'), exact: true }).click();
    await expect(card.getByTestId('office-status')).toHaveText(l('office:settings.status.off'));
    expect(errors).toEqual([]);
  });
}
