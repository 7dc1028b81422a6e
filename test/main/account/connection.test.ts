import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { createMemorySecretStore } from '@main/credentials/secret-store';
import { dispatch } from '@main/ipc/dispatch';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { ACCOUNT_SHARED_MS } from '@main/account/connection';

let t: TestServices | null = null;
let sim: RunningSimulator | null = null;
afterEach(async () => {
  await t?.cleanup();
  await sim?.stop();
  t = null;
  sim = null;
});

const SECRET = 'correct-horse-battery-staple-42';

/** the clock of the account reads' sharing window (ACCOUNT_SHARED_MS): tests move it */
let now = 1_000_000;
async function setup() {
  sim = await startSimulator({ port: 0, apiKey: 'office-key', apiSecret: SECRET, balance: 123.4, accountName: 'Acme Trading' });
  t = await makeTestServices({}, { secretStore: createMemorySecretStore(), accountNow: () => now });
  return { sim, t };
}

describe('connecting an account', () => {
  it('starts in demo mode against the built-in simulator and shows a balance', async () => {
    const { t } = await setup();
    const status = await dispatch(t.services.handlers, 'getConnection', undefined);
    expect(status).toMatchObject({ ok: true, value: { mode: 'demo', secretSet: false } });
    const account = await dispatch(t.services.handlers, 'getAccount', undefined);
    expect(account).toMatchObject({ ok: true, value: { mode: 'demo', status: 'active' } });
    if (account.ok) expect((account.value as { balance: number }).balance).toBeGreaterThan(0);
  });

  it('explains a wrong secret, and connects with the right one without writing it to disk', async () => {
    const { sim, t } = await setup();
    const wrong = await dispatch(t.services.handlers, 'testConnection', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: 'nope-nope' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'auth.invalid_credentials' } });
    const missing = await dispatch(t.services.handlers, 'testConnection', { baseUrl: sim.baseUrl, apiKey: 'office-key' });
    // nothing stored for this service: the user is asked to type the secret, and nothing is sent
    expect(missing).toMatchObject({ ok: false, error: { code: 'credentials.secret_required' } });
    sim.setAccount({ apiEnabled: false });
    const noApi = await dispatch(t.services.handlers, 'testConnection', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: SECRET });
    expect(noApi).toMatchObject({ ok: false, error: { code: 'auth.no_api_access' } });
    sim.setAccount({ apiEnabled: true });

    const connected = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: SECRET });
    expect(connected).toMatchObject({ ok: true, value: { name: 'Acme Trading', balance: 123.4, mode: 'account' } });
    const status = await dispatch(t.services.handlers, 'getConnection', undefined);
    expect(status).toMatchObject({ ok: true, value: { mode: 'account', apiKey: 'office-key', secretSet: true } });
    expect(JSON.stringify(status)).not.toContain(SECRET);
    expect(t.emitted.some((e) => e.name === 'connectionChanged' && !JSON.stringify(e.payload).includes(SECRET))).toBe(true);

    for (const file of fs.readdirSync(t.dataDir, { recursive: true }) as string[]) {
      const full = path.join(t.dataDir, file);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full, 'utf8')).not.toContain(SECRET);
    }
    expect(t.logLines.join('\n')).not.toContain(SECRET);

    const back = await dispatch(t.services.handlers, 'useDemo', undefined);
    expect(back).toMatchObject({ ok: true, value: { mode: 'demo', secretSet: false } });
  });

  it('refuses a plain-http address that is not this computer', async () => {
    const { t } = await setup();
    const r = await dispatch(t.services.handlers, 'testConnection', { baseUrl: 'http://fax.example.com', apiKey: 'k', secret: 's' });
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    if (!r.ok) expect(r.error.fields?.['baseUrl']?.[0]).toMatch(/https/);
  });

  it("demo mode's built-in service never fetches a document URL on this computer", async () => {
    const hits: string[] = [];
    const files = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('%PDF-1.4\n%%EOF\n');
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    try {
      const { t } = await setup();
      const port = (files.address() as AddressInfo).port;
      for (const url of [`http://127.0.0.1:${port}/secret.pdf`, `http://localhost:${port}/secret.pdf`]) {
        const r = await dispatch(t.services.handlers, 'addFromUrl', { url });
        expect(r, url).toMatchObject({ ok: false });
        if (!r.ok) expect(r.error.message, url).toMatch(/private or local network/);
      }
      expect(hits).toEqual([]);
    } finally {
      await new Promise<void>((r) => files.close(() => r()));
    }
  });
});

/**
 * Each change is announced once the connection's status has been read (services.ts); a status read
 * started after the change answers after theirs (the same reads, queued behind them), so by then
 * every announcement of the change is out: an event to await, not a moment to sleep through.
 */
async function announcementsOut(t: TestServices): Promise<void> {
  expect((await dispatch(t.services.handlers, 'getConnection', undefined)).ok).toBe(true);
}

describe('reading the account around a connection change', () => {
  const accountReads = (s: RunningSimulator) => s.requestLog().filter((e) => e.path === '/api/v2/account/status').length;

  it('Save and connect sends one account query, however many parts of the window read the account after it', async () => {
    const { sim, t } = await setup();
    const changes = () => t.emitted.filter((e) => e.name === 'connectionChanged').length;
    const before = changes();
    const connected = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: SECRET });
    expect(connected.ok).toBe(true);
    await announcementsOut(t);
    // One announcement of the change, not one from the settings and one from the connect.
    expect(changes() - before).toBe(1);
    // The window reacts: the header, the account screen and the event handler each ask at once.
    const reads = await Promise.all([1, 2, 3, 4].map(() => dispatch(t.services.handlers, 'getAccount', undefined)));
    expect(reads.every((r) => r.ok && (r.value as { name: string }).name === 'Acme Trading')).toBe(true);
    expect(accountReads(sim)).toBe(1);
    // Until the sharing window ends a read is still the shared one; from its end a read is a read again.
    now += ACCOUNT_SHARED_MS - 1;
    expect((await dispatch(t.services.handlers, 'getAccount', undefined)).ok).toBe(true);
    expect(accountReads(sim)).toBe(1);
    now += 1;
    sim.setAccount({ balance: 99 });
    const later = await dispatch(t.services.handlers, 'getAccount', undefined);
    expect(later).toMatchObject({ ok: true, value: { balance: 99 } });
    expect(accountReads(sim)).toBe(2);
  });

  it('back to demo mode: one announcement, and the demo account is read, not the one left behind', async () => {
    const { sim, t } = await setup();
    await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: SECRET });
    // (the announcement goes out once the keychain has said whether a secret is stored)
    await announcementsOut(t);
    const before = t.emitted.filter((e) => e.name === 'connectionChanged').length;
    await dispatch(t.services.handlers, 'useDemo', undefined);
    await announcementsOut(t);
    expect(t.emitted.filter((e) => e.name === 'connectionChanged').length - before).toBe(1);
    const account = await dispatch(t.services.handlers, 'getAccount', undefined);
    expect(account).toMatchObject({ ok: true, value: { mode: 'demo' } });
    expect(accountReads(sim)).toBe(1);
  });
});
