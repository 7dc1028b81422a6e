import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MalformedReplyError } from '@main/api/errors';
import { client, failure, instantSleep, localServer } from './helpers';

/** Text in the bodies below that must never surface in an error. */
const MARKER = 'BODY-MARKER-do-not-echo';
const POLICY = { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 10 };

/** Routes by path prefix, so one server can play many broken services. */
async function brokenService(): Promise<{ base: string; hits: Map<string, number> }> {
  const hits = new Map<string, number>();
  const garbage = randomBytes(10 * 1024 * 1024);
  const base = await localServer((req, res) => {
    const kind = (req.url ?? '/').split('/')[1] ?? '';
    hits.set(kind, (hits.get(kind) ?? 0) + 1);
    switch (kind) {
      case 'html502':
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end(`<html><head><title>502 Bad Gateway</title></head><body><h1>${MARKER}</h1></body></html>`);
        return;
      case 'truncated': {
        const body = `{"success":true,"message":"Account details retrieved","data":{"uid":"${MARKER}","bal`;
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
        res.end(body);
        return;
      }
      case 'wrongtypes':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            success: true,
            message: 'Account details retrieved',
            data: { uid: { nested: MARKER }, name: 42, balance: 'lots', status: 'active', created_at: 'x', updated_at: 'y' },
          }),
        );
        return;
      case 'noenvelope':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: MARKER }));
        return;
      case 'garbage-sized':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(garbage.length) });
        res.end(garbage);
        return;
      case 'garbage-chunked':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        for (let i = 0; i < 10; i++) res.write(garbage.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
        res.end();
        return;
      case 'redirect':
        res.writeHead(301, { Location: 'http://elsewhere.invalid/' });
        res.end();
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
  return { base, hits };
}

describe('a reply that is not what the spec promises is a clear error, never a crash', () => {
  it('an HTML 502 page: malformed reply naming HTTP 502, retried as a server fault, body not echoed', async () => {
    const { base, hits } = await brokenService();
    const { waits, sleep } = instantSleep();
    const e = await failure(client(`${base}/html502`, { retry: POLICY, sleep }).getAccount());
    expect(e).toBeInstanceOf(MalformedReplyError);
    expect(e.message).toContain('HTTP 502');
    expect(e.message).not.toContain(MARKER);
    expect(e.message).not.toContain('<');
    expect((e as MalformedReplyError).problem).toMatch(/HTML/);
    expect(hits.get('html502')).toBe(3);
    // The window learns the status, so it can say "temporary problem" rather than "wrong address".
    expect(e.toErrorData().details).toEqual({ status: 502 });
    expect(waits).toHaveLength(2);
  });

  it('truncated JSON with a 200: malformed reply, not retried', async () => {
    const { base, hits } = await brokenService();
    const e = await failure(client(`${base}/truncated`, { retry: POLICY }).getAccount());
    expect(e).toBeInstanceOf(MalformedReplyError);
    expect(e.message).toContain('HTTP 200');
    expect(JSON.stringify(e.toErrorData())).not.toContain(MARKER);
    expect(e.toErrorData().details).toEqual({ status: 200 });
    expect(hits.get('truncated')).toBe(1);
  });

  it('fields of the wrong type: malformed reply listing the paths, not the values', async () => {
    const { base } = await brokenService();
    const e = await failure(client(`${base}/wrongtypes`).getAccount());
    expect(e).toBeInstanceOf(MalformedReplyError);
    const problem = (e as MalformedReplyError).problem;
    expect(problem).toMatch(/uid/);
    expect(problem).toMatch(/balance/);
    expect(problem).not.toContain(MARKER);
    expect(problem).not.toContain('lots');
  });

  it('JSON without the envelope: malformed reply', async () => {
    const { base } = await brokenService();
    expect(await failure(client(`${base}/noenvelope`).getAccount())).toBeInstanceOf(MalformedReplyError);
  });

  it('10 MB of garbage (declared or chunked) is refused without being held in memory', async () => {
    const { base } = await brokenService();
    const c = (kind: string) => client(`${base}/${kind}`, { maxReplyBytes: 256 * 1024 });
    const sized = await failure(c('garbage-sized').getAccount());
    expect(sized).toBeInstanceOf(MalformedReplyError);
    expect((sized as MalformedReplyError).problem).toMatch(/exceeds/);
    const chunked = await failure(c('garbage-chunked').getAccount());
    expect(chunked).toBeInstanceOf(MalformedReplyError);
    expect((chunked as MalformedReplyError).problem).toMatch(/exceeds/);
  });

  it('10 MB of garbage within the reply limit is still only a malformed reply', async () => {
    const { base } = await brokenService();
    const e = await failure(client(`${base}/garbage-sized`, { maxReplyBytes: 16 * 1024 * 1024 }).getAccount());
    expect(e).toBeInstanceOf(MalformedReplyError);
    expect(e.message.length).toBeLessThan(300);
  });

  it('a redirect is not followed (the credentials stay with the configured address)', async () => {
    const { base } = await brokenService();
    const e = await failure(client(`${base}/redirect`).getAccount());
    expect(e).toBeInstanceOf(MalformedReplyError);
    expect(e.message).toContain('HTTP 301');
  });

  it('a create answered with garbage may still have created the task', async () => {
    const { base } = await brokenService();
    const e = await failure(client(`${base}/truncated`).createTask({ name: 'x', file_refs: ['f'], phone_numbers: ['8613800000001'] }));
    expect(e.code).toBe('malformed_reply.outcome_unknown');
    expect(e.outcomeUnknown).toBe(true);
  });
});
