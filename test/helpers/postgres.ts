/**
 * A real, throwaway PostgreSQL cluster for tests (Debian's postgresql): initdb
 * into a temp folder, one loopback port found free first, password logins
 * (scram-sha-256) over TCP only, optionally TLS with a self-signed
 * certificate. The server refuses to run as root, so when the tests run as
 * root the cluster belongs to the `postgres` user (runuser). `stop()` stops it
 * and removes its folder; call it in afterAll so a failing test never leaves a
 * server behind.
 *
 * Roles made for every cluster:
 * - ADMIN (superuser, owns everything): for the test's own look-ups;
 * - OWNER owns the database OFFICE_DB (may create the schema: the first run);
 * - NO_RIGHTS may log in and connect, nothing else.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { until } from './until';

export const ADMIN = { user: 'pgadmin', password: 'Adm-4k!secret' };
export const OWNER = { user: 'faxdesk_owner', password: 'Own-7z#secret' };
export const NO_RIGHTS = { user: 'faxdesk_nobody', password: 'Nob-2q%secret' };
export const OFFICE_DB = 'office';

export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export function postgresMissing(): string | null {
  return postgresBinDir() ? null : 'PostgreSQL is not installed (apt-get install postgresql)';
}

export interface RunningPostgres {
  host: '127.0.0.1';
  port: number;
  /** the self-signed certificate (PEM) when started with tls */
  certPem: string | null;
  dir: string;
  /** a client as the superuser, on OFFICE_DB unless told otherwise (the caller ends it) */
  admin(database?: string): Promise<pg.Client>;
  /** the server is killed at once, as a crash would (kill -9 of the postmaster) */
  kill(): void;
  /** starts it again on the same port after kill */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program as the cluster's owner; throws with its output when it fails. */
function run(bin: string, args: string[], what: string): string {
  const cmd = asRoot ? 'runuser' : bin;
  const argv = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.stdout || r.error?.message}`);
  return r.stdout;
}

function chownToPostgres(p: string): void {
  if (!asRoot) return;
  const r = spawnSync('chown', ['-R', 'postgres:postgres', p]);
  if (r.status !== 0) throw new Error(`chown ${p} failed: ${r.stderr}`);
}

function selfSignedCert(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'server.crt');
  const key = path.join(dir, 'server.key');
  const r = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  fs.chmodSync(key, 0o600);
  return { cert, key };
}

export async function startPostgres(options: { tls?: boolean } = {}): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresMissing() ?? 'no PostgreSQL');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const pwfile = path.join(dir, 'pw');
  fs.writeFileSync(pwfile, ADMIN.password);
  const port = await freePort();
  let certPem: string | null = null;
  const started = { running: false };
  const ctl = (args: string[], what: string) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args], what);
  const start = async () => {
    // after a kill -9 the old backends may hold the shared memory for a moment: try again until they are gone
    let last: Error | null = null;
    const tryStart = () => {
      try {
        ctl(['-w', '-t', '30', '-l', log, 'start'], 'pg_ctl start');
        return true;
      } catch (e) {
        last = e as Error;
        return false;
      }
    };
    await until('pg_ctl start', tryStart, 10_000, 200).catch(() => {
      throw new Error(`${last?.message}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : ''}`);
    });
    started.running = true;
  };
  try {
    chownToPostgres(dir);
    run(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', ADMIN.user, `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=reject', '-E', 'UTF8', '--locale=C', '--no-sync'],
      'initdb',
    );
    fs.rmSync(pwfile);
    const conf: string[] = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      'fsync = off',
      // synchronous_commit stays on (the default): off, a kill -9 loses commits the server had
      // already acknowledged, which no client can make up for (the crash test saw it). fsync = off only
      // risks data on an operating-system crash, which tests do not cause.
      'full_page_writes = off',
      'shared_buffers = 16MB',
      'max_connections = 60',
    ];
    if (options.tls) {
      const { cert, key } = selfSignedCert(dir);
      certPem = fs.readFileSync(cert, 'utf8');
      conf.push('ssl = on', `ssl_cert_file = '${cert}'`, `ssl_key_file = '${key}'`);
    }
    fs.appendFileSync(path.join(data, 'postgresql.conf'), `\n${conf.join('\n')}\n`);
    chownToPostgres(dir);
    await start();
    const server: RunningPostgres = {
      host: '127.0.0.1',
      port,
      certPem,
      dir,
      async admin(database = OFFICE_DB) {
        const c = new pg.Client({ host: '127.0.0.1', port, user: ADMIN.user, password: ADMIN.password, database, ssl: false });
        await c.connect();
        return c;
      },
      kill() {
        const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
        started.running = false;
        // its children notice the postmaster is gone and end; the pid file stays, as after a crash
      },
      start,
      async stop() {
        try {
          if (started.running) ctl(['-m', 'immediate', 'stop'], 'pg_ctl stop');
        } catch {
          // already down (killed by the test): nothing to stop
        } finally {
          started.running = false;
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    };
    const c = await server.admin('postgres');
    try {
      await c.query(`CREATE ROLE ${OWNER.user} LOGIN PASSWORD '${OWNER.password}'`);
      await c.query(`CREATE ROLE ${NO_RIGHTS.user} LOGIN PASSWORD '${NO_RIGHTS.password}'`);
      await c.query(`CREATE DATABASE ${OFFICE_DB} OWNER ${OWNER.user}`);
    } finally {
      await c.end();
    }
    return server;
  } catch (e) {
    try {
      if (started.running) ctl(['-m', 'immediate', 'stop'], 'pg_ctl stop');
    } catch {
      // nothing more to do
    }
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Drops every table and sequence FaxDesk made (all named faxdesk_…), whatever the schema's version: a fresh office. */
export async function dropOfficeSchema(c: pg.Client): Promise<void> {
  const tables = (await c.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'faxdesk\\_%'")).rows;
  if (tables.length) await c.query(`DROP TABLE IF EXISTS ${tables.map((t) => `"${t.name}"`).join(', ')} CASCADE`);
  const seqs = (await c.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' AND sequencename LIKE 'faxdesk\\_%'")).rows;
  if (seqs.length) await c.query(`DROP SEQUENCE IF EXISTS ${seqs.map((t) => `"${t.name}"`).join(', ')} CASCADE`);
}

/** Every row of every table in the office database, as text: what "nothing written" compares. */
export async function officeDatabaseText(server: RunningPostgres): Promise<string> {
  const c = await server.admin();
  try {
    const tables = (
      await c.query<{ name: string }>(
        "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
      )
    ).rows.map((r) => r.name);
    const parts: string[] = [];
    for (const name of tables) {
      const rows = await c.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t ORDER BY 1`);
      parts.push(`${name}: ${rows.rows.map((r) => r.row).join(' ; ')}`);
    }
    return parts.join('\n');
  } finally {
    await c.end();
  }
}
