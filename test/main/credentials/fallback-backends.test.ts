/**
 * Where keytar cannot be loaded (not built at install) or the keychain cannot
 * be reached: inside Electron the secret is encrypted with safeStorage into a
 * file in the data folder; elsewhere it stays in memory. Electron's safeStorage
 * is the one boundary we do not own, so it is replaced here by an AES-GCM
 * stand-in with the same three calls (the real keychain tests are in
 * secret-store.test.ts).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SafeStorageLike } from '@main/credentials/safe-storage-keytar';
import { ENCRYPTED_FALLBACK_WARNING, MEMORY_FALLBACK_WARNING, openSecretStore } from '@main/credentials/secret-store';
import { createLogger } from '@main/log';
import { credentialKey } from '@shared/credential-key';

const SECRET = 'Kc-77-safeStorage-only-secret';
const KEY = credentialKey('https://fax.example.com/api', 'office-key')!;
const notBuilt = () => Promise.reject(new Error("Cannot find module 'keytar'"));

function fakeSafeStorage(backend = 'gnome_libsecret'): SafeStorageLike & { key: Buffer } {
  const key = crypto.randomBytes(32);
  return {
    key,
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString(plain) {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(enc) {
      const d = crypto.createDecipheriv('aes-256-gcm', key, enc.subarray(0, 12));
      d.setAuthTag(enc.subarray(12, 28));
      return Buffer.concat([d.update(enc.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

let dir = '';
const lines: string[] = [];
const log = createLogger((l) => lines.push(l));
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-secret-'));
  lines.length = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('without keytar inside Electron: the secret encrypted with safeStorage', () => {
  it('keeps the secret across a restart in an encrypted file that never holds it in clear', async () => {
    const safe = fakeSafeStorage();
    const file = path.join(dir, 'secret.enc');
    const store = await openSecretStore({ loadKeytar: notBuilt, safeStorage: { api: safe, file, platform: 'linux' }, log });
    expect(store.kind).toBe('encrypted');
    expect(store.warning).toBe(ENCRYPTED_FALLBACK_WARNING);
    await store.set(KEY, SECRET);
    expect(fs.readFileSync(file).includes(Buffer.from(SECRET))).toBe(false);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['secret.enc']); // no temporary file left beside it

    // a restart: a new store on the same file and the same OS key reads it back
    const again = await openSecretStore({ loadKeytar: notBuilt, safeStorage: { api: safe, file, platform: 'linux' } });
    expect(await again.get(KEY)).toBe(SECRET);
    await again.delete(KEY);
    expect(await again.has(KEY)).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).toContain("Cannot find module 'keytar'");
  });

  it('is also used when keytar loads but the keychain does not answer', async () => {
    const dead = {
      getPassword: () => Promise.reject(new Error('no Secret Service')),
      setPassword: () => Promise.reject(new Error('no Secret Service')),
      deletePassword: () => Promise.reject(new Error('no Secret Service')),
    };
    const store = await openSecretStore({ keytar: dead, safeStorage: { api: fakeSafeStorage(), file: path.join(dir, 'secret.enc'), platform: 'linux' } });
    expect(store.kind).toBe('encrypted');
  });

  it('falls back to memory where safeStorage has no real key (Linux basic_text) or no encryption', async () => {
    const basic = await openSecretStore({ loadKeytar: notBuilt, safeStorage: { api: fakeSafeStorage('basic_text'), file: path.join(dir, 'a.enc'), platform: 'linux' }, log });
    expect(basic.kind).toBe('memory');
    const off = { ...fakeSafeStorage(), isEncryptionAvailable: () => false };
    const none = await openSecretStore({ loadKeytar: notBuilt, safeStorage: { api: off, file: path.join(dir, 'b.enc') } });
    expect(none.kind).toBe('memory');
    await basic.set(KEY, SECRET);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(lines.join('\n')).toMatch(/basic_text/);
  });
});

describe('without keytar in the browser preview: memory only, said plainly', () => {
  it('keeps the secret in memory and warns in words an office worker understands', async () => {
    const store = await openSecretStore({ loadKeytar: notBuilt, log });
    expect(store.kind).toBe('memory');
    expect(store.warning).toBe(MEMORY_FALLBACK_WARNING);
    expect(store.warning).toMatch(/kept only until you quit/);
    expect(store.warning).toMatch(/gnome-keyring.*libsecret/);
    expect(store.warning).not.toMatch(/D-Bus|X11|keytar|module/i);
  });

  it('the services take Electron’s safeStorage from the platform when no keychain answers (real keytar, no D-Bus)', () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    // a child process, so that no D-Bus session is reachable whatever this test runner has
    const script = `
      import fs from 'node:fs';
      import path from 'node:path';
import { fileURLToPath } from 'node:url';
      import { makeTestServices } from './test/helpers/services.ts';
      import { credentialKey } from './src/shared/credential-key.ts';
      const safe = {
        isEncryptionAvailable: () => true,
        getSelectedStorageBackend: () => 'gnome_libsecret',
        encryptString: (s) => Buffer.from(s, 'utf8').reverse(),
        decryptString: (b) => Buffer.from(b).reverse().toString('utf8'),
      };
      const t = await makeTestServices({ safeStorage: safe, platform: 'linux' }, { secretStore: undefined, keychainService: 'FaxDesk-test-nobus' });
      // a secret belongs to a service (only connecting stores one): stored as connecting would store it
      await t.services.secrets.set(credentialKey('https://fax.example.com', 'office-key'), '${SECRET}');
      const status = await t.services.handlers.getConnection(undefined);
      console.log(JSON.stringify({ storage: status.secretStorage, warning: status.keychainWarning, files: fs.readdirSync(t.dataDir).filter((f) => f.startsWith('secret')) }));
      await t.cleanup();
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out.status, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout.trim().split('\n').at(-1) ?? '') as { storage: string; warning: string; files: string[] };
    expect(result).toEqual({ storage: 'encrypted', warning: ENCRYPTED_FALLBACK_WARNING, files: ['secret.enc'] });
  });
});
