/**
 * A stored bind password is bound to the protection it was saved with, tested
 * the way the audit caught it: a raw TCP recorder stands where the directory
 * was, and a directory saved with StartTLS is switched to plain LDAP (as a
 * user's edit or a compromised window would). The recorder must never see
 * the password. And without a keychain, the safeStorage fallback keeps bind
 * passwords encrypted across a restart, like the API secret.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBound, encodeBound, memoryKeytar, protects, createBoundPasswords, PROTECTIONS } from '@main/credentials/bound-passwords';
import type { SafeStorageLike } from '@main/credentials/safe-storage-keytar';
import { openSecretStore } from '@main/credentials/secret-store';
import { dispatch } from '@main/ipc/dispatch';
import { BIND_PASSWORDS_FILE, createMainServices } from '@main/services';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER, type SaveDirectoryInput } from '@shared/directory/types';
import { confFactory, makeTestServices, type TestServices } from '../../helpers/services';

const PASSWORD = 'Bind-pw-9!recorded-on-the-wire';

/** Accepts connections on 127.0.0.1 and keeps every byte a client sends; answers nothing and hangs up. */
async function recorder(): Promise<{ url: string; bytes: () => Buffer; connections: () => number; close(): Promise<void> }> {
  const chunks: Buffer[] = [];
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    connections += 1;
    sockets.add(s);
    s.on('data', (c: Buffer) => {
      chunks.push(c);
      s.destroy();
    });
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `ldap://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    bytes: () => Buffer.concat(chunks),
    connections: () => connections,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

function fields(url: string, overrides: Partial<SaveDirectoryInput> = {}): SaveDirectoryInput {
  return {
    name: 'Office',
    url,
    startTls: true,
    allowPlain: false,
    bindDn: 'cn=fax reader,dc=example,dc=com',
    baseDn: 'dc=example,dc=com',
    filter: DEFAULT_DIRECTORY_FILTER,
    attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
    ...overrides,
  };
}

describe('a stored bind password never goes to a weaker connection', () => {
  let t: TestServices;
  let wire: Awaited<ReturnType<typeof recorder>>;
  beforeEach(async () => {
    t = await makeTestServices();
    wire = await recorder();
  });
  afterEach(async () => {
    await wire.close();
    await t.cleanup();
  });
  const call = (name: string, input: unknown) => dispatch(t.services.handlers, name, input);

  it('saved with StartTLS, then switched to plain with "allow unencrypted": test and search refuse, nothing reaches the wire', async () => {
    const saved = await call('saveDirectory', { ...fields(wire.url), password: PASSWORD });
    expect(saved).toMatchObject({ ok: true, value: { hasPassword: true } });
    const id = (saved as { value: { id: string } }).value.id;

    const weakened = fields(wire.url, { startTls: false, allowPlain: true });
    // The form learns there is no password it may use here, so it asks for one.
    expect(await call('saveDirectory', { id, ...weakened })).toMatchObject({ ok: true, value: { hasPassword: false } });
    const test = await call('testDirectory', weakened);
    expect(test).toMatchObject({ ok: false, error: { code: 'directory.password_weaker', message: expect.stringMatching(/enter the password again/) } });
    expect(await call('searchDirectory', { directoryId: id, query: 'Alice', requestId: 'r1' })).toMatchObject({
      ok: false,
      error: { code: 'directory.password_weaker' },
    });
    expect(wire.bytes().includes(Buffer.from(PASSWORD))).toBe(false);
    expect(wire.connections()).toBe(0);

    // Turned back to StartTLS, the stored password is usable again.
    expect(await call('saveDirectory', { id, ...fields(wire.url) })).toMatchObject({ ok: true, value: { hasPassword: true } });
  });

  it('the recorder does catch a plain bind: the password the user types for a plain connection goes (and is then bound to plain)', async () => {
    const plain = fields(wire.url, { startTls: false, allowPlain: true });
    await call('testDirectory', { ...plain, password: PASSWORD });
    expect(wire.bytes().includes(Buffer.from(PASSWORD))).toBe(true);
    const saved = await call('saveDirectory', { ...plain, password: PASSWORD });
    expect(saved).toMatchObject({ ok: true, value: { hasPassword: true } });
    // A password saved for plain may go to a stronger connection.
    const id = (saved as { value: { id: string } }).value.id;
    expect(await call('saveDirectory', { id, ...fields(wire.url) })).toMatchObject({ ok: true, value: { hasPassword: true } });
  });
});

describe('the binding rule, on both sides of every level', () => {
  it('a connection carries a password saved at its own level or a weaker one, never a stronger one', () => {
    for (const now of PROTECTIONS) {
      for (const saved of PROTECTIONS) {
        expect(protects(now, saved), `${now} <- ${saved}`).toBe(PROTECTIONS.indexOf(now) >= PROTECTIONS.indexOf(saved));
      }
    }
    expect(protects('plain', 'tls-unverified')).toBe(false);
    expect(protects('tls-unverified', 'tls-verified')).toBe(false);
    expect(protects('tls-verified', 'plain')).toBe(true);
  });

  it('an entry stored before the binding (the bare password) counts as saved with the strongest protection', async () => {
    const keytar = memoryKeytar();
    await keytar.setPassword('svc', 'postgres://db.example.com alice', 'legacy-pw');
    const store = createBoundPasswords({ service: 'svc', keytar: async () => keytar, failure: () => new Error('x') });
    expect(await store.lookup('postgres://db.example.com', 'alice', 'tls-unverified')).toEqual({ state: 'weaker', savedWith: 'tls-verified' });
    expect(await store.lookup('postgres://db.example.com', 'alice', 'tls-verified')).toMatchObject({ state: 'usable', password: 'legacy-pw' });
    expect(decodeBound(encodeBound('tls-unverified', '{"a":1}'))).toEqual({ protection: 'tls-unverified', password: '{"a":1}' });
    expect(await store.lookup('postgres://db.example.com', 'bob', 'plain')).toEqual({ state: 'none' });
  });
});

function fakeSafeStorage(): SafeStorageLike {
  const key = crypto.randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
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

describe('without a keychain, the safeStorage fallback keeps bind passwords encrypted across a restart', () => {
  it('saved in one run, still there in the next; the file never holds it in clear', async () => {
    const safe = fakeSafeStorage();
    const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-enc-'));
    const notBuilt = () => Promise.reject(new Error("Cannot find module 'keytar'"));
    const encrypted = () => openSecretStore({ loadKeytar: notBuilt, safeStorage: { api: safe, file: path.join(secretDir, 'secret.enc'), platform: 'linux' } });
    const t = await makeTestServices({ safeStorage: safe, platform: 'linux' }, { secretStore: await encrypted() });
    try {
      const saved = await dispatch(t.services.handlers, 'saveDirectory', { ...fields('ldap://127.0.0.1:3890', { startTls: false }), password: PASSWORD });
      expect(saved).toMatchObject({ ok: true, value: { hasPassword: true } });
      await t.services.close();
      const file = path.join(t.dataDir, BIND_PASSWORDS_FILE);
      expect(fs.readFileSync(file).includes(Buffer.from(PASSWORD))).toBe(false);
      const again = await createMainServices(t.deps, { storeFactory: confFactory, secretStore: await encrypted(), intake: { home: t.dataDir } });
      try {
        expect(await dispatch(again.handlers, 'listDirectories', undefined)).toMatchObject({ ok: true, value: [{ hasPassword: true }] });
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(t.dataDir, { recursive: true, force: true });
      fs.rmSync(secretDir, { recursive: true, force: true });
    }
  });
});
