/**
 * Bad input in Settings → Office outbox → "Test", through main's IPC handler
 * as the window calls it (#25 "Bad input"): a wrong port, a server on the port
 * that is not PostgreSQL (a hand-written TCP server), a self-signed
 * certificate, a database of a newer schema, a role without rights. Each is
 * its own error code with its own plain sentence, comes
 * back within 5 s, and nothing is written: not in the office database (every
 * table's rows compared before and after), not on this desk (no settings
 * file, no stored password).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { VERSION_TABLE } from '@main/office/migrations';
import { openOffice } from '@main/office/office-connection';
import type { OfficeInput, OfficeView } from '@shared/office/types';
import { freePort, NO_RIGHTS, OFFICE_DB, officeDatabaseText, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';
import { makeTestServices, type TestServices } from '../../helpers/services';

const missing = postgresMissing();
if (missing) console.warn(`office bad-input tests skipped: ${missing}`);

let pgServer: RunningPostgres;
let t: TestServices;
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  if (missing) return;
  pgServer = await startPostgres({ tls: true });
  // the schema exists (set up by the owner), so "nothing written" is checked against real rows
  const office = await openOffice(
    { host: '127.0.0.1', port: pgServer.port, database: OFFICE_DB, user: OWNER.user, password: OWNER.password, tls: false, allowPlain: false },
    { appliedBy: 'ADMIN-PC' },
  );
  await office.pool.query("INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('d-0', 'Li Na', 'RECEPTION-PC')");
  await office.close();
  t = await makeTestServices();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
  await t?.cleanup();
  await pgServer?.stop();
});

async function listen(server: net.Server): Promise<number> {
  servers.push(server);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as net.AddressInfo).port;
}

/** Every row of every table in the office database, as text: what "nothing written" compares. */
const snapshot = (): Promise<string> => officeDatabaseText(pgServer);

const base = (): OfficeInput['fields'] => ({
  host: '127.0.0.1',
  port: pgServer.port,
  database: OFFICE_DB,
  user: OWNER.user,
  tls: false,
  allowPlain: false,
  displayName: 'Li Na',
});

/** "Test" through the IPC handler: the error as the window receives it, and how long it took. */
async function testFails(input: OfficeInput): Promise<{ code: string; message: string; ms: number }> {
  const t0 = Date.now();
  const r = await dispatch(t.services.handlers, 'testOffice', input);
  const ms = Date.now() - t0;
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return { code: r.error.code, message: r.error.message, ms };
}

describe.skipIf(missing)('office outbox: Test with bad input', () => {
  it('says each of five mistakes in its own plain words within 5 s, and writes nothing', async () => {
    const before = await snapshot();
    expect(before).toContain('Li Na');

    // a hand-written TCP server that greets like another service and closes: not PostgreSQL
    const otherPort = await listen(
      net.createServer((s) => {
        s.end('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n');
      }),
    );
    const c = await pgServer.admin();
    const cases: Array<{ what: string; input: OfficeInput; code: string; setUp?: () => Promise<void>; tearDown?: () => Promise<void> }> = [
      { what: 'wrong port', input: { fields: { ...base(), port: await freePort() }, password: OWNER.password, caFile: 'none' }, code: 'office.unreachable' },
      { what: 'not PostgreSQL', input: { fields: { ...base(), port: otherPort }, password: OWNER.password, caFile: 'none' }, code: 'office.not_postgres' },
      { what: 'self-signed certificate', input: { fields: { ...base(), tls: true }, password: OWNER.password, caFile: 'none' }, code: 'office.tls_untrusted' },
      {
        what: 'newer schema',
        input: { fields: base(), password: OWNER.password, caFile: 'none' },
        code: 'office.schema_newer',
        setUp: async () => void (await c.query(`INSERT INTO ${VERSION_TABLE} (version, name, applied_by) VALUES (99, 'from the future', 'NEWER-PC')`)),
        tearDown: async () => void (await c.query(`DELETE FROM ${VERSION_TABLE} WHERE version = 99`)),
      },
      { what: 'role without rights', input: { fields: { ...base(), user: NO_RIGHTS.user }, password: NO_RIGHTS.password, caFile: 'none' }, code: 'office.no_permission' },
    ];
    const seen: Array<{ what: string; code: string; message: string }> = [];
    try {
      for (const k of cases) {
        await k.setUp?.();
        const expected = await snapshot();
        try {
          const f = await testFails(k.input);
          expect(f.code, k.what).toBe(k.code);
          expect(f.ms, `${k.what} took ${f.ms} ms`).toBeLessThan(5_000);
          // plain: says what to do, carries no driver jargon, no password
          expect(f.message, k.what).toMatch(/Check|Ask|Choose|Update/);
          expect(f.message, k.what).not.toMatch(/ECONN|SQLSTATE|errno|stack|\bat \w+ \(|undefined|null/i);
          expect(f.message, k.what).not.toContain(String(k.input.password));
          expect(await snapshot(), `${k.what} wrote to the database`).toBe(expected);
          seen.push({ what: k.what, code: f.code, message: f.message });
        } finally {
          await k.tearDown?.();
        }
      }
    } finally {
      await c.end();
    }
    // five mistakes, five different answers (test/lint/error-codes.test.ts holds each code's en and zh-CN words)
    expect(new Set(seen.map((s) => s.code)).size).toBe(5);
    expect(new Set(seen.map((s) => s.message)).size).toBe(5);

    // nothing on this desk either: no settings file, no password kept
    expect(await snapshot()).toBe(before);
    expect(fs.existsSync(path.join(t.dataDir, 'office.json'))).toBe(false);
    const view = await dispatch(t.services.handlers, 'getOffice', undefined);
    expect(view.ok && (view.value as OfficeView)).toMatchObject({ configured: null, hasPassword: false });
  });
});
