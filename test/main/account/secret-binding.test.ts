/**
 * DESIGN.md "A credential belongs to its service": the stored API secret goes
 * only to the address and API key it was saved with. The user's service is
 * the real simulator; the "attacker host" is a plain loopback server that
 * answers like a fax service and records every header it is sent. The
 * secrets live in the real keychain when one is reachable (run through
 * /tmp/runtests.sh), in a test entry of their own.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { grantDroppedFile } from '@main/files/grants';
import { LEGACY_KEYCHAIN_ACCOUNT, loadKeytar, type KeytarLike } from '@main/credentials/secret-store';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { makeTestServices, type TestServices } from '../../helpers/services';

const SECRET = 'Bound-7c1d-to-its-service-secret';
const KEYCHAIN = `FaxDesk-test-binding-${process.pid}`;

interface AttackerHost {
  baseUrl: string;
  requests: Array<Record<string, string | string[] | undefined>>;
  close(): Promise<void>;
}

/** A host that would gladly take a secret: it answers every request as a healthy fax service. */
async function attackerHost(): Promise<AttackerHost> {
  const requests: AttackerHost['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        success: true,
        message: 'ok',
        data: { uid: 'evil', name: 'Evil', balance: 1, status: 'active', webhook_url: null, created_at: '2026-01-01 00:00:00', updated_at: '2026-01-01 00:00:00' },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let keytar: KeytarLike | null = null;
try {
  if (process.env.DBUS_SESSION_BUS_ADDRESS) {
    keytar = await loadKeytar();
    await keytar.setPassword(KEYCHAIN, 'reachability', 'x');
    await keytar.deletePassword(KEYCHAIN, 'reachability');
  }
} catch {
  keytar = null;
}
if (!keytar) console.log('[secret-binding] no Secret Service here: the secrets are kept in memory (run through /tmp/runtests.sh for the real keychain)');

let t: TestServices | null = null;
let sim: RunningSimulator | null = null;
let evil: AttackerHost | null = null;
afterEach(async () => {
  await t?.cleanup();
  await sim?.stop();
  await evil?.close();
  t = sim = evil = null;
});

async function connected() {
  sim = await startSimulator({ speed: 200, apiKey: 'office-key', apiSecret: SECRET });
  evil = await attackerHost();
  // no secretStore given: the real keychain (or memory where there is none), under a test entry
  t = await makeTestServices({}, { secretStore: undefined, keychainService: KEYCHAIN });
  const r = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: SECRET });
  expect(r.ok).toBe(true);
  if (keytar) expect(t.services.secrets.kind).toBe('keychain');
  return { sim, evil, t };
}

const secretsSeenBy = (host: AttackerHost) => host.requests.map((h) => h['x-api-secret']).filter((v) => v !== undefined);

