import path from 'node:path';
import type { AccountView, ConnectionStatus } from '../../shared/ipc/channels/account';
import { startSimulator, type RunningSimulator } from '../../simulator/index';
import { createFaxApiClient, type FaxApiClient } from '../api/client';
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
  fetch?: typeof fetch;
}

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
   * balance follows charges); errors are logged, never thrown.
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
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

function toView(a: Awaited<ReturnType<FaxApiClient['getAccount']>>, mode: 'demo' | 'account'): AccountView {
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
  const changed = () => {
    cached = null;
    for (const l of listeners) l();
  };

  const configured = () => {
    const s = deps.settings.get();
    return s.baseUrl !== '' && s.apiKey !== '';
  };

  const startDemo = () =>
    (demo ??= startSimulator({
      port: 0,
      speed: deps.demoSpeed ?? 1,
      stateFile: path.join(deps.dataDir, 'demo-service.json'),
      timezone: deps.settings.get().serviceTimeZone,
      quiet: true,
    }).then((sim) => {
      deps.log.info(`demo mode: built-in fax service simulator on ${sim.baseUrl}`);
      return sim;
    }));

  const build = (baseUrl: string, apiKey: string, getSecret: () => Promise<string | null>) =>
    createFaxApiClient({ baseUrl, apiKey, getSecret, log: deps.log, ...(deps.fetch ? { fetch: deps.fetch } : {}) });

  async function client(): Promise<FaxApiClient> {
    if (!configured()) {
      const sim = await startDemo();
      const key = `demo:${sim.baseUrl}`;
      if (cached?.key !== key) cached = { key, client: build(sim.baseUrl, sim.apiKey, async () => sim.apiSecret) };
      return cached.client;
    }
    const s = deps.settings.get();
    const key = `account:${s.baseUrl}:${s.apiKey}`;
    if (cached?.key !== key) cached = { key, client: build(s.baseUrl, s.apiKey, () => deps.secrets.get()) };
    return cached.client;
  }

  const mode = () => (configured() ? 'account' : 'demo') as 'demo' | 'account';
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
          const view = toView(await (await client()).getAccount(), m);
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
        secretSet: await deps.secrets.has(),
        secretStorage: deps.secrets.kind,
        keychainWarning: deps.secrets.warning,
        settingsNotice: deps.settings.notice,
      };
    },
    async account() {
      const c = await client();
      return toView(await c.getAccount(), mode());
    },
    async test(candidate) {
      const secret = candidate.secret ?? (await deps.secrets.get());
      const c = build(candidate.baseUrl, candidate.apiKey, async () => secret);
      return toView(await c.getAccount(), 'account');
    },
    async connect(candidate) {
      const view = await this.test(candidate);
      if (candidate.secret !== undefined) await deps.secrets.set(candidate.secret);
      deps.settings.update({ baseUrl: candidate.baseUrl, apiKey: candidate.apiKey });
      changed();
      return view;
    },
    async useDemo() {
      deps.settings.update({ baseUrl: '', apiKey: '' });
      await deps.secrets.clear();
      changed();
    },
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
