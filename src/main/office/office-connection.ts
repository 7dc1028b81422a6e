/**
 * Connections to the office database with node-postgres: the protection
 * decided before connecting (protection.ts), TLS verified against the
 * system's authorities plus a CA file the user chose, at most two
 * connections per desk, every wait bounded. Every failure becomes a
 * UserError whose code says which thing the user or the administrator can
 * fix: the address, the server, the certificate, the password, the
 * database, the rights, the schema's version.
 */
import net from 'node:net';
import type tls from 'node:tls';
import type pg from 'pg';
import { withOfficeClient } from './checkout';
import type { OfficeFields, OfficeTestResult, Protection } from '../../shared/office/types';
import { UserError } from '../errors';
import { OFFICE_SCHEMA_VERSION, readOfficeVersion, runOfficeMigrations } from './migrations';
import { protectionOf } from './protection';
import { systemCertificates, UNREACHABLE_CODES, UNTRUSTED_CERT_CODES } from '../net/tls-trust';

/**
 * node-postgres, loaded when a desk first connects to an office server: most desks never do, and importing it
 * took ~55 ms of every start of main (and of the browser preview), measured with Node 24.
 */
async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

export const OFFICE_LIMITS = {
  /** connect, TLS and log-in together; "Test" answers within 5 s */
  connectMs: 4_000,
  /** each statement, on the server and on the client */
  statementMs: 4_000,
  /** a desk never holds more (the budget: 20 desks on one server) */
  poolMax: 2,
  idleMs: 30_000,
};

export interface OfficeTarget extends Pick<OfficeFields, 'host' | 'port' | 'database' | 'user' | 'tls' | 'allowPlain'> {
  password: string | null;
}

export interface OfficeConnectOptions {
  /** PEM certificates of the CA file the user chose, trusted beside the system's */
  extraCa?: string[] | undefined;
}

/** Node's bundled roots plus the system's, so a company CA installed on the computer is trusted (Node 22.15+). */
function trustAnchors(extra: string[] | undefined): string[] {
  return [...systemCertificates(), ...(extra ?? [])];
}

/** node-postgres' settings for a target; throws office.plain_refused / office.no_password before any byte is sent. */
export function officeClientConfig(target: OfficeTarget, options: OfficeConnectOptions = {}): { config: pg.ClientConfig; protection: Protection } {
  const protection = protectionOf(target);
  if (!target.password) {
    throw new UserError('office.no_password', 'Enter the password for this database user: FaxDesk keeps one per server, user and kind of connection.');
  }
  const host = target.host.replace(/^\[|\]$/g, '');
  const ssl: tls.ConnectionOptions | false =
    protection === 'tls-verified' ? { rejectUnauthorized: true, ca: trustAnchors(options.extraCa), ...(net.isIP(host) ? {} : { servername: host }) } : false;
  return {
    protection,
    config: {
      host,
      port: target.port,
      database: target.database,
      user: target.user,
      password: target.password,
      ssl,
      connectionTimeoutMillis: OFFICE_LIMITS.connectMs,
      statement_timeout: OFFICE_LIMITS.statementMs,
      query_timeout: OFFICE_LIMITS.statementMs + 500,
      application_name: 'FaxDesk',
    },
  };
}

const UNTRUSTED = UNTRUSTED_CERT_CODES;
const UNREACHABLE = UNREACHABLE_CODES;

