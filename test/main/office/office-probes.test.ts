/**
 * "Test" in Settings → Office outbox dials whatever host and port the window
 * names: a compromised window could map the office network with it. Dials of
 * a server that has not answered in PostgreSQL are counted, ten a minute;
 * the eleventh within the minute is refused before any connection is made,
 * one more is allowed once the minute has passed, and a server that answered
 * as PostgreSQL can be tested again freely (a user fixing a password).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import type { OfficeInput } from '@shared/office/types';
import { OFFICE_DB, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';
import { makeTestServices } from '../../helpers/services';

const missing = postgresMissing();
let pgServer: RunningPostgres;
let listener: net.Server;
let accepted = 0;
let freePort = 0;

beforeAll(async () => {
  // a port where something listens that is not PostgreSQL: each dial of it is seen
  listener = net.createServer((s) => {
    accepted += 1;
    s.end('SSH-2.0-OpenSSH_9.2\r\n');
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
  freePort = (listener.address() as net.AddressInfo).port;
  if (!missing) pgServer = await startPostgres();
});
afterAll(async () => {
  listener?.close();
  await pgServer?.stop();
});

const input = (port: number, password = 'wrong'): OfficeInput => ({
  fields: { host: '127.0.0.1', port, database: OFFICE_DB, user: OWNER.user, tls: false, allowPlain: false, displayName: 'Li Na' },
  password,
  caFile: 'none',
});

describe.skipIf(missing !== null)('the office outbox test is no network probe', () => {
  it('refuses the 11th dial of a non-PostgreSQL port within a minute without dialling, allows one after the minute; a PostgreSQL server is not counted', async () => {
    let now = 5_000_000;
    const t = await makeTestServices({}, { officeNow: () => now });
    try {
      const test = (i: OfficeInput) => dispatch(t.services.handlers, 'testOffice', i);
      // the real server answers (a wrong password) as often as the user asks: only its first dial counts
      for (let i = 0; i < 12; i++) {
        const r = await test(input(pgServer.port));
        expect(!r.ok && r.error.code).toBe('office.bad_password');
      }
      for (let i = 0; i < 9; i++) {
        now += 1_000;
        const r = await test(input(freePort));
        expect(!r.ok && r.error.code).toBe('office.not_postgres');
      }
      expect(accepted).toBe(9);
      now = 5_000_000 + 60_000 - 1; // the first of the ten (the PostgreSQL server's) is still within the minute
      const refused = await test(input(freePort));
      expect(!refused.ok && refused.error.code).toBe('office.too_many_tests');
      expect(accepted).toBe(9);
      now += 1; // exactly a minute after the first: one more may go
      const again = await test(input(freePort));
      expect(!again.ok && again.error.code).toBe('office.not_postgres');
      expect(accepted).toBe(10);
    } finally {
      await t.cleanup();
    }
  });
});
