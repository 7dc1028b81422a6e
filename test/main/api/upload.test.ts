import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CancelledError, LocalFileError, MalformedReplyError, RateLimitedError } from '@main/api/errors';
import { encodeFileNameHeader } from '@main/api/upload-body';
import { decodeHeaderName } from '../../../src/simulator/routes/upload';
import { client, closedPort, countingFetch, failure, localServer, sim, WRONG_SECRET } from './helpers';
import { until } from '../../helpers/until';

const TEN_MB = 10 * 1024 * 1024;

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-upload-'));
}

/** A text file of exactly `size` bytes, written in pieces so the test itself holds little. */
function bigTextFile(size: number, name = 'big.txt'): string {
  const p = path.join(tempDir(), name);
  const line = Buffer.from('FaxDesk streaming upload test line: 0123456789 abcdefghijklmnopqrstuvwxyz\n');
  const fd = fs.openSync(p, 'w');
  let written = 0;
  while (written < size) {
    const n = Math.min(line.length, size - written);
    fs.writeSync(fd, line, 0, n);
    written += n;
  }
  fs.closeSync(fd);
  return p;
}

/** Whether this process still holds `file` open (Linux: /proc/self/fd). */
function holdsOpen(file: string): boolean {
  const real = fs.realpathSync(file);
  return fs.readdirSync('/proc/self/fd').some((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === real;
    } catch {
      return false;
    }
  });
}

/**
 * Counts the bytes it receives and discards them, answering like the service.
 * With `pauseAfter` it stops reading there until `resume()`: a client that
 * streams must then stall too, instead of reading the rest of the file.
 */
async function discardingService(pauseAfter = Infinity): Promise<{ base: string; received: () => number; paused: Promise<void>; resume: () => void }> {
  let received = 0;
  let onPause: () => void = () => {};
  const paused = new Promise<void>((r) => (onPause = r));
  let pausedReq: import('node:http').IncomingMessage | null = null;
  const base = await localServer((req, res) => {
    req.on('data', (c: Buffer) => {
      received += c.length;
      if (received >= pauseAfter && !pausedReq) {
        pausedReq = req;
        req.pause();
        onPause();
      }
    });
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: true, message: 'File uploaded', data: { file_ref: 'file_1', file_size: received, file_ext: 'txt' } }));
    });
  });
  return { base, received: () => received, paused, resume: () => pausedReq?.resume() };
}

