/**
 * Settings → Office outbox → "Test": each mistake the Done-when of #25 names,
 * against real servers, as the user meets it (office.spec.ts already covers
 * the self-signed certificate, the wrong password, "Connected" and "offline
 * since"): a port where nothing listens, a server on the port that is not
 * PostgreSQL (a plain TCP server greeting like SSH), a database that does not
 * exist, a role without rights, a schema set up by a newer FaxDesk. Real
 * PostgreSQL (TLS on with a self-signed certificate, so these are tested
 * unencrypted to this computer); each sentence within 5 s, in English and
 * Chinese, screenshot at 1280x800 and axe-clean; nothing written, neither in
 * the database (every row compared) nor on the desk.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { VERSION_TABLE } from '../../src/main/office/migrations';
import { openOffice } from '../../src/main/office/office-connection';
import { freePort, NO_RIGHTS, OFFICE_DB, officeDatabaseText, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { expect, expectNoAxeViolations, screenshotDir, test } from './fixtures';
import { openOfficeSettings } from './office-database';
import type {} from '../../src/renderer/src/lib/api';

test.use({ viewport: { width: 1280, height: 800 } });

let pgServer: RunningPostgres;
let notPostgres: net.Server;
let notPostgresPort = 0;
const sockets = new Set<net.Socket>();

test.beforeAll(async () => {
  test.skip(postgresMissing() !== null, postgresMissing() ?? '');
  pgServer = await startPostgres({ tls: true });
  // the schema exists (set up by the owner), so "nothing written" compares real rows
  const office = await openOffice(
    { host: '127.0.0.1', port: pgServer.port, database: OFFICE_DB, user: OWNER.user, password: OWNER.password, tls: false, allowPlain: false },
    { appliedBy: 'ADMIN-PC' },
  );
  await office.pool.query("INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('d-0', 'Li Na', 'RECEPTION-PC')");
  await office.close();
  // a plain TCP server on loopback that greets like another service and closes: not PostgreSQL
  notPostgres = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.end('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n');
  });
  await new Promise<void>((r) => notPostgres.listen(0, '127.0.0.1', () => r()));
  notPostgresPort = (notPostgres.address() as net.AddressInfo).port;
});
test.afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => (notPostgres ? notPostgres.close(() => r()) : r()));
  await pgServer?.stop();
});

/** Every row of every table in the office database, as text: what "nothing written" compares. */
const snapshot = (): Promise<string> => officeDatabaseText(pgServer);

/** The card in view, the alert in the middle of a 1280x800 screenshot. */
async function shotOfCard(page: Page, name: string): Promise<void> {
  const alert = page.getByTestId('office-form').getByRole('alert');
  await alert.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

interface Case {
  name: string;
  fields: { port?: number; database?: string; user?: string };
  password: string;
  key: string;
  server: boolean;
  setUp?: () => Promise<void>;
  tearDown?: () => Promise<void>;
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`Office outbox "Test" says each mistake in its own words within 5 s and writes nothing (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const { l, errors, card, form } = await openOfficeSettings(page, preview, language);
    const field = (key: string) => form.getByLabel(l(`office:settings.${key}`), { exact: true });
    await field('host').fill('127.0.0.1');
    await field('displayName').fill('Li Na');
    // unencrypted to this computer: allowed without asking (the self-signed certificate is office.spec.ts's)
    await field('tls').uncheck();

    const admin = await pgServer.admin();
    const cases: Case[] = [
      { name: 'unreachable', fields: { port: await freePort() }, password: OWNER.password, key: 'office_unreachable', server: true },
      { name: 'not-postgres', fields: { port: notPostgresPort }, password: OWNER.password, key: 'office_not_postgres', server: true },
      { name: 'no-database', fields: { database: 'no_such_office' }, password: OWNER.password, key: 'office_no_database', server: true },
      { name: 'no-permission', fields: { user: NO_RIGHTS.user }, password: NO_RIGHTS.password, key: 'office_no_permission', server: false },
      {
        name: 'schema-newer',
        fields: {},
        password: OWNER.password,
        key: 'office_schema_newer',
        server: false,
        setUp: async () => void (await admin.query(`INSERT INTO ${VERSION_TABLE} (version, name, applied_by) VALUES (99, 'from the future', 'NEWER-PC')`)),
        tearDown: async () => void (await admin.query(`DELETE FROM ${VERSION_TABLE} WHERE version = 99`)),
      },
    ];
    const before = await snapshot();
    try {
      for (const k of cases) {
        await k.setUp?.();
        try {
          const expected = await snapshot();
          const port = k.fields.port ?? pgServer.port;
          await field('port').fill(String(port));
          await field('database').fill(k.fields.database ?? OFFICE_DB);
          await field('user').fill(k.fields.user ?? OWNER.user);
          await field('password').fill(k.password);
          const t0 = Date.now();
          await form.getByRole('button', { name: l('office:settings.test'), exact: true }).click();
          const sentence = l(`errors:codes.${k.key}`, k.server ? { server: `127.0.0.1:${port}` } : {});
          await expect(form.getByRole('alert'), k.name).toHaveText(sentence, { timeout: 5_000 });
          expect(Date.now() - t0, `${k.name}: the answer took too long`).toBeLessThan(5_000);
          // nothing written by a Test that failed
          expect(await snapshot(), `${k.name} wrote to the office database`).toBe(expected);
          await shotOfCard(page, `office-settings-${k.name}-${language}`);
          await expectNoAxeViolations(page);
        } finally {
          await k.tearDown?.();
        }
      }
    } finally {
      await admin.end();
    }
    expect(await snapshot()).toBe(before);
    // nor on this desk: no settings saved, no password kept, still off
    expect(fs.existsSync(path.join(preview.dataDir, 'office.json'))).toBe(false);
    await expect(card.getByTestId('office-status')).toHaveText(l('office:settings.status.off'));
    await expect(card.getByText(l('office:settings.passwordMissing'), { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
