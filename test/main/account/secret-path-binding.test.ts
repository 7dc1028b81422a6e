/**
 * The API secret is bound to its service's origin AND base path: two
 * services behind one host (https://host/tenant-a, https://host/tenant-b —
 * a shared gateway, a reverse proxy) are two services. The "host" here is a
 * loopback server that answers every path as a healthy fax service and
 * records which path received which secret header.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '@main/credentials/secret-store';
import { dispatch } from '@main/ipc/dispatch';
import { createMainServices } from '@main/services';
import { credentialKey, originOnlyKey } from '@shared/credential-key';
import { confFactory, makeTestServices, type TestServices } from '../../helpers/services';

const SECRET = 'Tenant-a-only-secret-51';

interface SharedHost {
  baseUrl: string;
  seen: Array<{ path: string; secret: string | undefined }>;
  close(): Promise<void>;
}

async function sharedHost(): Promise<SharedHost> {
  const seen: SharedHost['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', secret: req.headers['x-api-secret'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        success: true,
        message: 'ok',
        data: { uid: 'u', name: 'Tenant', balance: 10, status: 'active', webhook_url: null, created_at: '2026-01-01 00:00:00', updated_at: '2026-01-01 00:00:00' },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let t: TestServices | null = null;
let host: SharedHost | null = null;
afterEach(async () => {
  await t?.cleanup();
  await host?.close();
  t = host = null;
});

describe('the API secret belongs to origin + base path', () => {
  it('another base path on the same host never receives the stored secret', async () => {
    host = await sharedHost();
    t = await makeTestServices();
    const tenantA = `${host.baseUrl}/tenant-a`;
    expect(await dispatch(t.services.handlers, 'connectAccount', { baseUrl: tenantA, apiKey: 'office-key', secret: SECRET })).toMatchObject({ ok: true });
    for (const channel of ['testConnection', 'connectAccount'] as const) {
      const r = await dispatch(t.services.handlers, channel, { baseUrl: `${host.baseUrl}/tenant-b`, apiKey: 'office-key' });
      expect(r).toMatchObject({ ok: false, error: { code: 'credentials.secret_required' } });
    }
    // The same service written with a trailing slash is the same service.
    expect(await dispatch(t.services.handlers, 'testConnection', { baseUrl: `${tenantA}/`, apiKey: 'office-key' })).toMatchObject({ ok: true });
    expect(host.seen.filter((s) => s.secret !== undefined).every((s) => s.path.startsWith('/tenant-a/'))).toBe(true);
    expect(host.seen.some((s) => s.path.startsWith('/tenant-b'))).toBe(false);
    expect(credentialKey(tenantA, 'office-key')).not.toEqual(credentialKey(`${host.baseUrl}/tenant-b`, 'office-key'));
  });

  it('an existing user, whose secret was stored under the origin alone, stays connected after the update', async () => {
    host = await sharedHost();
    t = await makeTestServices();
    const tenantA = `${host.baseUrl}/tenant-a`;
    const secrets = createMemorySecretStore();
    await secrets.set(originOnlyKey(tenantA, 'office-key')!, SECRET);
    t.services.settings.update({ baseUrl: tenantA, apiKey: 'office-key' });
    const again = await createMainServices(t.deps, { storeFactory: confFactory, secretStore: secrets, intake: { home: t.dataDir } });
    try {
      expect(await dispatch(again.handlers, 'getConnection', undefined)).toMatchObject({ ok: true, value: { mode: 'account', secretSet: true } });
      expect(await secrets.has(originOnlyKey(tenantA, 'office-key')!)).toBe(false);
      expect(await secrets.get(credentialKey(tenantA, 'office-key')!)).toBe(SECRET);
    } finally {
      await again.close();
    }
  });
});
