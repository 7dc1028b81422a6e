import type { Handlers } from '../dispatch';
import type { Connection } from '../../account/connection';
import type { SecretStore } from '../../credentials/secret-store';
import type { SettingsStore } from '../../settings/settings';
import { registerSecretForRedaction } from '../../log';

type AccountHandlers = Pick<
  Handlers,
  | 'getConnection'
  | 'getSettings'
  | 'updateSettings'
  | 'setSecret'
  | 'clearSecret'
  | 'testConnection'
  | 'connectAccount'
  | 'useDemo'
  | 'getAccount'
>;

/** Settings, the secret (write-only from the renderer) and the account query. */
export function accountHandlers(settings: SettingsStore, secrets: SecretStore, connection: Connection): AccountHandlers {
  return {
    getConnection: () => connection.status(),
    getSettings: () => settings.get(),
    updateSettings: (patch) => settings.update(patch),
    setSecret: async ({ secret }) => {
      registerSecretForRedaction(secret);
      await secrets.set(secret);
      return connection.status();
    },
    clearSecret: async () => {
      await secrets.clear();
      return connection.status();
    },
    testConnection: (candidate) => {
      if (candidate.secret) registerSecretForRedaction(candidate.secret);
      return connection.test(candidate);
    },
    connectAccount: (candidate) => {
      if (candidate.secret) registerSecretForRedaction(candidate.secret);
      return connection.connect(candidate);
    },
    useDemo: async () => {
      await connection.useDemo();
      return connection.status();
    },
    getAccount: () => connection.account(),
  };
}
