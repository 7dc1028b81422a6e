/**
 * The office database password in the OS keychain, through the same keyed
 * store as the API secret (src/main/credentials/secret-store.ts): one entry
 * per server + user + protection. The protection is part of the key so a
 * password saved for a TLS-verified connection is never read back for an
 * unencrypted one: a weaker connection finds no password and the user types
 * it again (for that connection, knowingly). A password saved for a weaker
 * connection may be used over a stronger one.
 */
import { PROTECTIONS, protectionRank, type OfficeFields, type Protection } from '../../shared/office/types';
import type { CredentialKey, SecretStore } from '../credentials/secret-store';

type Server = Pick<OfficeFields, 'host' | 'port' | 'user'>;

/** "postgresql+tls-verified://host:port" + user: reads plainly in the system's keychain viewer. */
export function officeCredentialKey(server: Server, protection: Protection): CredentialKey {
  const host = server.host.trim().toLowerCase();
  return { origin: `postgresql+${protection}://${host}:${server.port}`, account: server.user.trim() };
}

export interface OfficePasswords {
  /** the password usable at `protection`: saved at it or at a weaker one */
  get(server: Server, protection: Protection): Promise<string | null>;
  set(server: Server, protection: Protection, password: string): Promise<void>;
  /** removes the entries of this server and user at every protection */
  clear(server: Server): Promise<void>;
}

export function createOfficePasswords(store: SecretStore): OfficePasswords {
  return {
    async get(server, protection) {
      // strongest first: the entry saved for exactly this protection wins
      const usable = PROTECTIONS.filter((p) => protectionRank(p) <= protectionRank(protection));
      for (const p of usable) {
        const v = await store.get(officeCredentialKey(server, p));
        if (v) return v;
      }
      return null;
    },
    async set(server, protection, password) {
      await store.set(officeCredentialKey(server, protection), password);
    },
    async clear(server) {
      for (const p of PROTECTIONS) await store.delete(officeCredentialKey(server, p));
    },
  };
}
