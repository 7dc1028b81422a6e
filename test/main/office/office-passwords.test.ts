/**
 * The office database password is bound to the server, the user and the
 * protection it was saved with: it is never read back for a weaker
 * connection, another server or another user.
 */
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/credentials/secret-store';
import { createOfficePasswords, officeCredentialKey } from '../../../src/main/office/office-passwords';

const server = { host: 'DB.Office.example', port: 5432, user: 'reception' };

describe('office outbox passwords', () => {
  it('a password saved for a verified TLS connection is never given to an unencrypted one', async () => {
    const pw = createOfficePasswords(createMemorySecretStore());
    await pw.set(server, 'tls-verified', 'Tls-Only-9x');
    expect(await pw.get(server, 'tls-verified')).toBe('Tls-Only-9x');
    expect(await pw.get(server, 'plain')).toBeNull();
  });

  it('a password saved for an unencrypted connection may be used over TLS', async () => {
    const pw = createOfficePasswords(createMemorySecretStore());
    await pw.set(server, 'plain', 'Plain-Pw-4');
    expect(await pw.get(server, 'plain')).toBe('Plain-Pw-4');
    expect(await pw.get(server, 'tls-verified')).toBe('Plain-Pw-4');
    // the one typed for TLS wins over the TLS connection
    await pw.set(server, 'tls-verified', 'Tls-Pw-5');
    expect(await pw.get(server, 'tls-verified')).toBe('Tls-Pw-5');
    expect(await pw.get(server, 'plain')).toBe('Plain-Pw-4');
  });

  it('another server, port or user finds nothing; the host is not case-sensitive', async () => {
    const pw = createOfficePasswords(createMemorySecretStore());
    await pw.set(server, 'tls-verified', 'Pw-1');
    expect(await pw.get({ ...server, host: 'db.office.example' }, 'tls-verified')).toBe('Pw-1');
    expect(await pw.get({ ...server, host: 'db2.office.example' }, 'tls-verified')).toBeNull();
    expect(await pw.get({ ...server, port: 5433 }, 'tls-verified')).toBeNull();
    expect(await pw.get({ ...server, user: 'accounts' }, 'tls-verified')).toBeNull();
  });

  it('clear removes the password at every protection', async () => {
    const pw = createOfficePasswords(createMemorySecretStore());
    await pw.set(server, 'tls-verified', 'Pw-1');
    await pw.set(server, 'plain', 'Pw-2');
    await pw.clear(server);
    expect(await pw.get(server, 'tls-verified')).toBeNull();
  });

  it('the keychain entry names the server, the protection and the user', () => {
    expect(officeCredentialKey(server, 'tls-verified')).toEqual({ origin: 'postgresql+tls-verified://db.office.example:5432', account: 'reception' });
  });
});
