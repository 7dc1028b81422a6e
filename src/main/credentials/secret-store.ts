/**
 * Where the API secret lives: the OS keychain through keytar. keytar is an
 * optional, native dependency (it must compile where no prebuilt binary can be
 * fetched), so it is loaded lazily; where it cannot be used (not installed, no
 * Secret Service on Linux, a locked or missing keychain):
 * - inside Electron, the secret is encrypted with Electron's safeStorage into a
 *   file in the data folder (./safe-storage-keytar; what VS Code moved to),
 *   unless safeStorage itself has no real key;
 * - otherwise (the browser preview, or no usable safeStorage) it is kept in
 *   memory for this run only and the user is told so in plain words. It is
 *   never written to disk unencrypted.
 */
import { randomBytes } from 'node:crypto';
import { UserError } from '../errors';
import { registerSecretForRedaction, type Logger } from '../log';
import type { CredentialKey } from '../../shared/credential-key';
import { createSafeStorageKeytar, safeStorageUnusable, type SafeStorageLike } from './safe-storage-keytar';

export type { CredentialKey } from '../../shared/credential-key';

/**
 * Secrets keyed by the service they belong to (DESIGN.md "A credential
 * belongs to its service"). A secret is read back only for exactly the
 * origin and account it was stored under, so a changed address or key can
 * never receive it. Generic on purpose: the API secret (origin of the base
 * URL + API key) and an LDAP bind password (origin of the directory URL +
 * bind DN) live side by side.
 */
export interface SecretStore {
  get(key: CredentialKey): Promise<string | null>;
  set(key: CredentialKey, secret: string): Promise<void>;
  delete(key: CredentialKey): Promise<void>;
  has(key: CredentialKey): Promise<boolean>;
  /**
   * Moves the secret FaxDesk stored before secrets were keyed by service (one
   * entry, "api-secret") to `to`, the service configured now, so an existing
   * user stays connected. With `to` null (no account configured) the old entry
   * belongs to no service and is deleted. Idempotent.
   */
  migrateLegacy(to: CredentialKey | null): Promise<'migrated' | 'removed' | 'none'>;
  readonly kind: 'keychain' | 'encrypted' | 'memory';
  /** a plain sentence for the user when the secret cannot be kept safely across runs */
  readonly warning: string | null;
}

/** The slice of keytar used here (injectable for tests). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'FaxDesk';
/** The single, unkeyed entry of FaxDesk before secrets were bound to their service. */
export const LEGACY_KEYCHAIN_ACCOUNT = 'api-secret';

/**
 * The keychain's account name for a key: "<origin> <account>". An origin
 * never contains a space, so the first space separates the two without
 * ambiguity, and the entry reads plainly in the system's keychain viewer.
 */
export function keychainAccountOf(key: CredentialKey): string {
  if (!key.origin || /\s/.test(key.origin) || !key.account) throw new Error('a credential key needs an origin and an account');
  return `${key.origin} ${key.account}`;
}

export interface KeychainOptions {
  service?: string;
  /** default: keytar, imported on first use */
  keytar?: KeytarLike;
}

/** keytar is a native module: import it lazily so a broken build degrades instead of crashing main. */
export async function loadKeytar(): Promise<KeytarLike> {
  // keytar is CommonJS: ESM loaders may detect only some of its named exports, so prefer the whole module.exports.
  const mod = (await import('keytar')) as Partial<KeytarLike> & { default?: KeytarLike };
  const full = mod.default && typeof mod.default.setPassword === 'function' ? mod.default : mod;
  if (typeof full.setPassword !== 'function' || typeof full.getPassword !== 'function' || typeof full.deletePassword !== 'function') {
    throw new Error('the keytar module has no password functions');
  }
  return full as KeytarLike;
}

function normalise(secret: string): string {
  const s = secret.trim();
  if (!s) throw new UserError('credentials.empty_secret', 'Enter the API secret; it cannot be empty.');
  return s;
}

function keychainFailure(): UserError {
  return new UserError(
    'credentials.keychain_failed',
    'The system keychain did not respond. Unlock it (or sign in again) and try once more.',
  );
}

export function createKeychainSecretStore(options: KeychainOptions = {}): SecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE;
  let keytar: Promise<KeytarLike> | null = options.keytar ? Promise.resolve(options.keytar) : null;
  const kt = () => (keytar ??= loadKeytar());

  // keytar's errors carry OS messages, never the password, but are replaced anyway so no detail leaks to the UI.
  const guarded = async <T>(op: (k: KeytarLike) => Promise<T>): Promise<T> => {
    try {
      return await op(await kt());
    } catch {
      throw keychainFailure();
    }
  };

  const store: SecretStore = {
    kind: 'keychain',
    warning: null,
    async get(key) {
      const v = await guarded((k) => k.getPassword(service, keychainAccountOf(key)));
      if (v) registerSecretForRedaction(v);
      return v || null;
    },
    async set(key, secret) {
      const s = normalise(secret);
      registerSecretForRedaction(s);
      await guarded((k) => k.setPassword(service, keychainAccountOf(key), s));
    },
    async delete(key) {
      await guarded((k) => k.deletePassword(service, keychainAccountOf(key)));
    },
    async has(key) {
      return (await guarded((k) => k.getPassword(service, keychainAccountOf(key)))) !== null;
    },
    async migrateLegacy(to) {
      const old = await guarded((k) => k.getPassword(service, LEGACY_KEYCHAIN_ACCOUNT));
      if (old === null) return 'none';
      if (old) registerSecretForRedaction(old);
      // Written first, deleted after: a failure between the two leaves the secret in both places, never in none.
      if (to && old.trim()) await store.set(to, old);
      await guarded((k) => k.deletePassword(service, LEGACY_KEYCHAIN_ACCOUNT));
      return to && old.trim() ? 'migrated' : 'removed';
    },
  };
  return store;
}

