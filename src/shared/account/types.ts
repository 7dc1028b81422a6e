// What the window knows of the connection and the account: never the secret, only whether one is set.

export interface ConnectionStatus {
  /** demo: the built-in simulator; account: the user's own service */
  mode: 'demo' | 'account';
  baseUrl: string;
  apiKey: string;
  secretSet: boolean;
  /** where the secret is kept: the OS keychain, encrypted by Electron in the data folder, or this run's memory only */
  secretStorage: 'keychain' | 'encrypted' | 'memory';
  /** set when no keychain is available */
  keychainWarning: string | null;
  /** set when the settings file could not be read and was moved aside */
  settingsNotice: { movedTo: string; reason: string } | null;
}

export interface AccountView {
  uid: string;
  name: string;
  balance: number;
  status: string;
  webhookUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** when FaxDesk read it (ms since epoch) */
  fetchedAt: number;
  mode: 'demo' | 'account';
}