describe('the stored secret stays with its service', () => {
  it('a test or connect to another address with the secret field empty is refused before anything is sent', async () => {
    const { sim, evil, t } = await connected();
    for (const channel of ['testConnection', 'connectAccount'] as const) {
      const r = await dispatch(t.services.handlers, channel, { baseUrl: evil.baseUrl, apiKey: 'office-key' });
      expect(r).toMatchObject({ ok: false, error: { code: 'credentials.secret_required' } });
      if (!r.ok) {
        expect(r.error.message).toContain(evil.baseUrl);
        expect(r.error.message).toMatch(/^Type the API secret/);
      }
    }
    // a changed API key on the same address is another credential too
    const otherKey = await dispatch(t.services.handlers, 'testConnection', { baseUrl: sim.baseUrl, apiKey: 'other-key' });
    expect(otherKey).toMatchObject({ ok: false, error: { code: 'credentials.secret_required' } });
    expect(evil.requests).toHaveLength(0);
    // still connected to the user's own service, secret still there
    const status = await dispatch(t.services.handlers, 'getConnection', undefined);
    expect(status).toMatchObject({ ok: true, value: { mode: 'account', baseUrl: sim.baseUrl, secretSet: true } });
    // the same address and key with the field empty uses the stored secret, as before
    const same = await dispatch(t.services.handlers, 'testConnection', { baseUrl: `${sim.baseUrl}/`, apiKey: 'office-key' });
    expect(same).toMatchObject({ ok: true, value: { mode: 'account' } });
  });

  it('the settings channel cannot change the address or key, and later calls still go to the user service only', async () => {
    const { sim, evil, t } = await connected();
    for (const patch of [{ baseUrl: evil.baseUrl }, { apiKey: 'other-key' }, { baseUrl: evil.baseUrl, apiKey: 'office-key', notifyOnDone: false }]) {
      const r = await dispatch(t.services.handlers, 'updateSettings', patch);
      expect(r, JSON.stringify(patch)).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    }
    expect(t.services.settings.get()).toMatchObject({ baseUrl: sim.baseUrl, apiKey: 'office-key', notifyOnDone: true });
    // what a window would do next: account, a send, task queries, a re-test with the field empty
    const before = sim.requestLog().length;
    expect((await dispatch(t.services.handlers, 'getAccount', undefined)).ok).toBe(true);
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'docs-'));
    const doc = path.join(dir, 'note.txt');
    fs.writeFileSync(doc, 'hello');
    // the document as the user dropped it: the window holds only main's handle
    const handle = grantDroppedFile(t.services.grants, doc).handle;
    const sent = await dispatch(t.services.handlers, 'sendFax', {
      name: 'After updateSettings',
      documents: [{ handle, url: null, name: 'note.txt', pages: 1, fileRef: null }],
      numbers: ['861088880001'],
      scheduledAt: null,
    });
    expect(sent.ok).toBe(true);
    await dispatch(t.services.handlers, 'testConnection', { baseUrl: evil.baseUrl, apiKey: 'office-key' });
    expect(sim.requestLog().length).toBeGreaterThan(before);
    expect(evil.requests).toHaveLength(0);
  });

  it('a new address receives only the secret typed for it, and the old one is then forgotten', async () => {
    const { evil, t } = await connected();
    const typed = 'typed-for-the-new-host';
    const r = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: evil.baseUrl, apiKey: 'office-key', secret: typed });
    expect(r.ok).toBe(true);
    expect(secretsSeenBy(evil)).toEqual([typed]);
    expect(JSON.stringify(evil.requests)).not.toContain(SECRET);
    if (keytar) {
      const simOrigin = new URL(sim!.baseUrl).origin;
      expect(await keytar.getPassword(KEYCHAIN, `${simOrigin} office-key`)).toBeNull();
      expect(await keytar.getPassword(KEYCHAIN, `${new URL(evil.baseUrl).origin} office-key`)).toBe(typed);
    }
    // going back to the first service now needs its secret again
    const back = await dispatch(t.services.handlers, 'testConnection', { baseUrl: sim!.baseUrl, apiKey: 'office-key' });
    expect(back).toMatchObject({ ok: false, error: { code: 'credentials.secret_required' } });
    await dispatch(t.services.handlers, 'useDemo', undefined);
    if (keytar) expect(await keytar.getPassword(KEYCHAIN, `${new URL(evil.baseUrl).origin} office-key`)).toBeNull();
  });

  it('the window cannot store a secret on its own: only connecting (address, key and secret together) stores one', async () => {
    sim = await startSimulator({ speed: 200 });
    t = await makeTestServices({}, { secretStore: undefined, keychainService: KEYCHAIN });
    // no setSecret channel (the window never had a caller for it), nor an openExternal one
    expect(await dispatch(t.services.handlers, 'setSecret', { secret: SECRET })).toMatchObject({ ok: false, error: { code: 'ipc.unknown_channel' } });
    expect(await dispatch(t.services.handlers, 'openExternal', { url: 'https://github.com/faxdesk' })).toMatchObject({ ok: false, error: { code: 'ipc.unknown_channel' } });
    expect(Object.keys(t.services.handlers)).not.toContain('setSecret');
  });
});

describe.skipIf(keytar === null)('the secret stored by the previous version', () => {
  it('moves to the configured service at start, so an existing user stays connected', async () => {
    sim = await startSimulator({ speed: 200, apiKey: 'office-key', apiSecret: SECRET });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-legacy-'));
    // what the previous version left: settings naming the service, one unkeyed keychain entry
    fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ baseUrl: sim.baseUrl, apiKey: 'office-key' }));
    await keytar!.setPassword(KEYCHAIN, LEGACY_KEYCHAIN_ACCOUNT, SECRET);
    try {
      t = await makeTestServices({ dataDir }, { secretStore: undefined, keychainService: KEYCHAIN });
      const status = await dispatch(t.services.handlers, 'getConnection', undefined);
      expect(status).toMatchObject({ ok: true, value: { mode: 'account', secretSet: true } });
      const account = await dispatch(t.services.handlers, 'getAccount', undefined);
      expect(account).toMatchObject({ ok: true, value: { mode: 'account' } });
      expect(await keytar!.getPassword(KEYCHAIN, LEGACY_KEYCHAIN_ACCOUNT)).toBeNull();
      expect(await keytar!.getPassword(KEYCHAIN, `${new URL(sim.baseUrl).origin} office-key`)).toBe(SECRET);
      expect(t.logLines.join('\n')).toContain('bound to the configured service');
      await dispatch(t.services.handlers, 'useDemo', undefined);
    } finally {
      await keytar!.deletePassword(KEYCHAIN, LEGACY_KEYCHAIN_ACCOUNT).catch(() => false);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
