import type { Handlers } from '../dispatch';
import type { Connection } from '../../account/connection';
import type { SettingsStore } from '../../settings/settings';
import { registerSecretForRedaction } from '../../log';

type AccountHandlers = Pick<
  Handlers,
  | 'getConnection'
  | 'getSettings'
  | 'updateSettings'
  | 'clearSecret'
  | 'testConnection'
  | 'connectAccount'
  | 'useDemo'
  | 'getAccount'
>;

/** Settings, the secret (write-only from the renderer) and the account query. */
export function accountHandlers(settings: SettingsStore, connection: Connection): AccountHandlers {
  return {
    getConnection: () => connection.status(),
    getSettings: () => settings.get(),
    // The contract's patch schema has no service address or API key: connecting is the only way to change them.
    updateSettings: (patch) => settings.update(patch),
    clearSecret: async () => {
      await connection.clearSecret();
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
