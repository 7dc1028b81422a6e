/**
 * What the connection's parts share (connection.ts assembles them): the demo simulator, the client of
 * the current settings, the listeners, the account read shared for a moment, and the test-rate window.
 */
import type { AccountView } from '../../shared/account/types';
import { credentialKey, type CredentialKey } from '../../shared/credential-key';
import { createFaxApiClient, type FaxApiClient } from '../api/client';
import type { RetryPolicy } from '../api/retry';
import type { ServiceFetch } from '../api/http';
import type { SecretStore } from '../credentials/secret-store';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings/settings';
import { accountProfile, DEMO_PROFILE } from './profile';

export interface ConnectionDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  dataDir: string;
  log: Logger;
  /** demo simulator speed (tests run it fast) */
  demoSpeed?: number;
  fetch?: ServiceFetch;
  /** clock of the test-rate limit (tests move it) */
  now?: () => number;
}

/** the built-in simulator of demo mode, as the connection uses it (connection.ts starts it) */
export interface DemoService {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  stop(): Promise<void>;
}

export interface ConnectionState {
  readonly deps: ConnectionDeps;
  readonly now: () => number;
  /** starts the demo simulator (only connection.ts may) */
  readonly startSimulator: () => Promise<DemoService>;
  demo: Promise<DemoService> | null;
  cached: { key: string; client: FaxApiClient } | null;
  readonly listeners: Set<() => void>;
  /** told when a demo task ends (connection.ts's onDemoTaskEnded) */
  readonly demoTaskListeners: Set<(taskRef: string) => void>;
  readonly accountListeners: Set<(a: AccountView) => void>;
  /** the last account read of this connection, shared for a moment (see ACCOUNT_SHARED_MS) */
  recent: { at: number; view: Promise<AccountView> } | null;
  refreshing: Promise<AccountView | null> | null;
  /** how many times the connection changed (a change through the settings is told once) */
  changes: number;
  /** when the connection tests of the last minute ran */
  readonly recentTests: number[];
}

export function createConnectionState(deps: ConnectionDeps, startSimulator: () => Promise<DemoService>): ConnectionState {
  return {
    deps,
    now: deps.now ?? Date.now,
    startSimulator,
    demo: null,
    cached: null,
    listeners: new Set(),
    demoTaskListeners: new Set(),
    accountListeners: new Set(),
    recent: null,
    refreshing: null,
    changes: 0,
    recentTests: [],
  };
}

export function changed(s: ConnectionState): void {
  s.changes += 1;
  s.cached = null;
  s.recent = null;
  for (const l of s.listeners) l();
}

export function configured(s: ConnectionState): boolean {
  const settings = s.deps.settings.get();
  return settings.baseUrl !== '' && settings.apiKey !== '';
}

/** The keychain entry of the configured account: its secret goes to this origin only. */
export function currentKey(s: ConnectionState): CredentialKey | null {
  if (!configured(s)) return null;
  const settings = s.deps.settings.get();
  return credentialKey(settings.baseUrl, settings.apiKey);
}

export const mode = (s: ConnectionState): 'demo' | 'account' => (configured(s) ? 'account' : 'demo');

export function profile(s: ConnectionState): string {
  const settings = s.deps.settings.get();
  return configured(s) ? accountProfile(settings.baseUrl, settings.apiKey) : DEMO_PROFILE;
}

function startDemo(s: ConnectionState): Promise<DemoService> {
  return (s.demo ??= s.startSimulator().then((sim) => {
    s.deps.log.info(`demo mode: built-in fax service simulator on ${sim.baseUrl}`);
    return sim;
  }));
}

export function build(
  s: ConnectionState,
  baseUrl: string,
  apiKey: string,
  getSecret: () => Promise<string | null>,
  retry?: RetryPolicy,
  secretRefused?: (sent: string) => Promise<boolean>,
): FaxApiClient {
  const { deps } = s;
  return createFaxApiClient({
    baseUrl,
    apiKey,
    getSecret,
    log: deps.log,
    ...(retry ? { retry } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(secretRefused ? { secretRefused } : {}),
  });
}

/**
 * The account's secret, read from its store once and kept for the client's life: reading the OS keychain
 * for every request cost a D-Bus round trip (~0.9 ms, ~0.3 ms of CPU) per upload and per task polled
 * (issue #27). A secret saved through the app makes a new client (`changed`). When the service refuses
 * the kept one (or none was stored), the store is read again: a secret replaced outside the app (IT's
 * provisioning, another FaxDesk) is then used at once, and the refused request is made again with it.
 */
export function keptSecret(read: () => Promise<string | null>): { get: () => Promise<string | null>; refused: (sent: string) => Promise<boolean> } {
  let kept: Promise<string | null> | null = null;
  const get = () =>
    (kept ??= read().catch((e: unknown) => {
      kept = null;
      throw e;
    }));
  return {
    get,
    /**
     * `sent` was refused: is there another secret to try? Requests refused together share one read of the
     * store: only the first to find the kept secret still the refused one reads again; the others take
     * that read (or a secret already replaced since they left).
     */
    async refused(sent) {
      const seen = kept;
      const current = seen ? await seen.catch(() => null) : null;
      if (current !== null && current !== sent) return true;
      if (kept === seen) kept = null;
      const now = await get().catch(() => null);
      return now !== null && now !== sent;
    },
  };
}

/** the client for the current connection; starts the demo simulator on first use */
export async function client(s: ConnectionState): Promise<FaxApiClient> {
  if (!configured(s)) {
    const sim = await startDemo(s);
    const key = `demo:${sim.baseUrl}`;
    if (s.cached?.key !== key) s.cached = { key, client: build(s, sim.baseUrl, sim.apiKey, async () => sim.apiSecret) };
    return s.cached.client;
  }
  const settings = s.deps.settings.get();
  const key = `account:${settings.baseUrl}:${settings.apiKey}`;
  // The secret is looked up under the address and key the request goes to, so a
  // settings change could never send one account's secret to another address.
  // (worked out when the client is made: the key above names the address and the API key it is for)
  if (s.cached?.key !== key) {
    const entry = credentialKey(settings.baseUrl, settings.apiKey);
    const secret = keptSecret(async () => (entry ? s.deps.secrets.get(entry) : null));
    s.cached = { key, client: build(s, settings.baseUrl, settings.apiKey, secret.get, undefined, secret.refused) };
  }
  return s.cached.client;
}
