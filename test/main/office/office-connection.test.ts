/**
 * Connecting to the office database, against a real throwaway PostgreSQL
 * (TLS on, a self-signed certificate): each thing a user or administrator
 * can get wrong is its own plain message within 5 s, and "Test" writes
 * nothing. Then the first real connection sets the schema up once, a newer
 * schema is opened read-only and left untouched, and a desk holds at most
 * two connections.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '@main/errors';
import { createPollLease } from '@main/office/poll-lease';
import { OFFICE_MIGRATIONS, OFFICE_SCHEMA_VERSION, VERSION_TABLE } from '@main/office/migrations';
import { openOffice, testOfficeConnection, type OfficeTarget } from '@main/office/office-connection';
import { freePort, NO_RIGHTS, OFFICE_DB, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';

const missing = postgresMissing();
if (missing) console.warn(`office connection tests skipped: ${missing}`);

let pgServer: RunningPostgres;
const servers: net.Server[] = [];

beforeAll(async () => {
  if (!missing) pgServer = await startPostgres({ tls: true });
});
afterAll(async () => {
  for (const s of servers) s.close();
  await pgServer?.stop();
});

function target(over: Partial<OfficeTarget> = {}): OfficeTarget {
  return { host: '127.0.0.1', port: pgServer.port, database: OFFICE_DB, user: OWNER.user, password: OWNER.password, tls: true, allowPlain: false, ...over };
}
const trusted = () => ({ extraCa: [pgServer.certPem!] });

/** The code of the UserError `p` rejects with, and how long it took. */
async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; ms: number }> {
  const t0 = Date.now();
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return { code: (e as UserError).code, message: (e as UserError).message, ms: Date.now() - t0 };
  }
  throw new Error('expected a failure');
}

async function listen(server: net.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as net.AddressInfo).port;
}

async function tablesOf(): Promise<string[]> {
  const c = await pgServer.admin();
  try {
    const r = await c.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    return r.rows.map((x) => x.tablename);
  } finally {
    await c.end();
  }
}

describe.skipIf(missing)('office outbox: Test connection', () => {
  it('connects over verified TLS when the CA file is trusted, and writes nothing', async () => {
    const r = await testOfficeConnection(target(), trusted());
    expect(r).toMatchObject({ protection: 'tls-verified', schemaVersion: 0 });
    expect(r.serverVersion).toMatch(/^\d+/);
    expect(await tablesOf()).toEqual([]);
  });

  it('refuses a self-signed certificate that is not trusted', async () => {
    const f = await failure(testOfficeConnection(target()));
    expect(f.code).toBe('office.tls_untrusted');
    expect(f.ms).toBeLessThan(5_000);
  });

  it('says when nothing listens on the port', async () => {
    const f = await failure(testOfficeConnection(target({ port: await freePort() }), trusted()));
    expect(f.code).toBe('office.unreachable');
    expect(f.message).toContain('127.0.0.1');
  });

  it('says when the port speaks something else than PostgreSQL, with or without TLS', async () => {
    const port = await listen(http.createServer((_, res) => res.end('hello')));
    expect((await failure(testOfficeConnection(target({ port }), trusted()))).code).toBe('office.not_postgres');
    expect((await failure(testOfficeConnection(target({ port, tls: false }), trusted()))).code).toBe('office.not_postgres');
  });

  it('says when the port never answers, within 5 s', async () => {
    const port = await listen(net.createServer(() => {}));
    const f = await failure(testOfficeConnection(target({ port }), trusted()));
    expect(f.code).toBe('office.no_answer');
    expect(f.ms).toBeLessThan(5_000);
  });

  it('says when the server offers no TLS (it answers PostgreSQL’s TLS request with N)', async () => {
    const port = await listen(net.createServer((s) => s.once('data', () => s.write('N'))));
    expect((await failure(testOfficeConnection(target({ port }), trusted()))).code).toBe('office.tls_unavailable');
  });

  it('says the password is wrong, without the password', async () => {
    const f = await failure(testOfficeConnection(target({ password: 'not-the-Pw-31' }), trusted()));
    expect(f.code).toBe('office.bad_password');
    expect(f.message).not.toContain('not-the-Pw-31');
  });

  it('says the database is missing', async () => {
    expect((await failure(testOfficeConnection(target({ database: 'no_such_db' }), trusted()))).code).toBe('office.no_database');
  });

  it('asks for the password before connecting when none is stored', async () => {
    expect((await failure(testOfficeConnection(target({ password: null }), trusted()))).code).toBe('office.no_password');
  });

  it('refuses an unencrypted connection to another computer unless the user allowed it, before sending anything', async () => {
    // 192.0.2.1 is TEST-NET-1: nothing answers there, so a connection attempt would end as no_answer/unreachable instead
    const f = await failure(testOfficeConnection(target({ host: '192.0.2.1', tls: false }), trusted()));
    expect(f.code).toBe('office.plain_refused');
    expect(f.ms).toBeLessThan(100);
    // unencrypted to this computer needs no consent
    expect((await testOfficeConnection(target({ tls: false }))).protection).toBe('plain');
  });

  it('says a user without rights may not use the tables, before and after the schema exists', async () => {
    const nobody = target({ user: NO_RIGHTS.user, password: NO_RIGHTS.password });
    expect((await failure(testOfficeConnection(nobody, trusted()))).code).toBe('office.no_permission');
    const office = await openOffice(target(), { ...trusted(), appliedBy: 'TEST-PC' });
    await office.close();
    expect((await failure(testOfficeConnection(nobody, trusted()))).code).toBe('office.no_permission');
    // and such a user cannot set the schema up either: the same plain message, nothing half-made
    expect((await failure(openOffice(nobody, { ...trusted(), appliedBy: 'TEST-PC' }))).code).toBe('office.no_permission');
  });
});