describe('uploads stream from disk', () => {
  it('a 10 MB file reaches the simulator whole, with progress up to the total', async () => {
    const s = await sim();
    const file = bigTextFile(TEN_MB);
    const progress: Array<[number, number]> = [];
    const uploaded = await client(s.baseUrl).uploadFile(file, { onProgress: (sent, total) => progress.push([sent, total]) });
    expect(uploaded.file_size).toBe(TEN_MB);
    expect(uploaded.file_ext).toBe('txt');
    expect(progress.length).toBeGreaterThanOrEqual(10); // one report per 1 MB buffer
    expect(progress.at(-1)).toEqual([TEN_MB, TEN_MB]);
    for (let i = 1; i < progress.length; i++) expect(progress[i]![0]).toBeGreaterThan(progress[i - 1]![0]);
  });

  it('the file is read only as fast as the service takes it, never whole into memory (loose RSS check)', async () => {
    const service = await discardingService(1024 * 1024);
    const file = bigTextFile(TEN_MB);
    const c = client(service.base);
    let sent = 0;
    const before = process.memoryUsage().rss;
    const upload = c.uploadFile(file, { onProgress: (n) => (sent = n) });
    await service.paused;
    // real time: how far a client reads ahead of a paused service is the OS's socket buffers filling, no clock of ours
    await new Promise((r) => setTimeout(r, 300));
    const grown = process.memoryUsage().rss - before;
    // Socket buffers on loopback hold a few MB; a client that read ahead would have "sent" all 10.
    expect(sent).toBeLessThan(TEN_MB * 0.8);
    expect(grown).toBeLessThan(TEN_MB);
    service.resume();
    await expect(upload).resolves.toMatchObject({ file_size: TEN_MB });
    expect(sent).toBe(TEN_MB);
  });

  it('a service that reads slowly still receives every byte of the file as it is on disk', async () => {
    // Random bytes, so a piece sent twice or a buffer refilled before the socket let go of it shows.
    const file = path.join(tempDir(), 'random.bin');
    const bytes = randomBytes(TEN_MB - 12_345);
    fs.writeFileSync(file, bytes);
    let digest = '';
    const base = await localServer((req, res) => {
      const hash = createHash('sha256');
      let received = 0;
      let nextPause = 256 * 1024;
      // Stops reading every 256 KB for a moment: the client's socket fills and its writes wait, partly done.
      req.on('data', (c: Buffer) => {
        hash.update(c);
        received += c.length;
        if (received >= nextPause) {
          nextPause += 256 * 1024;
          req.pause();
          setTimeout(() => req.resume(), 2);
        }
      });
      req.on('end', () => {
        digest = hash.digest('hex');
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: true, message: 'File uploaded', data: { file_ref: 'file_1', file_size: received, file_ext: 'bin' } }));
      });
    });
    await expect(client(base).uploadFile(file)).resolves.toMatchObject({ file_size: bytes.length });
    expect(digest).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('a file cut short while it uploads is an unreadable file, never a shorter fax', async () => {
    const service = await discardingService(1024 * 1024);
    const file = bigTextFile(TEN_MB);
    const upload = failure(client(service.base).uploadFile(file));
    await service.paused;
    // Cut in the second half of the last 1 MB piece, which the paused service keeps the client from having read.
    fs.truncateSync(file, TEN_MB - 300 * 1024);
    service.resume();
    const e = await upload;
    expect(e).toBeInstanceOf(LocalFileError);
    expect(e.code).toBe('file.unreadable');
    expect(service.received()).toBeLessThan(TEN_MB - 300 * 1024);
  });

  it('an AbortSignal cancels an upload in flight', async () => {
    const s = await sim({ faults: { latencyMs: 0 } });
    const file = bigTextFile(TEN_MB);
    const ac = new AbortController();
    let calls = 0;
    const e = await failure(
      client(s.baseUrl).uploadFile(file, {
        signal: ac.signal,
        onProgress: (sent) => {
          calls++;
          if (sent >= 1024 * 1024) ac.abort();
        },
      }),
    );
    expect(e).toBeInstanceOf(CancelledError);
    expect(e.code).toBe('cancelled');
    expect(calls).toBeLessThan(160); // stopped well before the 10 MB at 64 KB a chunk
    // the service logs the upload when its connection closes, with the status it answered (0: cut off)
    await until('the upload logged', () => s.requestLog().some((r) => r.path.startsWith('/api/v2/files')));
    expect(s.requestLog().filter((r) => r.status === 200)).toHaveLength(0);
  });

  it('a Chinese file name arrives at the simulator unchanged, through form mode', async () => {
    const s = await sim();
    const name = '报价单 2024（第3版）.txt';
    const p = path.join(tempDir(), name);
    fs.writeFileSync(p, '报价\n');
    const counting = countingFetch();
    const uploaded = await client(s.baseUrl, { fetch: counting.fetch }).uploadFile(p);
    expect(uploaded.file_ext).toBe('txt');
    expect(counting.headers[0]!.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(counting.headers[0]!.has('x-file-name')).toBe(false);
    expect(s.files()).toEqual([expect.objectContaining({ file_ref: uploaded.file_ref, file_name: name, mode: 'form', file_size: 7 })]);
  });

  it('a name with a space, a quote or a percent sign is stored as written', async () => {
    const s = await sim();
    const p = path.join(tempDir(), 'plain.txt');
    fs.writeFileSync(p, 'x\n');
    const c = client(s.baseUrl);
    for (const n of ['a b.txt', '100% "final".txt', "it's (v2).txt", 'ö.txt']) await c.uploadFile(p, { fileName: n });
    expect(s.files().map((f) => [f.file_name, f.mode])).toEqual([
      ['a b.txt', 'form'],
      ['100% "final".txt', 'form'],
      ["it's (v2).txt", 'form'],
      ['ö.txt', 'form'],
    ]);
  });

  it('a safe-ASCII name goes in binary mode, unencoded', async () => {
    const s = await sim();
    const p = path.join(tempDir(), 'scan.txt');
    fs.writeFileSync(p, 'x\n');
    const counting = countingFetch();
    await client(s.baseUrl, { fetch: counting.fetch }).uploadFile(p, { fileName: 'Invoice_42.txt' });
    expect(counting.headers[0]!.get('x-file-name')).toBe('Invoice_42.txt');
    expect(s.files().map((f) => [f.file_name, f.mode])).toEqual([['Invoice_42.txt', 'binary']]);
    for (const n of ['a b.pdf', '100%.pdf', 'ö.pdf', '合同.docx']) expect(decodeHeaderName(encodeFileNameHeader(n))).toBe(n);
  });

  it('a service that refuses one upload mode gets the other, once', async () => {
    const modes: string[] = [];
    const refuse = (res: import('node:http').ServerResponse, status: number) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Unsupported upload mode', errors: 'use the other one' }));
    };
    const base = await localServer((req, res) => {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!;
      modes.push(type);
      req.resume();
      req.on('end', () => {
        if (type === 'multipart/form-data') return refuse(res, 415);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: true, message: 'File uploaded', data: { file_ref: 'file_9', file_size: 2, file_ext: 'txt' } }));
      });
    });
    const p = path.join(tempDir(), '合同.txt');
    fs.writeFileSync(p, 'x\n');
    await expect(client(base).uploadFile(p)).resolves.toMatchObject({ file_ref: 'file_9' });
    expect(modes).toEqual(['multipart/form-data', 'application/octet-stream']);

    // Both refused: the second refusal is the answer, and there is no third try.
    modes.length = 0;
    const both = await localServer((req, res) => {
      modes.push((req.headers['content-type'] ?? '').split(';')[0]!);
      req.resume();
      req.on('end', () => refuse(res, 400));
    });
    const e = await failure(client(both).uploadFile(p));
    expect(e.status).toBe(400);
    expect(modes).toEqual(['multipart/form-data', 'application/octet-stream']);
  });

  it('a wrong secret during a 10 MB upload surfaces as the secret being rejected, not as a network error', async () => {
    const s = await sim();
    const file = bigTextFile(TEN_MB);
    let sent = 0;
    const e = await failure(client(s.baseUrl, { getSecret: async () => WRONG_SECRET }).uploadFile(file, { onProgress: (n) => (sent = n) }));
    expect(e.code).toBe('auth.invalid_credentials');
    expect(e.status).toBe(401);
    // Refused from the headers: the file itself never left.
    expect(sent).toBe(0);
  });

  it('a file over 10 MB or a missing file is refused before anything is sent', async () => {
    const s = await sim();
    const c = client(s.baseUrl);
    const tooBig = await failure(c.uploadFile(bigTextFile(TEN_MB + 1)));
    expect(tooBig).toBeInstanceOf(LocalFileError);
    expect(tooBig.code).toBe('file.too_large');
    const missing = await failure(c.uploadFile(path.join(tempDir(), 'gone.pdf')));
    expect(missing.code).toBe('file.unreadable');
    expect(s.counters().requests).toBe(0);
  });

  it('an upload from a URL returns a file reference', async () => {
    // the file is served on 127.0.0.1, which only the simulator's test-only switch lets it fetch
    const s = await sim({ allowLoopbackRemoteUrls: true });
    const origin = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('remote document\n');
    });
    const uploaded = await client(s.baseUrl).uploadFromUrl(`${origin}/docs/letter.txt`, '信函.txt');
    expect(uploaded.file_ext).toBe('txt');
    expect(uploaded.file_size).toBe(16);
  });

  it('nothing of the file leaves before the service says "100 Continue", though it is read meanwhile', async () => {
    const file = bigTextFile(3 * 1024 * 1024);
    let early = -1;
    let received = 0;
    const base = await localServer(
      () => {},
      (server) =>
        server.on('checkContinue', (req, res) => {
          req.on('data', (c: Buffer) => (received += c.length));
          // The service takes its time over the headers; whatever arrives meanwhile came too early.
          // real time: the bytes a client sends too early arrive as the OS delivers them, no clock of ours
          setTimeout(() => {
            early = received;
            res.writeContinue();
            req.on('end', () => {
              res.writeHead(200, { 'Content-Type': 'application/json' });
              res.end(JSON.stringify({ success: true, message: 'File uploaded', data: { file_ref: 'file_7', file_size: received, file_ext: 'txt' } }));
            });
          }, 300);
        }),
    );
    const up = await client(base).uploadFile(file);
    expect(early).toBe(0);
    expect(up.file_size).toBe(3 * 1024 * 1024);
  });

  it("an upload's answer cut short is a broken connection, not a hang or a half-read reference", async () => {
    const file = bigTextFile(1024 * 1024);
    const base = await localServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '400' });
        // cut off once the first half of the answer has left
        res.write('{"success":true,"message":"File uploaded","data":{"file_ref":"fi', () => res.socket?.destroy());
      });
    });
    const e = await failure(client(base, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).uploadFile(file));
    expect(e.code).toMatch(/^network\./);
    expect(e.message).toMatch(/connection to the fax service broke/);
  });

  it("an upload's odd answers are read as any call's are: Retry-After, the page's type, a reply too large declared or streamed", async () => {
    const file = bigTextFile(64 * 1024);
    const garbage = Buffer.alloc(6 * 1024 * 1024, 0x41);
    let kind = '';
    const base = await localServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (kind === 'busy') {
          res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '7' });
          res.end(JSON.stringify({ success: false, message: 'Too many requests', errors: 'slow down' }));
        } else if (kind === 'busy-page') {
          res.writeHead(429, { 'Content-Type': 'text/html', 'Retry-After': '9' });
          res.end('<html><body>Slow down</body></html>');
        } else if (kind === 'html') {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end('<html><body>Portal login</body></html>');
        } else if (kind === 'sized') {
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(garbage.length) });
          res.end(garbage);
        } else {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(garbage); // chunked: no length declared
        }
      });
    });
    const once = client(base, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const answer = async (k: string) => {
      kind = k;
      return failure(once.uploadFile(file));
    };
    const busy = await answer('busy');
    expect(busy).toBeInstanceOf(RateLimitedError);
    expect((busy as RateLimitedError).retryAfterMs).toBe(7000);
    expect(((await answer('busy-page')) as RateLimitedError).retryAfterMs).toBe(9000);
    const page = await answer('html');
    expect(page).toBeInstanceOf(MalformedReplyError);
    expect((page as MalformedReplyError).problem).toBe('an HTML or XML page (text/html)');
    const sized = await answer('sized');
    expect((sized as MalformedReplyError).problem).toBe(`reply of ${garbage.length} bytes exceeds ${4 * 1024 * 1024}`);
    const streamed = await answer('chunked');
    expect((streamed as MalformedReplyError).problem).toBe(`reply exceeds ${4 * 1024 * 1024} bytes`);
  });

  it('the document is closed however the upload ends (an open file stays locked on Windows)', async () => {
    const s = await sim({ faults: { latencyMs: 0 } });
    const file = bigTextFile(2 * 1024 * 1024);
    const closed = () => vi.waitFor(() => expect(holdsOpen(file)).toBe(false), { timeout: 2000, interval: 10 });
    // Sent.
    await client(s.baseUrl).uploadFile(file);
    await closed();
    // Refused from its headers.
    await failure(client(s.baseUrl, { getSecret: async () => WRONG_SECRET }).uploadFile(file));
    await closed();
    // Cancelled half-way.
    const ac = new AbortController();
    await failure(client(s.baseUrl).uploadFile(file, { signal: ac.signal, onProgress: (sent) => sent >= 1024 * 1024 && ac.abort() }));
    await closed();
    // The connection refused.
    await failure(client(await closedPort(), { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).uploadFile(file));
    await closed();
  });
});
