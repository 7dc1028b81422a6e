/**
 * Directory bind passwords in the OS keychain, one entry per server + bind
 * DN, so a password only ever goes back to the server it was typed for: a
 * directory whose URL or bind DN changes finds no password and the user types
 * it again (as git credential helpers key by host). Each is also bound to the
 * protection it was saved with (credentials/bound-passwords.ts): a directory
 * switched from StartTLS or ldaps to plain LDAP does not get it. This is the only module
 * that touches the secret store for directories, so a change in how the
 * store keys its entries stays here.
 */
import { createBoundPasswords, memoryKeytar, type BoundLookup, type Protection } from '../credentials/bound-passwords';
import { loadKeytar, type KeytarLike } from '../credentials/secret-store';
import { UserError } from '../errors';
import type { Security } from './ldap-connection';

export interface BindPasswords {
  /** the stored password when `security` protects the connection at least as well as when it was saved */
  lookup(url: string, bindDn: string, security: Security): Promise<BoundLookup>;
  set(url: string, bindDn: string, security: Security, password: string): Promise<void>;
  clear(url: string, bindDn: string): Promise<void>;
  readonly kind: 'keychain' | 'encrypted' | 'memory';
}

/** ldaps and StartTLS always verify the certificate here (rejectUnauthorized); plain is plain, loopback included. */
export function protectionOf(security: Security): Protection {
  return security === 'none' ? 'plain' : 'tls-verified';
}

const DEFAULT_PORTS: Record<string, string> = { 'ldap:': '389', 'ldaps:': '636' };

/** scheme://host[:port] in lower case, the port only when not the scheme's default (as the API secret's key writes an origin). */
export function canonicalServer(url: string): string {
  const u = new URL(url.trim());
  const port = u.port && u.port !== DEFAULT_PORTS[u.protocol] ? `:${u.port}` : '';
  return `${u.protocol}//${u.hostname.toLowerCase()}${port}`;
}

/** DNs compare case-insensitively and ignore spaces around separators. */
export function canonicalDn(dn: string): string {
  return dn.trim().replace(/\s*([,=+])\s*/g, '$1').toLowerCase();
}

/**
 * The keychain account: "<origin> <bind DN>". An origin has no space, so the
 * first space splits the two; the same shape as the API secret's entries
 * (origin + API key), so this module can move onto the keyed secret store
 * without moving anyone's password.
 */
export function bindPasswordAccount(url: string, bindDn: string): string {
  return `${canonicalServer(url)} ${canonicalDn(bindDn)}`;
}

export interface BindPasswordOptions {
  /** the keychain's service name (tests use their own) */
  service: string;
  /**
   * Where the API secret's store keeps secrets: the keychain; 'encrypted' is
   * the safeStorage file (pass its keytar), persisted like the API secret;
   * 'memory' only where neither exists (the browser preview).
   */
  kind: 'keychain' | 'encrypted' | 'memory';
  keytar?: KeytarLike;
}

export function createBindPasswords(options: BindPasswordOptions): BindPasswords {
  let keytar: Promise<KeytarLike> | null = options.keytar ? Promise.resolve(options.keytar) : options.kind === 'memory' ? Promise.resolve(memoryKeytar()) : null;
  const store = createBoundPasswords({
    service: options.service,
    keytar: () => (keytar ??= loadKeytar()),
    // keytar's errors carry OS messages; the user gets one plain sentence instead.
    failure: () => new UserError('directory.keychain_failed', 'The system keychain did not respond. Unlock it (or sign in again) and try once more.'),
  });
  return {
    kind: options.kind,
    lookup: (url, bindDn, security) => store.lookup(canonicalServer(url), canonicalDn(bindDn), protectionOf(security)),
    set: (url, bindDn, security, password) => store.set(canonicalServer(url), canonicalDn(bindDn), protectionOf(security), password),
    clear: (url, bindDn) => store.clear(canonicalServer(url), canonicalDn(bindDn)),
  };
}