/** The sentence for a failure, by what the user can do about it. The password is never part of it. */
export function describeOfficeFailure(e: unknown, target: Pick<OfficeFields, 'host' | 'port' | 'database' | 'user'>): UserError {
  if (e instanceof UserError) return e;
  const server = `${target.host}:${target.port}`;
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  const details = { server };
  if (typeof code === 'string' && UNTRUSTED.has(code)) {
    return new UserError(
      'office.tls_untrusted',
      `The certificate of ${server} is not trusted (it is self-signed or from an unknown authority). Choose the office's CA file in this card, or ask your administrator to install it on this computer.`,
      undefined,
      details,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new UserError('office.tls_name', `The certificate of ${server} is issued for another name. Use the server name written in its certificate.`, undefined, details);
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return new UserError('office.tls_expired', `The certificate of ${server} has expired or is not valid yet. Ask your administrator to renew it.`, undefined, details);
  }
  if (code === '28P01') {
    return new UserError('office.bad_password', `The database server refused the password for user ${target.user}. Check the user name and enter the password again.`, undefined, details);
  }
  if (code === '28000') {
    return new UserError(
      'office.not_allowed',
      `The database server does not let user ${target.user} connect from this computer this way. Ask your administrator to allow it in pg_hba.conf (with TLS).`,
      undefined,
      details,
    );
  }
  if (code === '3D000') {
    return new UserError('office.no_database', `There is no database ${target.database} on ${server}. Check the name, or ask your administrator to create it.`, undefined, details);
  }
  if (code === '42501') {
    return new UserError(
      'office.no_permission',
      `User ${target.user} may not use FaxDesk's tables in ${target.database}. Ask your administrator to grant the rights in FaxDesk's guide for administrators (docs/office-outbox.md).`,
      undefined,
      details,
    );
  }
  if (/does not support SSL/i.test(message)) {
    return new UserError(
      'office.tls_unavailable',
      `${server} does not offer TLS. Ask your administrator to turn on ssl in PostgreSQL, or (only on a network you trust) allow an unencrypted connection.`,
      undefined,
      details,
    );
  }
  if (/error establishing an SSL connection|terminated unexpectedly|unexpected message|invalid (message|response)/i.test(message)) {
    return new UserError('office.not_postgres', `${server} answered, but not as a PostgreSQL server. Check the port (PostgreSQL's is usually 5432).`, undefined, details);
  }
  if (/timeout|timed out/i.test(message)) {
    return new UserError('office.no_answer', `${server} did not answer in time. Check the port (PostgreSQL's is usually 5432) and that the server is running.`, undefined, details);
  }
  // 08: the connection broke; 57P0x: the server is shutting down, crashed or is starting
  if (typeof code === 'string' && (UNREACHABLE.has(code) || /^08|^57P0/.test(code))) {
    return new UserError('office.unreachable', `FaxDesk cannot reach ${server}. Check the address and port, and that this computer is on the office network.`, undefined, details);
  }
  if (typeof code === 'string' && /^ERR_TLS|^ERR_SSL|CERT/.test(code)) {
    return new UserError('office.tls_failed', `The encrypted connection to ${server} failed. Check that the server has TLS turned on.`, undefined, details);
  }
  return new UserError('office.failed', `The office database at ${server} refused the request. Try again; if it keeps happening, show this to your administrator.`, undefined, details);
}

export function schemaNewerError(found: number): UserError {
  return new UserError(
    'office.schema_newer',
    `The office database was set up by a newer FaxDesk (schema ${found}, this one knows up to ${OFFICE_SCHEMA_VERSION}). Update FaxDesk on this computer to share faxes with the office.`,
    undefined,
    { found, known: OFFICE_SCHEMA_VERSION },
  );
}


const TABLES = ['faxdesk_desks', 'faxdesk_tasks', 'faxdesk_recipients', 'faxdesk_send_claims', 'faxdesk_poll_leases'];
/** the poll leases number the answers they keep (nextval needs USAGE) */
const SEQUENCES = ['faxdesk_poll_response_seq'];

/** The rights this user lacks on this schema version, by name; empty when it may do what FaxDesk does. */
async function missingRights(client: pg.Client, schemaVersion: number): Promise<string[]> {
  if (schemaVersion < OFFICE_SCHEMA_VERSION) {
    // the first run (or an upgrade) creates tables
    const r = await client.query<{ ok: boolean }>("SELECT coalesce(has_schema_privilege(current_schema(), 'CREATE'), false) AS ok");
    return r.rows[0]?.ok ? [] : ['CREATE'];
  }
  const r = await client.query<{ t: string; ok: boolean }>(
    "SELECT t, has_table_privilege(t, 'SELECT, INSERT, UPDATE') AS ok FROM unnest($1::text[]) AS t",
    [TABLES],
  );
  const q = await client.query<{ t: string; ok: boolean }>("SELECT t, has_sequence_privilege(t, 'USAGE') AS ok FROM unnest($1::text[]) AS t", [SEQUENCES]);
  return [...r.rows, ...q.rows].filter((row) => !row.ok).map((row) => row.t);
}

/**
 * "Test": connects, reads the server's and the schema's versions and checks
 * the user's rights; writes nothing (no table, no row, no lock). Settles
 * within OFFICE_LIMITS.connectMs + two statements.
 */
export async function testOfficeConnection(target: OfficeTarget, options: OfficeConnectOptions = {}): Promise<OfficeTestResult> {
  const { config, protection } = officeClientConfig(target, options);
  let client: pg.Client | null = null;
  try {
    client = new (await loadPg()).Client(config);
    // an error after connecting (the server going away) must not become an uncaught exception
    client.on('error', () => {});
    await client.connect();
    const schemaVersion = await readOfficeVersion(client);
    if (schemaVersion > OFFICE_SCHEMA_VERSION) throw schemaNewerError(schemaVersion);
    if ((await missingRights(client, schemaVersion)).length > 0) throw Object.assign(new Error('missing rights'), { code: '42501' });
    const v = await client.query<{ server_version: string }>('SHOW server_version');
    // "15.8 (Debian 15.8-0+deb12u1)": the version is the first word
    return { protection, serverVersion: (v.rows[0]?.server_version ?? '').split(' ')[0] ?? '', schemaVersion };
  } catch (e) {
    throw describeOfficeFailure(e, target);
  } finally {
    await client?.end().catch(() => {});
  }
}

export interface OpenOffice {
  pool: pg.Pool;
  protection: Protection;
  /** read-only when the schema is newer than this FaxDesk: never a write that could break it */
  mode: 'read-write' | 'read-only';
  schemaVersion: number;
  close(): Promise<void>;
}

export interface OpenOfficeOptions extends OfficeConnectOptions {
  /** the desk's computer name, recorded with each schema step it runs */
  appliedBy: string;
  /** pool errors on idle connections (the server restarted): logged, never thrown */
  onPoolError?: (e: UserError) => void;
}

/** Connects a pool of at most two connections and brings the schema up to date (or opens read-only when it is newer). */
export async function openOffice(target: OfficeTarget, options: OpenOfficeOptions): Promise<OpenOffice> {
  const { config, protection } = officeClientConfig(target, options);
  let Pool: typeof pg.Pool;
  try {
    ({ Pool } = await loadPg());
  } catch (e) {
    throw describeOfficeFailure(e, target);
  }
  const pool = new Pool({ ...config, max: OFFICE_LIMITS.poolMax, idleTimeoutMillis: OFFICE_LIMITS.idleMs });
  pool.on('error', (e) => options.onPoolError?.(describeOfficeFailure(e, target)));
  // Every connection keeps a listener for its whole life: pg-pool listens only while a connection is idle (and
  // pool.query once, for its own statement), so the server ending a connection the desk holds (a restart, an
  // administrator, the postmaster killed) was an uncaught exception in main. The statement in progress, or the
  // next one, fails on its own; the pool's 'error' above reports idle ones.
  pool.on('connect', (client) => client.on('error', () => {}));
  const close = async () => {
    await pool.end().catch(() => {});
  };
  try {
    return await withOfficeClient(pool, async (client) => {
      let mode: OpenOffice['mode'] = 'read-write';
      let schemaVersion: number;
      try {
        await runOfficeMigrations(client, { tooNew: schemaNewerError, appliedBy: options.appliedBy });
        schemaVersion = OFFICE_SCHEMA_VERSION;
      } catch (e) {
        if (!(e instanceof UserError && e.code === 'office.schema_newer')) throw e;
        mode = 'read-only';
        schemaVersion = await readOfficeVersion(client);
      }
      return { pool, protection, mode, schemaVersion, close };
    });
  } catch (e) {
    await close();
    throw describeOfficeFailure(e, target);
  }
}
