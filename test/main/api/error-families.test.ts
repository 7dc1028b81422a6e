import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  BusinessError,
  CancelledError,
  FAX_API_ERROR_CODES,
  MalformedReplyError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '@main/api/errors';
import { client, closedPort, failure, localServer, sim, WRONG_SECRET } from './helpers';
import { until } from '../../helpers/until';

const PHONE = '8613800000001';

function textFile(name = 'memo.txt'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-api-'));
  const p = path.join(dir, name);
  fs.writeFileSync(p, 'Dear colleague,\nplease find the order attached.\n');
  return p;
}

describe('every failure of the service becomes its own error family with a stable code', () => {
  it('reads the account when the credentials are right', async () => {
    const s = await sim({ balance: 123.45 });
    const account = await client(s.baseUrl).getAccount();
    expect(account).toMatchObject({ balance: 123.45, status: 'active', webhook_url: null });
  });

  it('a wrong secret is auth.invalid_credentials and says the secret may have been reset', async () => {
    const s = await sim();
    const e = await failure(client(s.baseUrl, { getSecret: async () => WRONG_SECRET }).getAccount());
    expect(e).toBeInstanceOf(AuthError);
    expect(e.code).toBe('auth.invalid_credentials');
    expect(e.status).toBe(401);
    expect(e.message).toMatch(/reset/);
    expect(s.counters().requests).toBe(1); // never retried
  });

  it('a secret that is not set is auth.missing_credentials without a request', async () => {
    const s = await sim();
    const e = await failure(client(s.baseUrl, { getSecret: async () => null }).getAccount());
    expect(e.code).toBe('auth.missing_credentials');
    expect(s.counters().requests).toBe(0);
  });

  it("the service's own 'missing key or secret' answer maps to auth.missing_credentials", async () => {
    const s = await sim();
    // Strip the secret on the way out, so the service (not the client) notices it is missing.
    const stripping: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('x-api-secret');
      return fetch(input, { ...init, headers });
    };
    const e = await failure(client(s.baseUrl, { fetch: stripping }).getAccount());
    expect(e.code).toBe('auth.missing_credentials');
    expect(e.status).toBe(401);
  });

  it('an account without API access is auth.no_api_access', async () => {
    const s = await sim();
    s.setAccount({ apiEnabled: false });
    const e = await failure(client(s.baseUrl).getAccount());
    expect(e.code).toBe('auth.no_api_access');
    expect(e.message).toMatch(/plan/);
  });

  it('an unknown 401 message is auth.failed', async () => {
    const base = await localServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Token revoked', errors: '' }));
    });
    const e = await failure(client(base).getAccount());
    expect(e.code).toBe('auth.failed');
  });

  it('a secret with characters no header can carry is refused locally without echoing it', async () => {
    const s = await sim();
    const e = await failure(client(s.baseUrl, { getSecret: async () => 'sécret\u00e9-Zq81' }).getAccount());
    expect(e.code).toBe('auth.malformed_credentials');
    expect(e.message).not.toContain('Zq81');
    expect(s.counters().requests).toBe(0);
  });

  it('a bad create gives a validation error with the field map', async () => {
    const s = await sim();
    const c = client(s.baseUrl);
    const file = await c.uploadFile(textFile());
    const e = await failure(
      c.createTask({ name: 'Order', file_refs: [file.file_ref], phone_numbers: [PHONE, '12', '+86 138'] }),
    );
    expect(e).toBeInstanceOf(ValidationError);
    const v = e as ValidationError;
    expect(Object.keys(v.fields)).toEqual(expect.arrayContaining(['phone_numbers.1', 'phone_numbers.2']));
    expect(v.toErrorData()).toMatchObject({ code: 'validation', fields: { 'phone_numbers.1': expect.any(Array) } });
    expect(s.taskCount()).toBe(0);
  });

  it('an expired file reference is a business error that says to upload again', async () => {
    const s = await sim();
    const c = client(s.baseUrl);
    const file = await c.uploadFile(textFile());
    s.expireFileRefs();
    const e = await failure(c.createTask({ name: 'Order', file_refs: [file.file_ref], phone_numbers: [PHONE] }));
    expect(e).toBeInstanceOf(BusinessError);
    expect(e.code).toBe('business.file_ref_invalid');
    expect((e as BusinessError).detail).toMatch(/expired/);
    expect(e.message).toMatch(/Upload the documents again/);
    expect(e.outcomeUnknown).toBe(false);
    // the service's own words cross to the window, which words its advice in the UI's language beside them
    const ipc = e.toErrorData();
    expect(ipc.details?.['said']).toBe((e as BusinessError).detail);
  });

  it('an upload the service refuses is a business error carrying its reason', async () => {
    const s = await sim();
    const e = await failure(client(s.baseUrl).uploadFile(textFile('program.exe')));
    expect(e).toBeInstanceOf(BusinessError);
    expect(e.code).toBe('business.rejected');
    expect(e.message).toMatch(/not accepted/);
  });

  it('a document the service cannot download from its address says to check the address, not the request', async () => {
    const s = await sim({ allowLoopbackRemoteUrls: true });
    // a port nobody listens on: the service's download is refused
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const e = await failure(client(s.baseUrl).uploadFromUrl(`http://127.0.0.1:${closed}/report.pdf`));
    expect(e).toBeInstanceOf(BusinessError);
    expect(e.code).toBe('business.remote_file_unavailable');
    expect(e.message).toMatch(/could not be downloaded \(ECONNREFUSED\)/);
    expect(e.message).toMatch(/Check the web address/);
    expect(e.message).not.toMatch(/Check the request/);
  });

  it('an unknown task or recipient is not_found, not retried', async () => {
    const s = await sim();
    const c = client(s.baseUrl);
    expect((await failure(c.getTask('task_missing'))).code).toBe('not_found.task');
    expect((await failure(c.getRecipient('rcpt_missing'))).code).toBe('not_found.recipient');
    expect(await failure(c.getTask('task_missing'))).toBeInstanceOf(NotFoundError);
    expect(s.counters().requests).toBe(3);
  });

  it('a malformed reference is a validation error keyed as the service keys it', async () => {
    const s = await sim();
    const e = await failure(client(s.baseUrl).getTask('bad ref!'));
    expect(e).toBeInstanceOf(ValidationError);
    expect(Object.keys((e as ValidationError).fields)).toEqual(['uid']);
  });

  it('a 5xx is a server error once retries are used up', async () => {
    const s = await sim({ faults: { errorRate: 1 } });
    const e = await failure(client(s.baseUrl, { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } }).getAccount());
    expect(e).toBeInstanceOf(ServerError);
    expect(e.code).toBe('server');
    expect(e.message).toContain('HTTP 500');
  });

  it('a 429 is rate_limited with the Retry-After in milliseconds', async () => {
    const s = await sim({ faults: { rateLimit: { every: 1, retryAfterSeconds: 7 } } });
    const e = await failure(client(s.baseUrl, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).getAccount());
    expect(e).toBeInstanceOf(RateLimitedError);
    expect((e as RateLimitedError).retryAfterMs).toBe(7000);
    expect(e.message).toMatch(/7 seconds/);
  });

  it('a refused connection is network.unreachable and certainly did not reach the service', async () => {
    const e = await failure(client(await closedPort(), { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).getAccount());
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.code).toBe('network.unreachable');
    expect((e as NetworkError).mayHaveReachedServer).toBe(false);
    expect((e as NetworkError).causeCode).toBe('ECONNREFUSED');
  });

  it('a reply that takes too long is a timeout', async () => {
    const s = await sim({ faults: { latencyMs: 1_000 } });
    const e = await failure(
      client(s.baseUrl, { timeoutMs: 150, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).getAccount(),
    );
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.code).toBe('timeout');
  });

  it('a service that never answers fails within the time its message names, retries included', async () => {
    const s = await sim({ faults: { latencyMs: 60_000 } });
    const started = Date.now();
    // the default retry policy (4 attempts with backoff) used to make this 4 × the limit and more
    const e = await failure(client(s.baseUrl, { timeoutMs: 2_000 }).getAccount());
    const waited = Date.now() - started;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toBe('The fax service did not answer within 2 seconds. Check the connection and try again.');
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(3_000);
  });

  it('an HTML page where JSON was expected is a malformed reply', async () => {
    const base = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>Welcome to our portal</body></html>');
    });
    const e = await failure(client(base).getAccount());
    expect(e).toBeInstanceOf(MalformedReplyError);
    expect(e.code).toBe('malformed_reply');
  });

  it('a caller abort is cancelled', async () => {
    const s = await sim({ faults: { latencyMs: 2_000 } });
    const ac = new AbortController();
    const before = s.counters().requests;
    const asked = failure(client(s.baseUrl).getAccount({ signal: ac.signal }));
    // aborted while the service holds the request (its answer is 2 s away)
    await until('the request at the service', () => s.counters().requests > before);
    ac.abort();
    const e = await asked;
    expect(e).toBeInstanceOf(CancelledError);
    expect(e.code).toBe('cancelled');
  });

  it('every error crosses IPC as plain {code, message} with a code from the published list', async () => {
    const s = await sim();
    const e = await failure(client(s.baseUrl, { getSecret: async () => WRONG_SECRET }).getAccount());
    const ipc = e.toErrorData();
    expect(Object.keys(ipc).sort()).toEqual(['code', 'message']);
    expect(FAX_API_ERROR_CODES).toContain(ipc.code);
    expect(structuredClone(ipc)).toEqual(ipc);
  });
});
