/**
 * Where keytar cannot be loaded inside Electron (no prebuilt binary and no
 * toolchain at install, or a broken native module), the secret is encrypted
 * with Electron's safeStorage — the OS's own data protection (DPAPI on
 * Windows, the login keychain's key on macOS, the Secret Service / kwallet key
 * on Linux) — and kept in a file in FaxDesk's data folder, as VS Code does.
 * It offers keytar's three calls, so the secret store's keying is unchanged.
 */
import fs from 'node:fs';
import { writeFileAtomic } from '../storage/atomic-write';
import type { KeytarLike } from './secret-store';

/** The slice of Electron's safeStorage used here (PlatformDeps passes the real one; tests their own). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means a fixed, built-in key, which protects nothing */
  getSelectedStorageBackend?(): string;
}

/** Why safeStorage cannot protect a secret here, or null when it can. */
export function safeStorageUnusable(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): string | null {
  if (!safeStorage.isEncryptionAvailable()) return 'safeStorage encryption is not available';
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
  if (backend === 'basic_text' || backend === 'unknown') return `safeStorage would use the ${backend} backend (no real key)`;
  return null;
}

type Entries = Record<string, string>;

export function createSafeStorageKeytar(file: string, safeStorage: SafeStorageLike): KeytarLike {
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  const read = (): Entries => {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    return JSON.parse(safeStorage.decryptString(bytes)) as Entries;
  };
  const write = (entries: Entries) => {
    if (Object.keys(entries).length === 0) fs.rmSync(file, { force: true });
    else writeFileAtomic(file, safeStorage.encryptString(JSON.stringify(entries)), { mode: 0o600 });
  };
  return {
    async getPassword(service, account) {
      return read()[key(service, account)] ?? null;
    },
    async setPassword(service, account, password) {
      write({ ...read(), [key(service, account)]: password });
    },
    async deletePassword(service, account) {
      const entries = read();
      const k = key(service, account);
      if (!(k in entries)) return false;
      delete entries[k];
      write(entries);
      return true;
    },
  };
}
