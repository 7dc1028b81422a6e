/**
 * A connection the office server ends while a desk holds it (a restart, an
 * administrator's pg_terminate_backend) is an error of the statement that
 * follows, never an uncaught exception in main — for the repeat guard's
 * transaction and every other checked-out connection — and the broken
 * connection is not handed out again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOfficeClient } from '@main/office/checkout';
import { OFFICE_DB, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';

const missing = postgresMissing();
if (missing) console.warn(`office checkout tests skipped: ${missing}`);

let server: RunningPostgres;
beforeAll(async () => {
  if (!missing) server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(missing !== null)('a connection the office server ends while the desk holds it', () => {
  it('fails the next statement, raises nothing uncaught, and is not handed out again', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    const pool = new pg.Pool({ host: '127.0.0.1', port: server.port, database: OFFICE_DB, user: OWNER.user, password: OWNER.password, max: 1 });
    pool.on('error', () => {});
    const admin = await server.admin();
    try {
      let firstPid = 0;
      const outcome = withOfficeClient(pool, async (client) => {
        firstPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        // ('end' follows the 'error' event; listening to it handles no error)
        const ended = new Promise((r) => client.once('end', r));
        await admin.query('SELECT pg_terminate_backend($1)', [firstPid]);
        // the server's goodbye arrives as an 'error' event while nothing is waiting on this connection
        await ended;
        await client.query('SELECT 1');
      });
      await expect(outcome).rejects.toThrow();
      expect(uncaught).toEqual([]);
      // the pool's one slot is free again, with a fresh connection
      const pid = await withOfficeClient(pool, async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
      expect(pid).not.toBe(firstPid);
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
      await pool.end();
    }
  });
});
