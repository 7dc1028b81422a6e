/**
 * The secret store against a real Secret Service when one is reachable. Run
 * the suite inside a D-Bus session with an unlocked gnome-keyring:
 *
 *   dbus-run-session -- sh -c 'export XDG_DATA_HOME=$(mktemp -d);
 *     echo -n pw | gnome-keyring-daemon --unlock --components=secrets;
 *     npx vitest run test/main/credentials'
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createKeychainSecretStore,
  createMemorySecretStore,
  LEGACY_KEYCHAIN_ACCOUNT,
  loadKeytar,
  MEMORY_FALLBACK_WARNING,
  openSecretStore,
  type KeytarLike,
} from '@main/credentials/secret-store';
import { credentialKey } from '@shared/credential-key';
import { createLogger, redact } from '@main/log';
import { keychainUnavailable } from '../../helpers/keychain';

const SECRET = 'Kc-9f1e-FaxDesk-secret-value';
const KEY = credentialKey('https://fax.example.com/api', 'office-key')!;
/** A service name of its own, so a developer's real FaxDesk entry is never touched. */
const SERVICE = `FaxDesk-test-${process.pid}`;
const lines: string[] = [];
const log = createLogger((l) => lines.push(l));

/** Why the real-keychain tests cannot run here, or null when they can. */

const skipReason = await keychainUnavailable(SERVICE);
if (skipReason) console.log(`[secret-store] real keychain tests skipped: ${skipReason}`);

afterAll(() => {
  for (const line of lines) expect(line).not.toContain(SECRET);
});

describe('the secret in the OS keychain', () => {
  it.skipIf(skipReason !== null)('is stored, read back and cleared through the real Secret Service', async () => {
    const store = await openSecretStore({ service: SERVICE, log });
    expect(store.kind).toBe('keychain');
    expect(store.warning).toBeNull();
    try {
      expect(await store.has(KEY)).toBe(false);
      await store.set(KEY, `  ${SECRET}\n`); // pasted with stray whitespace
      expect(await store.has(KEY)).toBe(true);
      expect(await store.get(KEY)).toBe(SECRET);
      // A second store (a restart) finds it: it lives in the keychain, not in this object.
      expect(await createKeychainSecretStore({ service: SERVICE }).get(KEY)).toBe(SECRET);
      await store.delete(KEY);
      expect(await store.get(KEY)).toBeNull();
      expect(await store.has(KEY)).toBe(false);
    } finally {
      await (await loadKeytar()).deletePassword(SERVICE, 'https://fax.example.com office-key').catch(() => false);
    }
  });

  it.skipIf(skipReason !== null)('gives a secret back only for the origin and account it was stored under', async () => {
    const store = await openSecretStore({ service: SERVICE, log });
    const keytar = await loadKeytar();
    try {
      await store.set(KEY, SECRET);
      // the same service written differently is the same entry
      expect(await store.get(credentialKey('HTTPS://FAX.example.com:443/api/', 'office-key')!)).toBe(SECRET);
      for (const other of [
        // another base path on the same host is another service
        credentialKey('https://fax.example.com/other/path', 'office-key'),
        credentialKey('https://fax.example.com', 'office-key'),
        credentialKey('https://fax.example.com.evil.test/api', 'office-key'),
        credentialKey('https://fax.example.com:8443', 'office-key'),
        credentialKey('http://fax.example.com', 'office-key'),
        credentialKey('https://fax.example.com', 'other-key'),
      ]) {
        expect(await store.get(other!), JSON.stringify(other)).toBeNull();
      }
      // the keychain entry is named after its service, readable in the system's keychain viewer
      expect(await keytar.getPassword(SERVICE, 'https://fax.example.com/api office-key')).toBe(SECRET);
      expect(await keytar.getPassword(SERVICE, LEGACY_KEYCHAIN_ACCOUNT)).toBeNull();
    } finally {
      await store.delete(KEY);
    }
  });

  it.skipIf(skipReason !== null)('moves the old single entry to the configured service, once, and removes it when no account is configured', async () => {
    const keytar = await loadKeytar();
    const store = await openSecretStore({ service: SERVICE, log });
    try {
      await keytar.setPassword(SERVICE, LEGACY_KEYCHAIN_ACCOUNT, SECRET); // as FaxDesk before this version wrote it
      expect(await store.migrateLegacy(KEY)).toBe('migrated');
      expect(await store.get(KEY)).toBe(SECRET);
      expect(await keytar.getPassword(SERVICE, LEGACY_KEYCHAIN_ACCOUNT)).toBeNull();
      expect(await store.migrateLegacy(KEY)).toBe('none');
      expect(await store.get(KEY)).toBe(SECRET);

      await keytar.setPassword(SERVICE, LEGACY_KEYCHAIN_ACCOUNT, 'orphan-secret');
      expect(await store.migrateLegacy(null)).toBe('removed');
      expect(await keytar.getPassword(SERVICE, LEGACY_KEYCHAIN_ACCOUNT)).toBeNull();
    } finally {
      await keytar.deletePassword(SERVICE, LEGACY_KEYCHAIN_ACCOUNT).catch(() => false);
      await store.delete(KEY);
    }
  });

  it.skipIf(skipReason !== null)('the probe entry is removed again', async () => {
    await openSecretStore({ service: SERVICE });
    expect(await (await loadKeytar()).getPassword(SERVICE, 'probe')).toBeNull();
  });

  it('once read or set, the secret is redacted from any log line', async () => {
    const store = createMemorySecretStore();
    await store.set(KEY, SECRET);
    expect(redact(`oops ${SECRET} leaked`)).toBe('oops [redacted] leaked');
  });
});

