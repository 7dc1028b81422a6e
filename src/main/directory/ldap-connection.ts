/**
 * One LDAP session with ldapts: connect (ldaps://, or ldap:// with StartTLS,
 * or plain ldap:// where allowed), bind, run the caller's searches, unbind.
 * Every failure becomes a UserError whose code says which of the things a
 * user can fix went wrong: the address, the certificate, the credentials,
 * the base DN, the limits.
 */
import net from 'node:net';
import type tls from 'node:tls';
import {
  Client,
  ConfidentialityRequiredError,
  FilterParser,
  InappropriateAuthError,
  InsufficientAccessError,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  NoSuchObjectError,
  ResultCodeError,
  SizeLimitExceededError,
  StrongAuthRequiredError,
  TimeLimitExceededError,
  UnwillingToPerformError,
} from 'ldapts';
import type { DirectoryFields } from '../../shared/directory/types';
import { guardedSink, type ByteGuard } from './byte-guard';
import { CAN_READ_SYSTEM_CA, systemCertificates, UNREACHABLE_CODES, UNTRUSTED_CERT_CODES } from '../net/tls-trust';
import { UserError } from '../errors';

export const LDAP_LIMITS = {
  connectMs: 5_000,
  /** each LDAP operation on the client side */
  operationMs: 15_000,
  /** asked of the server for each search */
  serverTimeLimitS: 10,
  /** below any server's usual size limit (AD: 1000, OpenLDAP: 500) */
  pageSize: 100,
};

export type Security = 'ldaps' | 'starttls' | 'none';

export interface ConnectionTarget extends Pick<DirectoryFields, 'url' | 'startTls' | 'allowPlain' | 'bindDn'> {
  password: string | null;
}

export interface ConnectionOptions {
  signal?: AbortSignal | undefined;
  /**
   * A server that has not yet answered in LDAP this session: every failure
   * before its first LDAP answer (nothing listens, a reset, another program,
   * an ldaps certificate, a silence) gets the same sentence, so the window
   * cannot tell them apart and map the network with it.
   */
  probe?: boolean | undefined;
  /** the byte limits (default DIRECTORY_BYTE_LIMITS; tests make them small) */
  byteLimits?: { entryBytes: number; searchBytes: number } | undefined;
  /** told once the server has answered in LDAP (a bind, StartTLS or search result, or an LDAP error) */
  onLdapAnswer?: (() => void) | undefined;
  /** extra trust anchors (PEM) beside Node's and the system's: a test's own CA */
  extraCa?: string[] | undefined;
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  // only the literal name: a resolver may send *.localhost (or a hosts-file entry) elsewhere
  if (h === 'localhost') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** Where the connection will be encrypted; refuses plain ldap:// to another host unless the user allowed it. */
export function securityOf(fields: Pick<DirectoryFields, 'url' | 'startTls' | 'allowPlain'>): Security {
  const u = new URL(fields.url);
  if (u.protocol === 'ldaps:') return 'ldaps';
  if (fields.startTls) return 'starttls';
  if (isLoopbackHost(u.hostname) || fields.allowPlain) return 'none';
  const message =
    'This address sends the password and the search unencrypted over the network. Use ldaps://, or turn on StartTLS, or (only on a network you trust) allow an unencrypted connection.';
  throw new UserError('directory.plain_refused', message, { url: [message] });
}

/** The base filter, parenthesised, checked by ldapts' own parser. */
export function checkedFilter(filter: string): string {
  const f = filter.trim() || '(objectClass=*)';
  const wrapped = f.startsWith('(') ? f : `(${f})`;
  try {
    FilterParser.parseString(wrapped);
  } catch {
    const message = 'This is not a valid LDAP filter, e.g. (facsimileTelephoneNumber=*).';
    throw new UserError('directory.bad_filter', message, { filter: [message] });
  }
  return wrapped;
}

/** Node's bundled roots plus the system's, so a company CA installed on the computer is trusted (Node 22.15+). */
function trustAnchors(extra: string[] | undefined): string[] | undefined {
  if (!CAN_READ_SYSTEM_CA && !extra?.length) return undefined;
  return [...systemCertificates(), ...(extra ?? [])];
}

const UNTRUSTED = UNTRUSTED_CERT_CODES;
const UNREACHABLE = UNREACHABLE_CODES;

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.host;
  } catch {
    return url;
  }
}

