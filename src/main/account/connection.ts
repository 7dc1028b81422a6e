import path from 'node:path';
import type { AccountView, ConnectionStatus } from '../../shared/account/types';
import { startSimulator, type RunningSimulator } from '../../simulator/index';
import { createFaxApiClient, type FaxApiClient } from '../api/client';
import { MalformedReplyError, NetworkError, NotFoundError, TimeoutError } from '../api/errors';
import type { RetryPolicy } from '../api/retry';
import type { SecretStore } from '../credentials/secret-store';
import { UserError } from '../errors';
import { credentialKey, sameCredentialKey, type CredentialKey } from '../../shared/credential-key';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings/settings';
import { DEMO_STATE_FILE } from './demo-state';
import { accountProfile, DEMO_PROFILE } from './profile';

export interface ConnectionDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  dataDir: string;
  log: Logger;
  /** demo simulator speed (tests run it fast) */
  demoSpeed?: number;
  fetch?: typeof fetch;
  /** clock of the test-rate limit (tests move it) */
  now?: () => number;
}

/**
 * A connection test sends one request to an address the window chose: at
 * most this many a minute, so the test cannot be turned into a port scanner.
 * A person checking their settings needs a handful.
 */
export const CONNECTION_TESTS_PER_MINUTE = 10;
/** one request per test: a retry would only probe the address again */
const SINGLE_ATTEMPT: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 };
/** account reads this close together share one request (after Save and connect, 5 went out in a second) */
export const ACCOUNT_SHARED_MS = 2_000;

export interface Candidate {
  baseUrl: string;
  apiKey: string;
  secret?: string | undefined;
}

