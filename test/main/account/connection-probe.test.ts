/**
 * "Test connection" sends a request to an address the window chose. It must
 * not become a port scanner: whatever listens (or not) at a non-service
 * address, the answer is the same sentence, and tests are rate-limited.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_TESTS_PER_MINUTE, createConnection } from '@main/account/connection';
import { createMemorySecretStore } from '@main/credentials/secret-store';
import { createLogger } from '@main/log';
import { openSettings } from '@main/settings/settings';
import { confFactory } from '../../helpers/services';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listening(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return (server.address() as AddressInfo).port;
}

function makeConnection(now: () => number = Date.now) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-probe-'));
  closers.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const log = createLogger(() => {});
  return createConnection({ settings: openSettings(dataDir, confFactory), secrets: createMemorySecretStore(), dataDir, log, now });
}

describe('a connection test is no port scanner', () => {
  it('says the same thing whether the port is closed, resets, or serves some other program', async () => {
    const connection = makeConnection();
    const closedPort = await listening(net.createServer());
    await closers.pop()!(); // now nothing listens there
    const resetPort = await listening(net.createServer((socket) => socket.destroy()));
    const webPort = await listening(
      http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>router admin</html>');
      }),
    );
    const notFoundPort = await listening(
      http.createServer((_req, res) => {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'Not Found', errors: '' }));
      }),
    );
    const answers: string[] = [];
    for (const port of [closedPort, resetPort, webPort, notFoundPort]) {
      const origin = `http://127.0.0.1:${port}`;
      const e = await connection.test({ baseUrl: origin, apiKey: 'k', secret: 's' }).catch((x: unknown) => x);
      expect(e, origin).toMatchObject({ code: 'connection.no_service' });
      const message = (e as Error).message;
      expect(message).toContain(origin);
      // nothing about the port's state: no system code, no HTTP status, no "answered"
      const rest = message.replace(origin, '<address>');
      expect(rest).not.toMatch(/ECONN|EPIPE|HTTP|\b[1-5]\d\d\b|refused|reset|answered, but/i);
      answers.push(rest);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBe(
      'No fax service answered at <address>. Check the service address (it is on the API settings page of your management console) and the network connection, then try again.',
    );
  });

  it(`sends one request per test and allows ${CONNECTION_TESTS_PER_MINUTE} tests a minute`, async () => {
    let clock = 1_000_000;
    const connection = makeConnection(() => clock);
    let hits = 0;
    const port = await listening(
      http.createServer((_req, res) => {
        hits++;
        res.end('<html>not a fax service</html>');
      }),
    );
    const candidate = { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', secret: 's' };
    for (let i = 0; i < CONNECTION_TESTS_PER_MINUTE; i++) {
      await expect(connection.test(candidate)).rejects.toMatchObject({ code: 'connection.no_service' });
      clock += 1_000;
    }
    expect(hits).toBe(CONNECTION_TESTS_PER_MINUTE); // no retries: one request per test
    const limited = await connection.test(candidate).catch((x: unknown) => x);
    expect(limited).toMatchObject({ code: 'connection.too_many_tests', message: 'Too many connection tests in a short time. Wait 50 seconds and try again.' });
    await expect(connection.connect(candidate)).rejects.toMatchObject({ code: 'connection.too_many_tests' });
    expect(hits).toBe(CONNECTION_TESTS_PER_MINUTE);
    clock += 51_000; // the first tests have left the minute
    await expect(connection.test(candidate)).rejects.toMatchObject({ code: 'connection.no_service' });
    expect(hits).toBe(CONNECTION_TESTS_PER_MINUTE + 1);
    await connection.close();
  });
});
