/**
 * What the composition root (services.ts) opens before it wires the features: the private data
 * folder, the machine-wide policy and the settings, the secret store (its entries moved to their
 * current keys) and the task history file. Each problem with a file becomes a start-up notice.
 */
import path from 'node:path';
import type { PlatformDeps } from './app-context';
import type { Connection } from './account/connection';
import { DEMO_STATE_FILE, setAsideUnreadableDemoState } from './account/demo-state';
import { memoryKeytar } from './credentials/bound-passwords';
import { createSafeStorageKeytar } from './credentials/safe-storage-keytar';
import { openSecretStore, type KeytarLike, type SecretStore } from './credentials/secret-store';
import { UserError } from './errors';
import { LATEST_VERSION, openHistory, type History } from './history';
import { policyNoticeLine, readPolicy, type Policy } from './policy/policy-file';
import { openSettings, type SettingsStore, type StoreFactory } from './settings/settings';
import { openRecovering, type FileNotice, type Recovered } from './storage/open-recovering';
import { makePrivateDir, tightenFolder } from './storage/private-files';
import { credentialKey, originOnlyKey } from '../shared/credential-key';
import type { StartupNotice } from '../shared/app/startup-notice';

export interface StartupFiles {
  policy: Policy;
  settings: SettingsStore;
  /** what start-up had to do about a damaged, newer or unopenable file; shown by the shell, never fatal */
  notices: StartupNotice[];
  notice(file: StartupNotice['file'], n: FileNotice | null): void;
  /**
   * The demo's state checked (and set aside when unreadable, with its notice) without holding the
   * event loop; the demo service and the start-up notices wait for it. Never rejects.
   */
  demoStateChecked: Promise<void>;
}

/** The data folder made private, the policy read, the settings and the demo's state opened. */
export function openStartupFiles(deps: PlatformDeps, options: { storeFactory: StoreFactory; policy?: Policy | undefined }): StartupFiles {
  makePrivateDir(deps.dataDir);
  // An older version's folders were 0755 with 0644 files: made private once, said in the log.
  for (const sub of ['', 'reports', 'send', path.join('send', 'covers'), 'downloads']) tightenFolder(path.join(deps.dataDir, sub), deps.log);
  // What start-up had to do about a damaged, newer or unopenable file; shown by the shell, never fatal.
  const notices: StartupNotice[] = [];
  const notice = (file: StartupNotice['file'], n: FileNotice | null) => {
    if (!n) return;
    notices.push({ file, ...n });
    deps.log.warn(`${file}: ${n.problem} file kept at ${n.keptAt}; using ${n.usingInstead ?? 'memory only'} (${n.reason})`);
  };
  // The machine-wide policy: presets and locks settings; a bad file or key is a notice, never a stop.
  const policy = options.policy ?? readPolicy({ platform: deps.platform });
  for (const n of policy.notices) deps.log.warn(policyNoticeLine(n));
  if (policy.file && policy.notices.length === 0) deps.log.info(`policy: applied ${policy.file}`);
  const settings = openSettings(deps.dataDir, options.storeFactory, policy);
  if (settings.notice) {
    notice('settings', { problem: 'damaged', keptAt: settings.notice.movedTo, usingInstead: null, reason: settings.notice.reason });
  }
  const demoStateChecked = setAsideUnreadableDemoState(path.join(deps.dataDir, DEMO_STATE_FILE)).then(
    (n) => notice('demo', n),
    (e: unknown) => deps.log.warn('demo: the demo service\'s state could not be checked or set aside', e),
  );
  return { policy, settings, notices, notice, demoStateChecked };
}

export async function openSecrets(deps: PlatformDeps, options: { secretStore?: SecretStore | undefined; keychainService?: string | undefined }): Promise<SecretStore> {
  return (
    options.secretStore ??
    (await openSecretStore({
      log: deps.log,
      ...(options.keychainService ? { service: options.keychainService } : {}),
      ...(deps.safeStorage ? { safeStorage: { api: deps.safeStorage, file: path.join(deps.dataDir, 'secret.enc'), platform: deps.platform } } : {}),
    }))
  );
}

/** The stored API secret moved to the key the configured service has now (older versions keyed it otherwise). */
export async function moveSecretsToTheirKeys(secrets: SecretStore, connection: Connection, settings: SettingsStore, deps: PlatformDeps): Promise<void> {
  // Before secrets were keyed by service there was one entry: it now belongs to the configured service.
  await secrets
    .migrateLegacy(connection.currentKey())
    .then((r) => r !== 'none' && deps.log.info(`keychain: the stored API secret was ${r === 'migrated' ? 'bound to the configured service' : 'removed (no account is configured)'}`))
    .catch((e: unknown) => deps.log.warn('keychain: the stored API secret could not be moved to its service entry', e));
  await moveOriginOnlySecret(secrets, settings, deps);
}

/** The local task history (SQLite, WAL): the only index of tasks this desk created. */
export function openTaskHistory(deps: PlatformDeps, settings: SettingsStore, connection: Connection, notice: StartupFiles['notice']): Recovered<History> {
  const opened = openRecovering(
    path.join(deps.dataDir, 'history.sqlite'),
    // Demo tasks and each account's tasks are kept apart (src/main/account/profile.ts).
    // Sends a previous run left in flight are recovered below, through the office's wrapper, so the office sees them too.
    (file) => openHistory(file, { serviceTimeZone: () => settings.get().serviceTimeZone, profile: () => connection.profile(), recoverInterrupted: false }),
    {
      isNewer: (e) => e instanceof UserError && e.code === 'history.too_new',
      newerFallback: path.join(deps.dataDir, `history.schema-${LATEST_VERSION}.sqlite`),
    },
  );
  notice('history', opened.notice);
  return opened;
}

/**
 * Before the API secret was bound to the service's base path, its entry was
 * keyed by the origin alone: an account configured with a path finds it
 * there once and it moves to its own key, so an existing user stays connected.
 */
async function moveOriginOnlySecret(secrets: SecretStore, settings: SettingsStore, deps: PlatformDeps): Promise<void> {
  const { baseUrl, apiKey } = settings.get();
  const now = credentialKey(baseUrl, apiKey);
  const before = originOnlyKey(baseUrl, apiKey);
  if (!now || !before) return;
  try {
    if (await secrets.has(now)) return;
    const old = await secrets.get(before);
    if (old === null) return;
    await secrets.set(now, old);
    await secrets.delete(before);
    deps.log.info('keychain: the stored API secret was bound to the service address with its path');
  } catch (e) {
    deps.log.warn('keychain: the stored API secret could not be moved to its service entry', e);
  }
}

/** The file the safeStorage fallback keeps directory bind passwords in (the API secret has its own). */
export const BIND_PASSWORDS_FILE = 'bind-passwords.enc';

/**
 * Bind passwords and the office database's password live where the API secret does: the keychain; without one,
 * encrypted with safeStorage in the data folder (kept across runs, like the
 * API secret); memory only where neither exists.
 */
export function boundPasswordStore(secrets: SecretStore, deps: PlatformDeps): { kind: 'keychain' | 'encrypted' | 'memory'; keytar?: KeytarLike } {
  if (secrets.kind === 'keychain') return { kind: 'keychain' };
  if (secrets.kind === 'encrypted' && deps.safeStorage) {
    return { kind: 'encrypted', keytar: createSafeStorageKeytar(path.join(deps.dataDir, BIND_PASSWORDS_FILE), deps.safeStorage) };
  }
  return { kind: 'memory', keytar: memoryKeytar() };
}
