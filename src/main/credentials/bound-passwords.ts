/**
 * Passwords for servers the user names (an LDAP directory's bind password,
 * the office database's), each bound to the server, the user AND the
 * protection of the connection it was saved with (DESIGN.md "Nothing private
 * in shared stores": every password bound to its server, user and the
 * protection it was saved with). A connection weaker than that (StartTLS
 * turned off, a verified certificate no longer checked) never receives it:
 * the caller learns that one is stored for a stronger connection, so it can
 * tell the user why they must type it again.
 *
 * The entry's key is "<server> <user>" (as before, so nobody's stored
 * password moves); its value records the protection beside the password. An
 * entry written before passwords were bound to protection (the bare
 * password) counts as saved with the strongest protection: it can only be
 * used where it cannot be weakened.
 */
import type { KeytarLike } from './secret-store';
import { registerSecretForRedaction } from '../log';

/** How a connection is protected, weakest first. */
export const PROTECTIONS = ['plain', 'tls-unverified', 'tls-verified'] as const;
export type Protection = (typeof PROTECTIONS)[number];

const rank = (p: Protection) => PROTECTIONS.indexOf(p);

/** True when a connection protected by `now` may carry a password saved with `savedWith`. */
export function protects(now: Protection, savedWith: Protection): boolean {
  return rank(now) >= rank(savedWith);
}

export type BoundLookup =
  | { state: 'none' }
  | { state: 'usable'; password: string; savedWith: Protection }
  /** stored for a stronger connection than this one: not handed out */
  | { state: 'weaker'; savedWith: Protection };

export interface BoundPasswords {
  lookup(server: string, user: string, now: Protection): Promise<BoundLookup>;
  set(server: string, user: string, protection: Protection, password: string): Promise<void>;
  clear(server: string, user: string): Promise<void>;
}

const MARK = 'faxdesk-bound-password/1';

/** The stored value: the password with the protection it was saved with. */
export function encodeBound(protection: Protection, password: string): string {
  return JSON.stringify({ kind: MARK, protection, password });
}

export function decodeBound(stored: string): { protection: Protection; password: string } {
  try {
    const v = JSON.parse(stored) as { kind?: unknown; protection?: unknown; password?: unknown };
    if (v && v.kind === MARK && typeof v.password === 'string' && PROTECTIONS.includes(v.protection as Protection)) {
      return { protection: v.protection as Protection, password: v.password };
    }
  } catch {
    // a bare password from before the binding
  }
  return { protection: 'tls-verified', password: stored };
}

/** An in-memory keytar: the store where nothing may be written to disk. */
export function memoryKeytar(): KeytarLike {
  const values = new Map<string, string>();
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    async getPassword(service, account) {
      return values.get(key(service, account)) ?? null;
    },
    async setPassword(service, account, password) {
      values.set(key(service, account), password);
    },
    async deletePassword(service, account) {
      return values.delete(key(service, account));
    },
  };
}

export interface BoundPasswordOptions {
  service: string;
  keytar: () => Promise<KeytarLike>;
  /** turns a backend failure into the caller's own error (its OS message is never shown) */
  failure: () => Error;
}

export function createBoundPasswords(options: BoundPasswordOptions): BoundPasswords {
  const { service } = options;
  const guarded = async <T>(op: (k: KeytarLike) => Promise<T>): Promise<T> => {
    try {
      return await op(await options.keytar());
    } catch {
      throw options.failure();
    }
  };
  const account = (server: string, user: string) => {
    if (!server || /\s/.test(server) || !user) throw new Error('a bound password needs a server and a user');
    return `${server} ${user}`;
  };
  return {
    async lookup(server, user, now) {
      const stored = await guarded((k) => k.getPassword(service, account(server, user)));
      if (!stored) return { state: 'none' };
      const { protection, password } = decodeBound(stored);
      if (!password) return { state: 'none' };
      registerSecretForRedaction(password);
      if (!protects(now, protection)) return { state: 'weaker', savedWith: protection };
      return { state: 'usable', password, savedWith: protection };
    },
    async set(server, user, protection, password) {
      registerSecretForRedaction(password);
      await guarded((k) => k.setPassword(service, account(server, user), encodeBound(protection, password)));
    },
    async clear(server, user) {
      await guarded((k) => k.deletePassword(service, account(server, user)));
    },
  };
}
