/**
 * Directory bind passwords in the OS keychain, one entry per server + bind
 * DN, so a password only ever goes back to the server it was typed for: a
 * directory whose URL or bind DN changes finds no password and the user types
 * it again (as git credential helpers key by host). This is the only module
 * that touches the secret store for directories, so a change in how the
 * store keys its entries stays here.
 */
import { loadKeytar, type KeytarLike } from '../credentials/secret-store';
import { UserError } from '../errors';
import { registerSecretForRedaction } from '../log';

export interface BindPasswords {
  get(url: string, bindDn: string): Promise<string | null>;
  set(url: string, bindDn: string, password: string): Promise<void>;
  clear(url: string, bindDn: string): Promise<void>;
  readonly kind: 'keychain' | 'memory';
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
  /** 'memory' where the system has no usable keychain (the API secret's store decided) */
  kind: 'keychain' | 'memory';
  keytar?: KeytarLike;
}

export function createBindPasswords(options: BindPasswordOptions): BindPasswords {
  if (options.kind === 'memory') {
    const values = new Map<string, string>();
    return {
      kind: 'memory',
      async get(url, bindDn) {
        return values.get(bindPasswordAccount(url, bindDn)) ?? null;
      },
      async set(url, bindDn, password) {
        registerSecretForRedaction(password);
        values.set(bindPasswordAccount(url, bindDn), password);
      },
      async clear(url, bindDn) {
        values.delete(bindPasswordAccount(url, bindDn));
      },
    };
  }
  let keytar: Promise<KeytarLike> | null = options.keytar ? Promise.resolve(options.keytar) : null;
  const service = options.service;
  // keytar's errors carry OS messages; the user gets one plain sentence instead.
  const guarded = async <T>(op: (k: KeytarLike) => Promise<T>): Promise<T> => {
    try {
      return await op(await (keytar ??= loadKeytar()));
    } catch {
      throw new UserError('directory.keychain_failed', 'The system keychain did not respond. Unlock it (or sign in again) and try once more.');
    }
  };
  return {
    kind: 'keychain',
    async get(url, bindDn) {
      const v = await guarded((k) => k.getPassword(service, bindPasswordAccount(url, bindDn)));
      if (v) registerSecretForRedaction(v);
      return v || null;
    },
    async set(url, bindDn, password) {
      // Kept as typed: spaces may be part of a password.
      registerSecretForRedaction(password);
      await guarded((k) => k.setPassword(service, bindPasswordAccount(url, bindDn), password));
    },
    async clear(url, bindDn) {
      await guarded((k) => k.deletePassword(service, bindPasswordAccount(url, bindDn)));
    },
  };
}