export function createMemorySecretStore(warning: string | null = null): SecretStore {
  const values = new Map<string, string>();
  return {
    kind: 'memory',
    warning,
    async get(key) {
      return values.get(keychainAccountOf(key)) ?? null;
    },
    async set(key, secret) {
      const s = normalise(secret);
      registerSecretForRedaction(s);
      values.set(keychainAccountOf(key), s);
    },
    async delete(key) {
      values.delete(keychainAccountOf(key));
    },
    async has(key) {
      return values.has(keychainAccountOf(key));
    },
    // Memory starts empty each run: there is never an old entry to move.
    async migrateLegacy() {
      return 'none';
    },
  };
}

/** What the user reads (the technical reason goes to the log only). */
export const MEMORY_FALLBACK_WARNING =
  'FaxDesk cannot reach the system keychain; your secret will be kept only until you quit. On Linux, install gnome-keyring and libsecret (Debian/Ubuntu: sudo apt install gnome-keyring libsecret-1-0), sign in again and restart FaxDesk.';
export const ENCRYPTED_FALLBACK_WARNING =
  'FaxDesk cannot reach the system keychain; your secret is kept encrypted in FaxDesk’s own folder instead, and stays after you quit.';

/**
 * The log line (one, printed at start where the preview runs in a terminal): what it means first,
 * the system's own reason last, labelled, since it speaks of D-Bus and X11.
 */
export function memoryFallbackWarning(reason: string): string {
  return `No system keychain is available: the API secret will be kept in memory until FaxDesk quits; Settings says how to fix this. (System's reason: ${reason})`;
}

export interface OpenSecretStoreOptions extends KeychainOptions {
  /** default loadKeytar; injected by tests to simulate a missing module */
  loadKeytar?: () => Promise<KeytarLike>;
  /** a locked keychain may wait for a prompt that never comes (default 3 s) */
  probeTimeoutMs?: number;
  log?: Logger;
  /** Electron's safeStorage (absent in the browser preview), and the file it encrypts the secret into */
  safeStorage?: { api: SafeStorageLike; file: string; platform?: NodeJS.Platform };
}

/** Without a keychain: safeStorage when it has a real key, else memory; the reason is logged. */
function fallbackStore(options: OpenSecretStoreOptions, reason: string): SecretStore {
  const safe = options.safeStorage;
  const unusable = safe ? safeStorageUnusable(safe.api, safe.platform) : 'not running inside Electron';
  if (safe && unusable === null) {
    options.log?.warn(`No system keychain is available: the API secret is kept encrypted with Electron safeStorage in ${safe.file}. (System's reason: ${reason})`);
    const store = createKeychainSecretStore({ ...options, keytar: createSafeStorageKeytar(safe.file, safe.api) });
    return { ...store, kind: 'encrypted', warning: ENCRYPTED_FALLBACK_WARNING };
  }
  // Outside Electron (the browser preview) there is no encrypted file to speak of.
  options.log?.warn(safe ? `${memoryFallbackWarning(reason)} Encrypted file not used: ${unusable}.` : memoryFallbackWarning(reason));
  return createMemorySecretStore(MEMORY_FALLBACK_WARNING);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** OS messages can be long or multi-line; the warning needs one short clause. */
function reasonOf(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line || 'unknown error';
}

/**
 * Opens the keychain store after a write/read/delete round trip on a probe
 * entry (a read alone succeeds on some backends that cannot store), or falls
 * back to memory with a warning saying why.
 */
export async function openSecretStore(options: OpenSecretStoreOptions = {}): Promise<SecretStore> {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const timeout = options.probeTimeoutMs ?? 3_000;
  let keytar: KeytarLike;
  try {
    keytar = options.keytar ?? (await withTimeout((options.loadKeytar ?? loadKeytar)(), timeout));
  } catch (e) {
    return fallbackStore(options, `the keychain module could not be loaded: ${reasonOf(e)}`);
  }
  try {
    const probeAccount = 'probe';
    const token = randomBytes(8).toString('hex');
    await withTimeout(
      (async () => {
        await keytar.setPassword(service, probeAccount, token);
        const back = await keytar.getPassword(service, probeAccount);
        await keytar.deletePassword(service, probeAccount);
        if (back !== token) throw new Error('the keychain did not return what was stored');
      })(),
      timeout,
    );
  } catch (e) {
    return fallbackStore(options, reasonOf(e));
  }
  return createKeychainSecretStore({ ...options, keytar });
}