describe('without a keychain the secret stays in memory for this run, with a plain warning', () => {
  const throwing: KeytarLike = {
    getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  };

  it('a keychain that throws falls back to memory and says why', async () => {
    const store = await openSecretStore({ service: SERVICE, keytar: throwing, log });
    expect(store.kind).toBe('memory');
    // the user reads a plain sentence; the technical reason is in the log only
    expect(store.warning).toBe(MEMORY_FALLBACK_WARNING);
    expect(store.warning).not.toMatch(/D-Bus|X11/);
    expect(lines.some((l) => l.includes('Cannot autolaunch D-Bus without X11 $DISPLAY'))).toBe(true);
    await store.set(KEY, SECRET);
    expect(await store.get(KEY)).toBe(SECRET);
    expect(await store.has(KEY)).toBe(true);
    expect(await store.get(credentialKey('https://elsewhere.example', 'office-key')!)).toBeNull();
    await store.delete(KEY);
    expect(await store.get(KEY)).toBeNull();
    expect(lines.some((l) => l.includes('No system keychain is available'))).toBe(true);
  });

  it('a keychain that never answers (locked, waiting for a prompt) falls back after the probe timeout', async () => {
    const hanging: KeytarLike = {
      getPassword: () => new Promise(() => {}),
      setPassword: () => new Promise(() => {}),
      deletePassword: () => new Promise(() => {}),
    };
    const store = await openSecretStore({ keytar: hanging, probeTimeoutMs: 100, log });
    expect(store.kind).toBe('memory');
    expect(store.warning).toBe(MEMORY_FALLBACK_WARNING);
    expect(lines.some((l) => l.includes('no answer within 100 ms'))).toBe(true);
  });

  it('a native module that fails to load falls back', async () => {
    const store = await openSecretStore({ loadKeytar: () => Promise.reject(new Error('keytar.node: invalid ELF header')), log });
    expect(store.kind).toBe('memory');
    expect(store.warning).toBe(MEMORY_FALLBACK_WARNING);
    expect(lines.some((l) => l.includes('could not be loaded: keytar.node: invalid ELF header'))).toBe(true);
  });

  it('with no D-Bus session at all (real keytar in a child process) the fallback is taken', () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const script = `
      import { openSecretStore } from './src/main/credentials/secret-store.ts';
      const s = await openSecretStore({ service: 'FaxDesk-test-nobus', probeTimeoutMs: 5000 });
      const key = { origin: 'https://fax.example.com', account: 'k' };
      await s.set(key, 'child-only-secret');
      console.log(JSON.stringify({ kind: s.kind, warning: s.warning, back: (await s.get(key)) === 'child-only-secret' }));
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      encoding: 'utf8',
      timeout: 20_000,
    });
    const last = out.stdout.trim().split('\n').at(-1) ?? '';
    expect(out.status, out.stderr).toBe(0);
    const result = JSON.parse(last) as { kind: string; warning: string; back: boolean };
    expect(result.kind).toBe('memory');
    expect(result.warning).toMatch(/^FaxDesk cannot reach the system keychain; your secret will be kept only until you quit\./);
    expect(result.back).toBe(true);
  });

  it('an empty secret is refused with a plain message', async () => {
    const store = createMemorySecretStore();
    await expect(store.set(KEY, '   ')).rejects.toMatchObject({ code: 'credentials.empty_secret' });
  });

  it('a keychain that fails after opening reports a keychain error, not its OS detail', async () => {
    const store = createKeychainSecretStore({ service: SERVICE, keytar: throwing });
    const e = await store.get(KEY).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'credentials.keychain_failed' });
    expect((e as Error).message).not.toMatch(/X11/);
  });
});