export interface Connection {
  mode(): 'demo' | 'account';
  /** the client for the current connection; starts the demo simulator on first use */
  client(): Promise<FaxApiClient>;
  /** whose tasks are current: 'demo', or the account's key (see profile.ts) */
  profile(): string;
  /** the client and the profile it belongs to, read from the same settings */
  session(): Promise<{ client: FaxApiClient; profile: string }>;
  /**
   * Reads the account again and tells onAccount listeners (the header's
   * balance follows charges); errors are logged, never thrown. account()
   * tells them too.
   */
  refreshAccount(): Promise<AccountView | null>;
  onAccount(listener: (account: AccountView) => void): () => void;
  status(): Promise<ConnectionStatus>;
  account(): Promise<AccountView>;
  /** calls the account operation with these values, saving nothing */
  test(candidate: Candidate): Promise<AccountView>;
  /** tests, then saves the key in settings and the secret in the keychain */
  connect(candidate: Candidate): Promise<AccountView>;
  /** forgets the account and goes back to demo mode */
  useDemo(): Promise<void>;
  /** forgets the secret of the account configured now */
  clearSecret(): Promise<void>;
  /** the keychain entry of the account configured now, or null in demo mode */
  currentKey(): CredentialKey | null;
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

function secretRequired(key: CredentialKey): UserError {
  return new UserError(
    'credentials.secret_required',
    `Type the API secret for ${key.origin}. A stored secret is used only with the service address and API key it was saved for.`,
  );
}

/**
 * What a failed test says about an address the window chose: whether a fax
 * service answered there, or why it refused — not whether the port was
 * closed, filtered, speaking TLS or serving some other program (that would
 * make the test a port scanner). A person needs the same advice for all of
 * those: check the address.
 */
function coarseTestFailure(e: unknown, origin: string): unknown {
  if (e instanceof NetworkError || e instanceof TimeoutError || e instanceof MalformedReplyError || e instanceof NotFoundError) {
    return new UserError(
      'connection.no_service',
      `No fax service answered at ${origin}. Check the service address (it is on the API settings page of your management console) and the network connection, then try again.`,
    );
  }
  return e;
}

export function toAccountView(a: Awaited<ReturnType<FaxApiClient['getAccount']>>, mode: 'demo' | 'account'): AccountView {
  return {
    uid: a.uid,
    name: a.name,
    balance: a.balance,
    status: a.status,
    webhookUrl: a.webhook_url ?? null,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    fetchedAt: Date.now(),
    mode,
  };
}

/**
 * Which fax service FaxDesk talks to. With no account configured it runs the
 * built-in simulator on a loopback port (demo mode), whose state is kept in the
 * data folder so demo tasks survive restarts.
 */
export function createConnection(deps: ConnectionDeps): Connection {
  let demo: Promise<RunningSimulator> | null = null;
  let cached: { key: string; client: FaxApiClient } | null = null;
  const listeners = new Set<() => void>();
  /** the last account read of this connection, shared for a moment (see ACCOUNT_SHARED_MS) */
  let recent: { at: number; view: Promise<AccountView> } | null = null;
  let changes = 0;
  const changed = () => {
    changes += 1;
    cached = null;
    recent = null;
    for (const l of listeners) l();
  };

  const configured = () => {
    const s = deps.settings.get();
    return s.baseUrl !== '' && s.apiKey !== '';
  };
  /** The keychain entry of the configured account: its secret goes to this origin only. */
  const currentKey = (): CredentialKey | null => {
    if (!configured()) return null;
    const s = deps.settings.get();
    return credentialKey(s.baseUrl, s.apiKey);
  };
  const keyOf = (candidate: Candidate): CredentialKey => {
    const key = credentialKey(candidate.baseUrl, candidate.apiKey);
    // the contract's schema has already checked the address; this is the last line of defence
    if (!key) throw new UserError('credentials.bad_address', 'Enter a full service address and the API key.');
    return key;
  };

  const startDemo = () =>
    (demo ??= startSimulator({
      port: 0,
      speed: deps.demoSpeed ?? 1,
      stateFile: path.join(deps.dataDir, DEMO_STATE_FILE),
      timezone: deps.settings.get().serviceTimeZone,
      quiet: true,
    }).then((sim) => {
      deps.log.info(`demo mode: built-in fax service simulator on ${sim.baseUrl}`);
      return sim;
    }));

  const build = (baseUrl: string, apiKey: string, getSecret: () => Promise<string | null>, retry?: RetryPolicy) =>
    createFaxApiClient({ baseUrl, apiKey, getSecret, log: deps.log, ...(retry ? { retry } : {}), ...(deps.fetch ? { fetch: deps.fetch } : {}) });

  const now = deps.now ?? Date.now;
  const recentTests: number[] = [];
  const admitTest = () => {
    const t = now();
    while (recentTests.length > 0 && recentTests[0]! <= t - 60_000) recentTests.shift();
    if (recentTests.length >= CONNECTION_TESTS_PER_MINUTE) {
      const wait = Math.max(1, Math.ceil((recentTests[0]! + 60_000 - t) / 1000));
      throw new UserError('connection.too_many_tests', `Too many connection tests in a short time. Wait ${wait} seconds and try again.`);
    }
    recentTests.push(t);
  };

  async function client(): Promise<FaxApiClient> {
    if (!configured()) {
      const sim = await startDemo();
      const key = `demo:${sim.baseUrl}`;
      if (cached?.key !== key) cached = { key, client: build(sim.baseUrl, sim.apiKey, async () => sim.apiSecret) };
      return cached.client;
    }
    const s = deps.settings.get();
    const key = `account:${s.baseUrl}:${s.apiKey}`;
    // The secret is looked up under the address and key the request goes to, so a
    // settings change could never send one account's secret to another address.
    const entry = credentialKey(s.baseUrl, s.apiKey);
    if (cached?.key !== key) cached = { key, client: build(s.baseUrl, s.apiKey, async () => (entry ? deps.secrets.get(entry) : null)) };
    return cached.client;
  }

  const mode = () => (configured() ? 'account' : 'demo') as 'demo' | 'account';
  const secretSet = async () => {
    const key = currentKey();
    return key ? deps.secrets.has(key) : false;
  };
  const profile = () => {
    const s = deps.settings.get();
    return configured() ? accountProfile(s.baseUrl, s.apiKey) : DEMO_PROFILE;
  };
  const accountListeners = new Set<(a: AccountView) => void>();
  let refreshing: Promise<AccountView | null> | null = null;

  deps.settings.onChange((next, prev) => {
    if (next.baseUrl !== prev.baseUrl || next.apiKey !== prev.apiKey) changed();
  });

  return {
    mode,
    client,
    profile,
    async session() {
      const before = profile();
      const c = await client();
      // The settings changed while the demo simulator started: never pair a client with another profile.
      if (profile() !== before) return this.session();
      return { client: c, profile: before };
    },
    refreshAccount() {
      // One read at a time: a burst of creates and task ends costs one request.
      refreshing ??= (async () => {
        try {
          const m = mode();
          const view = toAccountView(await (await client()).getAccount(), m);
          if (mode() !== m) return null;
          for (const l of accountListeners) l(view);
          return view;
        } catch (e) {
          deps.log.info(`account: could not read the balance again: ${(e as Error).message}`);
          return null;
        } finally {
          refreshing = null;
        }
      })();
      return refreshing;
    },
    onAccount(listener) {
      accountListeners.add(listener);
      return () => accountListeners.delete(listener);
    },
    async status() {
      const s = deps.settings.get();
      return {
        mode: mode(),
        baseUrl: s.baseUrl,
        apiKey: s.apiKey,
        secretSet: await secretSet(),
        secretStorage: deps.secrets.kind,
        keychainWarning: deps.secrets.warning,
        settingsNotice: deps.settings.notice,
      };
    },
    account() {
      // A connection change is followed by reads from several places at once (the form, the header,
      // the events): they share one request, and the one the connect itself just made.
      const t = now();
      if (recent && t - recent.at < ACCOUNT_SHARED_MS) return recent.view;
      const m = mode();
      const view = (async () => {
        const v = toAccountView(await (await client()).getAccount(), m);
        // The window's own read is news too: the tasks learn the service answered and whether the balance moved.
        if (mode() === m) for (const l of accountListeners) l(v);
        return v;
      })();
      const entry = { at: t, view };
      recent = entry;
      view.catch(() => {
        if (recent === entry) recent = null;
      });
      return view;
    },
    async test(candidate) {
      const key = keyOf(candidate);
      let secret = candidate.secret;
      if (secret === undefined) {
        // An empty secret field means "the one stored for this very service" — never another's.
        const stored = sameCredentialKey(key, currentKey()) ? await deps.secrets.get(key) : null;
        if (stored === null) throw secretRequired(key);
        secret = stored;
      }
      admitTest();
      const c = build(candidate.baseUrl, candidate.apiKey, async () => secret, SINGLE_ATTEMPT);
      try {
        return toAccountView(await c.getAccount(), 'account');
      } catch (e) {
        throw coarseTestFailure(e, key.origin);
      }
    },
    async connect(candidate) {
      const view = await this.test(candidate);
      const key = keyOf(candidate);
      const previous = currentKey();
      if (candidate.secret !== undefined) await deps.secrets.set(key, candidate.secret);
      const before = changes;
      deps.settings.update({ baseUrl: candidate.baseUrl, apiKey: candidate.apiKey });
      // One account at a time: the secret of the account left behind is not kept around.
      if (previous && !sameCredentialKey(previous, key)) await deps.secrets.delete(previous);
      // Once: a new address or key has already announced itself through the settings.
      if (changes === before) changed();
      recent = { at: now(), view: Promise.resolve(view) };
      return view;
    },
    async useDemo() {
      const previous = currentKey();
      const before = changes;
      deps.settings.update({ baseUrl: '', apiKey: '' });
      if (previous) await deps.secrets.delete(previous);
      if (changes === before) changed();
    },
    async clearSecret() {
      const key = currentKey();
      if (key) await deps.secrets.delete(key);
      changed();
    },
    currentKey,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (demo) await (await demo).stop();
      demo = null;
    },
  };
}
