/**
 * The office database password in the OS keychain, through the same store as
 * the directories' bind passwords (credentials/bound-passwords.ts): one entry
 * per server + user, bound to the protection it was saved with, and kept
 * exactly as typed (a PostgreSQL password may begin or end with a space; the
 * API secret's store trims, this one never does). A weaker connection than
 * the one it was saved for (unencrypted where it was saved for verified TLS)
 * never receives it: the lookup says it is stored for a stronger connection
 * and the user types it again, knowingly. This is the only module that
 * touches the keychain for the office, so a change in how entries are keyed
 * stays here.
 */
import type { OfficeFields, Protection } from '../../shared/office/types';
import { createBoundPasswords, memoryKeytar, type BoundLookup } from '../credentials/bound-passwords';
import { keychainAccountOf, loadKeytar, type CredentialKey, type KeytarLike } from '../credentials/secret-store';
import { UserError } from '../errors';

type Server = Pick<OfficeFields, 'host' | 'port' | 'user'>;

/** "postgresql://host:port": the keychain entry is "<that> <user>", read plainly in the system's keychain viewer. */
export function officeServer(server: Server): string {
  return `postgresql://${server.host.trim().toLowerCase()}:${server.port}`;
}

/**
 * Where an earlier build kept the password (the API secret's keyed store, one entry per protection,
 * the value trimmed): read once and moved to the bound entry.
 */
export function legacyOfficeKey(server: Server, protection: Protection): CredentialKey {
  return { origin: `postgresql+${protection}://${server.host.trim().toLowerCase()}:${server.port}`, account: server.user.trim() };
}
const LEGACY_STRONGEST_FIRST: readonly Protection[] = ['tls-verified', 'plain'];

export interface OfficePasswords {
  /** what is stored for this server and user, and whether `protection` may carry it */
  lookup(server: Server, protection: Protection): Promise<BoundLookup>;
  /** the password usable at `protection` (saved at it or at a weaker one), else null */
  get(server: Server, protection: Protection): Promise<string | null>;
  set(server: Server, protection: Protection, password: string): Promise<void>;
  /** removes this server and user's password */
  clear(server: Server): Promise<void>;
  readonly kind: 'keychain' | 'encrypted' | 'memory';
}

export interface OfficePasswordOptions {
  /** the keychain's service name (tests use their own) */
  service: string;
  /** where the API secret's store keeps secrets (see directory/bind-passwords.ts); 'encrypted' passes its keytar */
  kind: 'keychain' | 'encrypted' | 'memory';
  keytar?: KeytarLike;
}

export function createOfficePasswords(options: OfficePasswordOptions): OfficePasswords {
  let keytar: Promise<KeytarLike> | null = options.keytar ? Promise.resolve(options.keytar) : options.kind === 'memory' ? Promise.resolve(memoryKeytar()) : null;
  const kt = () => (keytar ??= loadKeytar());
  const failure = () => new UserError('credentials.keychain_failed', 'The system keychain did not respond. Unlock it (or sign in again) and try once more.');
  const store = createBoundPasswords({ service: options.service, keytar: kt, failure });
  const user = (s: Server) => s.user.trim();

  /** an earlier build's entries, strongest first: moved to the bound entry (written first, then deleted) */
  async function moveLegacy(server: Server): Promise<void> {
    const k = await kt().catch(() => {
      throw failure();
    });
    for (const p of LEGACY_STRONGEST_FIRST) {
      const account = keychainAccountOf(legacyOfficeKey(server, p));
      const old = await k.getPassword(options.service, account).catch(() => null);
      if (!old) continue;
      await store.set(officeServer(server), user(server), p, old);
      for (const q of LEGACY_STRONGEST_FIRST) await k.deletePassword(options.service, keychainAccountOf(legacyOfficeKey(server, q))).catch(() => false);
      return;
    }
  }

  async function lookup(server: Server, protection: Protection): Promise<BoundLookup> {
    const found = await store.lookup(officeServer(server), user(server), protection);
    if (found.state !== 'none') return found;
    await moveLegacy(server);
    return store.lookup(officeServer(server), user(server), protection);
  }

  return {
    kind: options.kind,
    lookup,
    async get(server, protection) {
      const found = await lookup(server, protection);
      return found.state === 'usable' ? found.password : null;
    },
    set: (server, protection, password) => store.set(officeServer(server), user(server), protection, password),
    async clear(server) {
      await store.clear(officeServer(server), user(server));
      const k = await kt().catch(() => {
        throw failure();
      });
      for (const p of LEGACY_STRONGEST_FIRST) await k.deletePassword(options.service, keychainAccountOf(legacyOfficeKey(server, p))).catch(() => false);
    },
  };
}
