import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toIpcError } from '@main/ipc/to-ipc-error';
import { allSeenText, client, closedPort, failure, localServer, seen, SECRET, sim, WRONG_SECRET } from './helpers';

describe('the API secret never appears in an error, its IPC form, a log line or a result', () => {
  it('the leak check itself finds a planted secret', () => {
    seen.errors.push(new Error(`planted ${SECRET}`));
    expect(allSeenText().some((t) => t.includes(SECRET))).toBe(true);
    seen.errors.pop();
  });

  it('across every kind of failure and success, with the right and a wrong secret', async () => {
    const s = await sim();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-leak-')), 'a.txt');
    fs.writeFileSync(file, 'x\n');
    const good = client(s.baseUrl, { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 }, timeoutMs: 300 });
    const wrong = client(s.baseUrl, { getSecret: async () => WRONG_SECRET });
    const results: unknown[] = [];

    results.push(await good.getAccount());
    const uploaded = await good.uploadFile(file);
    results.push(uploaded);
    const created = await good.createTask({ name: 'n', file_refs: [uploaded.file_ref], phone_numbers: ['8613800000001'] });
    results.push(created, await good.getTask(created.task_ref), await good.getRecipient(created.recipients[0]!.rcpt_ref));

    await failure(wrong.getAccount());
    await failure(wrong.uploadFile(file));
    await failure(good.createTask({ name: '', file_refs: [], phone_numbers: ['x'] }));
    await failure(good.getTask('missing'));
    s.setFaults({ errorRate: 1 });
    await failure(good.getAccount());
    s.setFaults({ errorRate: 0, create: 'timeout' });
    await failure(good.createTask({ name: 'n', file_refs: [uploaded.file_ref], phone_numbers: ['8613800000001'] }));
    s.setFaults({ create: 'reset-mid-response' });
    await failure(good.createTask({ name: 'n', file_refs: [uploaded.file_ref], phone_numbers: ['8613800000001'] }));
    s.setAccount({ apiEnabled: false });
    await failure(good.getAccount());
    await failure(client(await closedPort()).getAccount());
    const echo = await localServer((req, res) => {
      // A hostile or broken service that echoes the request headers back in its error.
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end(`<pre>${JSON.stringify(req.headers)}</pre>`);
    });
    await failure(client(echo, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).getAccount());
    const echoJson = await localServer((req, res) => {
      const secret = String(req.headers['x-api-secret']);
      res.writeHead(req.url?.includes('fields') ? 400 : 422, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          req.url?.includes('fields')
            ? { success: false, message: `Invalid ${secret}`, errors: { [secret]: [`value ${secret} is wrong`] } }
            : { success: false, message: `Rejected ${secret}`, errors: `the secret ${secret} is not allowed` },
        ),
      );
    });
    await failure(client(echoJson).getAccount());
    await failure(client(`${echoJson}/fields`).getAccount());

    expect(seen.errors.length).toBeGreaterThanOrEqual(12);
    expect(seen.lines.length).toBeGreaterThan(10);
    const ipc = seen.errors.map((e) => JSON.stringify(toIpcError(e)));
    for (const text of [...allSeenText(), ...ipc, JSON.stringify(results)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(WRONG_SECRET);
    }
  });
});