describe.skipIf(missing)('office outbox: opening the database', () => {
  it('sets the schema up once, even when two desks start together', async () => {
    const [a, b] = await Promise.all([
      openOffice(target(), { ...trusted(), appliedBy: 'DESK-A' }),
      openOffice(target(), { ...trusted(), appliedBy: 'DESK-B' }),
    ]);
    try {
      expect([a.mode, b.mode]).toEqual(['read-write', 'read-write']);
      expect(a.schemaVersion).toBe(OFFICE_SCHEMA_VERSION);
      const c = await pgServer.admin();
      try {
        const r = await c.query(`SELECT version FROM ${VERSION_TABLE}`);
        expect(r.rows.map((x) => x.version)).toEqual(OFFICE_MIGRATIONS.map((m) => m.version));
      } finally {
        await c.end();
      }
      expect(await tablesOf()).toEqual(['faxdesk_desks', 'faxdesk_poll_leases', 'faxdesk_recipients', 'faxdesk_schema_migrations', 'faxdesk_send_claims', 'faxdesk_tasks']);
      // "Test" on a set-up database: the current version, all rights
      expect((await testOfficeConnection(target(), trusted())).schemaVersion).toBe(OFFICE_SCHEMA_VERSION);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a role with only the grants of docs/office-outbox.md can test, open and write, but not set the schema up', async () => {
    const setup = await openOffice(target(), { ...trusted(), appliedBy: 'DESK-A' });
    await setup.close();
    const c = await pgServer.admin();
    const desk = { user: 'faxdesk_desk', password: 'Desk-8w#secret' };
    try {
      await c.query(`CREATE ROLE ${desk.user} LOGIN PASSWORD '${desk.password}'`);
      // the guide's grants, word for word
      await c.query(`GRANT CONNECT ON DATABASE ${OFFICE_DB} TO ${desk.user}`);
      await c.query(`GRANT USAGE ON SCHEMA public TO ${desk.user}`);
      await c.query(`GRANT SELECT ON faxdesk_schema_migrations TO ${desk.user}`);
      await c.query(`GRANT SELECT, INSERT, UPDATE ON faxdesk_desks, faxdesk_tasks, faxdesk_recipients, faxdesk_send_claims, faxdesk_poll_leases TO ${desk.user}`);
      await c.query(`GRANT USAGE ON SEQUENCE faxdesk_poll_response_seq TO ${desk.user}`);
      const as = target({ user: desk.user, password: desk.password });
      expect((await testOfficeConnection(as, trusted())).schemaVersion).toBe(OFFICE_SCHEMA_VERSION);
      const office = await openOffice(as, { ...trusted(), appliedBy: 'DESK-B' });
      try {
        expect(office.mode).toBe('read-write');
        await office.pool.query("INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('d-1', 'Li Na', 'RECEPTION-PC') ON CONFLICT (desk_id) DO UPDATE SET display_name = EXCLUDED.display_name");
        await office.pool.query("INSERT INTO faxdesk_desks (desk_id, display_name, computer_name) VALUES ('d-1', 'Li Na', 'RECEPTION-PC') ON CONFLICT (desk_id) DO UPDATE SET display_name = EXCLUDED.display_name");
        await expect(office.pool.query('DELETE FROM faxdesk_desks')).rejects.toMatchObject({ code: '42501' });
        // the poll leases: a claim, and an answer numbered from the sequence
        const lease = createPollLease(office.pool, 'd-1');
        expect([...(await lease.claimOwn([{ taskRef: 'T-grants', status: 'pending' }], 1_000_000))]).toEqual(['T-grants']);
        await lease.record({ task_ref: 'T-grants', name: 'x', status: 'sending', scheduled_at: null, created_at: '2026-11-27 10:00:00', recipients: [] }, 1_000_000);
        await office.pool.query("DELETE FROM faxdesk_poll_leases WHERE task_ref = 'T-grants'").catch(() => {});
      } finally {
        await office.close();
      }
      // a schema step (as after an update) needs the owner: the same plain message, the schema untouched
      await c.query(`DELETE FROM ${VERSION_TABLE}`);
      await c.query(`INSERT INTO ${VERSION_TABLE} (version, name, applied_by) VALUES (0, 'pretend older', 'TEST')`);
      expect((await failure(testOfficeConnection(as, trusted()))).code).toBe('office.no_permission');
    } finally {
      await c.query(`DELETE FROM ${VERSION_TABLE}`);
      for (const m of OFFICE_MIGRATIONS) await c.query(`INSERT INTO ${VERSION_TABLE} (version, name, applied_by) VALUES ($1, $2, 'TEST')`, [m.version, m.name]);
      await c.query(`DROP OWNED BY ${desk.user}`);
      await c.query(`DROP ROLE ${desk.user}`);
      await c.end();
    }
  });

  it('holds at most two connections however many queries wait', async () => {
    const office = await openOffice(target(), { ...trusted(), appliedBy: 'DESK-A' });
    try {
      let peak = 0;
      const probe = async () => {
        const r = await office.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'FaxDesk' AND usename = $1",
          [OWNER.user],
        );
        peak = Math.max(peak, r.rows[0]!.n);
      };
      await Promise.all(Array.from({ length: 8 }, () => office.pool.query('SELECT pg_sleep(0.05)').then(probe)));
      expect(peak).toBeGreaterThanOrEqual(1);
      expect(peak).toBeLessThanOrEqual(2);
      expect(office.pool.totalCount).toBeLessThanOrEqual(2);
    } finally {
      await office.close();
    }
  });

  it('a connection the server ends while the desk holds it is no crash: the next statement gets a new one', async () => {
    const office = await openOffice(target(), { ...trusted(), appliedBy: 'DESK-A' });
    try {
      // Checked out, between statements: pg-pool listens for a connection's errors only while it is idle (and
      // pool.query only once, for its own statement). The server ending it (a restart, an administrator, the
      // postmaster killed) then reaches main as an uncaught exception — seen once in the office-faults test.
      const held = await office.pool.connect();
      const pid = (held as unknown as { processID: number }).processID;
      const ended = new Promise<void>((resolve) => held.once('end', () => resolve()));
      const admin = await pgServer.admin();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await ended;
      held.release(true);
      const r = await office.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(r.rows[0]!.one).toBe(1);
    } finally {
      await office.close();
    }
  });

  it('opens a newer FaxDesk’s schema read-only, leaves it untouched, and Test says to update', async () => {
    const c = await pgServer.admin();
    try {
      await c.query(`INSERT INTO ${VERSION_TABLE} (version, name, applied_by) VALUES (99, 'from the future', 'NEWER-PC')`);
      const before = await tablesOf();
      const f = await failure(testOfficeConnection(target(), trusted()));
      expect(f.code).toBe('office.schema_newer');
      expect(f.ms).toBeLessThan(5_000);
      const office = await openOffice(target(), { ...trusted(), appliedBy: 'DESK-A' });
      await office.close();
      expect(office).toMatchObject({ mode: 'read-only', schemaVersion: 99 });
      expect(await tablesOf()).toEqual(before);
      const r = await c.query(`SELECT version FROM ${VERSION_TABLE} ORDER BY version`);
      expect(r.rows.map((x) => x.version)).toEqual([...OFFICE_MIGRATIONS.map((m) => m.version), 99]);
    } finally {
      await c.query(`DELETE FROM ${VERSION_TABLE} WHERE version = 99`);
      await c.end();
    }
  });
});
