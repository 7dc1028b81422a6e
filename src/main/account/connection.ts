/**
 * Which fax service FaxDesk talks to (createConnection). Its parts share one ConnectionState
 * (connection-state.ts: the client and the demo simulator); the account reads are
 * connection-account.ts, testing and saving an account connection-setup.ts.
 */
import path from 'node:path';
import type { AccountView, ConnectionStatus } from '../../shared/account/types';
import type { CredentialKey } from '../../shared/credential-key';
import { startSimulator } from '../../simulator/index';
import type { FaxApiClient } from '../api/client';
import { account, refreshAccount, status } from './connection-account';
import { clearSecret, connect, testCandidate, useDemo, type Candidate } from './connection-setup';
import { DEMO_STATE_FILE, demoStateChecked } from './demo-state';
import { changed, client, createConnectionState, currentKey, mode, profile, type ConnectionDeps } from './connection-state';

export { ACCOUNT_SHARED_MS, toAccountView } from './connection-account';
export { CONNECTION_TESTS_PER_MINUTE, type Candidate } from './connection-setup';
export type { ConnectionDeps } from './connection-state';

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
  /**
   * A demo task ended: the built-in simulator, in this process, says so when its webhook would be
   * sent (a desktop cannot receive webhooks from a real service, so only demo mode has this news).
   */
  onDemoTaskEnded(listener: (taskRef: string) => void): () => void;
  close(): Promise<void>;
}

/**
 * Which fax service FaxDesk talks to. With no account configured it runs the
 * built-in simulator on a loopback port (demo mode), whose state is kept in the
 * data folder so demo tasks survive restarts.
 */
export function createConnection(deps: ConnectionDeps): Connection {
  const stateFile = path.join(deps.dataDir, DEMO_STATE_FILE);
  const s = createConnectionState(deps, async () => {
    // never on a state file the start-up check may still move aside
    await demoStateChecked(stateFile);
    return startSimulator({
      port: 0,
      speed: deps.demoSpeed ?? 1,
      stateFile,
      timezone: deps.settings.get().serviceTimeZone,
      quiet: true,
      // Told on the simulator's own turn, after the end is stored: the listeners ask about it on the next one.
      onTaskEnded: (taskRef) => {
        for (const l of s.demoTaskListeners) {
          queueMicrotask(() => {
            try {
              l(taskRef);
            } catch (e) {
              deps.log.warn('demo: a listener of ended demo tasks failed', e);
            }
          });
        }
      },
    });
  });
  deps.settings.onChange((next, prev) => {
    if (next.baseUrl !== prev.baseUrl || next.apiKey !== prev.apiKey) changed(s);
  });
  return {
    mode: () => mode(s),
    client: () => client(s),
    profile: () => profile(s),
    async session() {
      const before = profile(s);
      const c = await client(s);
      // The settings changed while the demo simulator started: never pair a client with another profile.
      if (profile(s) !== before) return this.session();
      return { client: c, profile: before };
    },
    refreshAccount: () => refreshAccount(s),
    onAccount(listener) {
      s.accountListeners.add(listener);
      return () => s.accountListeners.delete(listener);
    },
    status: () => status(s),
    account: () => account(s),
    test: (candidate) => testCandidate(s, candidate),
    connect(candidate) {
      return connect(s, candidate, (c) => this.test(c));
    },
    useDemo: () => useDemo(s),
    clearSecret: () => clearSecret(s),
    currentKey: () => currentKey(s),
    onChange(listener) {
      s.listeners.add(listener);
      return () => s.listeners.delete(listener);
    },
    onDemoTaskEnded(listener) {
      s.demoTaskListeners.add(listener);
      return () => s.demoTaskListeners.delete(listener);
    },
    async close() {
      if (s.demo) await (await s.demo).stop();
      s.demo = null;
      // nothing of the start-up check left reading (or moving) the demo's state file
      await demoStateChecked(stateFile);
    },
  };
}