/** The sentence for a failure, by what the user can do about it. */
export function describeFailure(e: unknown, url: string, aborted: boolean, password: string | null = null): UserError {
  if (e instanceof UserError) return e;
  if (aborted) return new UserError('directory.canceled', 'The search was canceled.');
  const host = hostOf(url);
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (typeof code === 'string' && UNTRUSTED.has(code)) {
    return new UserError(
      'directory.tls_untrusted',
      `The certificate of ${host} is not trusted (it is self-signed or from an unknown authority). Ask your administrator to install the company's certificate authority on this computer.`,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new UserError('directory.tls_name', `The certificate of ${host} is issued for another name. Use the server name written in its certificate.`);
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return new UserError('directory.tls_expired', `The certificate of ${host} has expired or is not valid yet. Ask your administrator to renew it.`);
  }
  if (e instanceof InvalidCredentialsError || e instanceof InappropriateAuthError) {
    return new UserError('directory.bad_credentials', 'The directory refused the bind DN or the password. Check both and enter the password again.');
  }
  if (e instanceof StrongAuthRequiredError || e instanceof ConfidentialityRequiredError) {
    return new UserError('directory.tls_required', 'The directory requires an encrypted connection: use ldaps:// or turn on StartTLS.');
  }
  if (e instanceof NoSuchObjectError || e instanceof InvalidDNSyntaxError) {
    return new UserError('directory.bad_base', 'The base DN does not exist on this server. Check it with your administrator, e.g. ou=people,dc=example,dc=com.');
  }
  if (e instanceof InsufficientAccessError || e instanceof UnwillingToPerformError) {
    return new UserError('directory.no_access', 'The directory does not let this account search. Bind with an account that may read the people entries.');
  }
  if (e instanceof SizeLimitExceededError) {
    return new UserError(
      'directory.size_limit',
      'The directory stopped returning entries at its size limit for this account. Narrow the search (more of the name), or ask your administrator to allow paged results for this account.',
    );
  }
  if (e instanceof TimeLimitExceededError || /timeout|timed out/i.test(message)) {
    return new UserError('directory.time_limit', `${host} did not answer in time. Try again, or narrow the search.`);
  }
  if ((typeof code === 'string' && UNREACHABLE.has(code)) || /connect|socket|closed/i.test(message)) {
    return new UserError('directory.unreachable', `FaxDesk cannot reach ${host}. Check the address and port, and that this computer is on the office network.`);
  }
  if (e instanceof ResultCodeError) {
    // The server's own words, which may echo what it was sent: never the password, in any form.
    return new UserError('directory.server_error', `The directory refused the request: ${withoutSecret(message, password).slice(0, 200)}`);
  }
  if (typeof code === 'string' && /^ERR_TLS|^ERR_SSL|CERT/.test(code)) {
    return new UserError('directory.tls_failed', `The encrypted connection to ${host} failed. Check that the port speaks ${url.startsWith('ldaps:') ? 'ldaps' : 'StartTLS'}.`);
  }
  return new UserError('directory.unreachable', `FaxDesk cannot talk to ${host}. Check the address and port.`);
}

/** The one answer a probe gets for every failure that is not an LDAP answer. */
export function noDirectoryAt(url: string): UserError {
  return new UserError(
    'directory.no_directory',
    `No LDAP directory answered at ${hostOf(url)}: nothing listens there, it is another kind of server, it did not answer in time, or its certificate is not trusted by this computer. Check the address, the port and the encryption setting with your administrator.`,
  );
}

/** A server's text without the password, raw or in the forms it may be echoed in (URL-encoded, base64). */
function withoutSecret(text: string, password: string | null): string {
  if (!password) return text;
  const forms = new Set([password, encodeURIComponent(password), Buffer.from(password, 'utf8').toString('base64')].filter((f) => f.length > 0));
  let out = text;
  for (const f of forms) out = out.split(f).join('[redacted]');
  return out;
}

/** Whether a failure came after the server spoke LDAP: an LDAP result code, or a certificate refused after StartTLS was accepted. */
function isLdapAnswer(e: unknown, security: Security): boolean {
  if (e instanceof ResultCodeError) return true;
  const code = (e as { code?: unknown } | null)?.code;
  return security === 'starttls' && typeof code === 'string' && (UNTRUSTED.has(code) || /^ERR_TLS|^ERR_SSL|CERT/.test(code));
}

/**
 * Runs `work` on a bound client. The client is always unbound; an abort
 * closes the socket, which ends whatever is in flight.
 */
export async function withDirectory<T>(
  target: ConnectionTarget,
  options: ConnectionOptions,
  work: (client: Client, security: Security, guard: ByteGuard) => Promise<T>,
): Promise<T> {
  const security = securityOf(target);
  const u = new URL(target.url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const ca = trustAnchors(options.extraCa);
  const tlsOptions: tls.ConnectionOptions = {
    rejectUnauthorized: true,
    ...(net.isIP(host) ? {} : { servername: host }),
    ...(ca ? { ca } : {}),
  };
  if (target.bindDn && !target.password) {
    throw new UserError('directory.no_password', 'Enter the password for this bind DN: FaxDesk keeps one per server and bind DN.');
  }
  const client = new Client({
    url: `${u.protocol}//${u.host}`,
    connectTimeout: LDAP_LIMITS.connectMs,
    timeout: LDAP_LIMITS.operationMs,
    // ldapts opens TLS from the first byte whenever tlsOptions are given: only for ldaps://.
    ...(security === 'ldaps' ? { tlsOptions } : {}),
  });
  // Every byte the server sends passes the byte limits before ldapts buffers it (byte-guard.ts).
  const inner = client as unknown as { socketDataHandler: (data: Buffer) => void; socket?: net.Socket };
  const parse = inner.socketDataHandler;
  const { write, guard } = guardedSink((data) => parse(data), () => inner.socket?.destroy(), options.byteLimits);
  inner.socketDataHandler = write;
  const signal = options.signal;
  let spoke = false;
  const answered = () => {
    if (spoke) return;
    spoke = true;
    options.onLdapAnswer?.();
  };
  const onAbort = () => void client.unbind().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted) throw new UserError('directory.canceled', 'The search was canceled.');
    // Upgrading a socket, Node checks the certificate against `host` (else "localhost"): name the server.
    if (security === 'starttls') {
      await client.startTLS({ ...tlsOptions, host });
      answered();
    }
    if (target.bindDn && target.password) {
      await client.bind(target.bindDn, target.password);
      answered();
    }
    const result = await work(client, security, guard);
    answered();
    return result;
  } catch (e) {
    const aborted = signal?.aborted ?? false;
    if (!(e instanceof UserError) && !aborted && isLdapAnswer(e, security)) answered();
    if (options.probe && !spoke && !aborted && !(e instanceof UserError)) throw noDirectoryAt(target.url);
    if (guard.tripped && !(e instanceof UserError)) {
      throw new UserError('directory.too_large', `${hostOf(target.url)} sent more data than FaxDesk reads from a directory at once, so the connection was ended. Ask your administrator to check the server.`);
    }
    throw describeFailure(e, target.url, aborted, target.password);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await client.unbind().catch(() => {});
  }
}
