import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTask, makePdf, sim, uploadBytes } from './helpers';
import type { RunningSimulator } from '../../src/simulator/index';

const MB10 = 10 * 1024 * 1024;
const UPLOAD = '/api/v2/files/upload';

function form(parts: Array<{ name: string; value: Blob | string; filename?: string }>): FormData {
  const fd = new FormData();
  for (const p of parts) {
    if (p.filename !== undefined) fd.append(p.name, p.value as Blob, p.filename);
    else fd.append(p.name, p.value);
  }
  return fd;
}

async function pagesOf(s: RunningSimulator, fileRef: string): Promise<number> {
  const r = await createTask(s, [fileRef], ['8613800000000']);
  expect(r.status).toBe(200);
  return s.tasks().find((t) => t.task_ref === r.body.data.task_ref)!.pages;
}

let remote: Server | null = null;
afterEach(async () => {
  if (remote) await new Promise((r) => remote!.close(r));
  remote = null;
});

async function serveRemote(handler: Parameters<typeof createServer>[1]): Promise<string> {
  remote = createServer(handler);
  await new Promise<void>((r) => remote!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
}

describe('upload: form mode (multipart/form-data)', () => {
  it('accepts part "file" and answers File uploaded with file_ref, file_size and file_ext', async () => {
    const s = await sim();
    const pdf = await makePdf(2);
    const r = await call(s, 'POST', UPLOAD, { body: form([{ name: 'file', value: new Blob([pdf]), filename: 'Report.PDF' }]) });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('File uploaded');
    expect(Object.keys(r.body.data).sort()).toEqual(['file_ext', 'file_ref', 'file_size']);
    expect(r.body.data.file_size).toBe(pdf.length);
    expect(r.body.data.file_ext).toBe('pdf');
    expect(r.body.data.file_ref).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(await pagesOf(s, r.body.data.file_ref)).toBe(2);
  });

  it('uses the optional file_name field, Chinese allowed, whichever order the parts come in', async () => {
    const s = await sim();
    const txt = new Blob(['hello\n']);
    const before = await call(s, 'POST', UPLOAD, {
      body: form([{ name: 'file_name', value: '传真 文件.txt' }, { name: 'file', value: txt, filename: 'a.bin' }]),
    });
    expect(before.status).toBe(200);
    expect(before.body.data.file_ext).toBe('txt');
    const after = await call(s, 'POST', UPLOAD, {
      body: form([{ name: 'file', value: txt, filename: 'a.exe' }, { name: 'file_name', value: '合同.docx' }]),
    });
    expect(after.status).toBe(200);
    expect(after.body.data.file_ext).toBe('docx');
  });

  it('refuses a form without a file part', async () => {
    const s = await sim();
    const r = await call(s, 'POST', UPLOAD, { body: form([{ name: 'file_name', value: 'x.pdf' }]) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: 'No file provided' });
    expect(typeof r.body.errors).toBe('string');
  });

  it('refuses a truncated multipart body', async () => {
    const s = await sim();
    const r = await call(s, 'POST', UPLOAD, {
      headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
      body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Invalid upload request');
  });

  it('refuses a file of 10 MB + 1 byte and accepts exactly 10 MB', async () => {
    const s = await sim();
    const big = await call(s, 'POST', UPLOAD, { body: form([{ name: 'file', value: new Blob([new Uint8Array(MB10 + 1)]), filename: 'big.txt' }]) });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ success: false, message: 'File is too large' });
    expect(big.body.errors).toMatch(/10 MB/);
    const max = await call(s, 'POST', UPLOAD, { body: form([{ name: 'file', value: new Blob([new Uint8Array(MB10).fill(65)]), filename: 'max.txt' }]) });
    expect(max.status).toBe(200);
    expect(max.body.data.file_size).toBe(MB10);
  });
});

describe('upload: binary mode (application/octet-stream)', () => {
  it('takes the name from X-File-Name, percent-encoded UTF-8 allowed', async () => {
    const s = await sim();
    const r = await uploadBytes(s, '发票 2024.jpg', new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ file_size: 6, file_ext: 'jpg' });
    expect(await pagesOf(s, r.body.data.file_ref)).toBe(1);
  });

  it('requires X-File-Name', async () => {
    const s = await sim();
    const r = await call(s, 'POST', UPLOAD, { headers: { 'Content-Type': 'application/octet-stream' }, body: 'abc' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: 'No file name' });
  });

  it('refuses an empty file, an unsupported type and a name longer than 255 characters', async () => {
    const s = await sim();
    const empty = await uploadBytes(s, 'empty.pdf', new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: 'File is empty', errors: 'The uploaded file is empty.' });

    for (const name of ['virus.exe', 'noextension', 'archive.zip']) {
      const r = await uploadBytes(s, name, 'data');
      expect(r.status, name).toBe(400);
      expect(r.body.message).toBe('Unsupported file type');
      expect(r.body.errors).toMatch(/accepted types: PDF, DOC, DOCX, TXT, JPG, JPEG, PNG, TIF, TIFF/);
    }

    const long = await uploadBytes(s, `${'a'.repeat(252)}.txt`, 'x');
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: 'Invalid file name' });
    expect(long.body.errors).toMatch(/255/);
    const longChinese = await uploadBytes(s, `${'传'.repeat(251)}.txt`, 'x');
    expect(longChinese.status).toBe(200);
  });

  it('refuses 10 MB + 1 byte', async () => {
    const s = await sim();
    const r = await uploadBytes(s, 'big.pdf', new Uint8Array(MB10 + 1));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('File is too large');
  });

  it('accepts every listed format, case-insensitively', async () => {
    const s = await sim();
    for (const ext of ['pdf', 'DOC', 'docx', 'txt', 'jpg', 'JPEG', 'png', 'tif', 'tiff']) {
      const r = await uploadBytes(s, `f.${ext}`, 'content');
      expect(r.status, ext).toBe(200);
      expect(r.body.data.file_ext).toBe(ext.toLowerCase());
    }
  });
});

describe('upload: URL mode (application/json)', () => {
  // These tests serve their files on 127.0.0.1, which only the test-only switch lets the simulator fetch.
  it('fetches remote_url and names the file after the URL unless file_name is given', async () => {
    const s = await sim({ allowLoopbackRemoteUrls: true });
    const pdf = await makePdf(3);
    const base = await serveRemote((_req, res) => res.end(Buffer.from(pdf)));
    const r = await call(s, 'POST', UPLOAD, { json: { remote_url: `${base}/files/%E5%90%88%E5%90%8C.pdf` } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ file_size: pdf.length, file_ext: 'pdf' });
    expect(await pagesOf(s, r.body.data.file_ref)).toBe(3);
    const named = await call(s, 'POST', UPLOAD, { json: { remote_url: `${base}/download?id=1`, file_name: 'scan.pdf' } });
    expect(named.status).toBe(200);
    expect(named.body.data.file_ext).toBe('pdf');
  });

  it('refuses a missing remote_url, a non-http URL, an unreachable one and a remote error', async () => {
    const s = await sim({ allowLoopbackRemoteUrls: true });
    const missing = await call(s, 'POST', UPLOAD, { json: { file_name: 'a.pdf' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('No file provided');
    const ftp = await call(s, 'POST', UPLOAD, { json: { remote_url: 'ftp://example.com/a.pdf' } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.message).toBe('Invalid upload request');
    const base = await serveRemote((_req, res) => {
      res.statusCode = 404;
      res.end('nope');
    });
    const gone = await call(s, 'POST', UPLOAD, { json: { remote_url: `${base}/a.pdf` } });
    expect(gone.status).toBe(400);
    expect(gone.body).toMatchObject({ message: 'Remote file could not be fetched', errors: 'The remote server answered HTTP 404.' });
    const closed = await call(s, 'POST', UPLOAD, { json: { remote_url: 'http://127.0.0.1:1/a.pdf' } });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('Remote file could not be fetched');
  });

  it('applies the 10 MB limit to remote files, declared or streamed', async () => {
    const s = await sim({ allowLoopbackRemoteUrls: true });
    const base = await serveRemote((req, res) => {
      if (req.url === '/declared.pdf') {
        res.setHeader('Content-Length', String(MB10 + 1));
        res.end(Buffer.alloc(MB10 + 1));
        return;
      }
      // chunked, no Content-Length: the simulator must count as it reads
      res.write(Buffer.alloc(MB10));
      res.end(Buffer.alloc(10));
    });
    for (const path of ['/declared.pdf', '/streamed.pdf']) {
      const r = await call(s, 'POST', UPLOAD, { json: { remote_url: base + path } });
      expect(r.status, path).toBe(400);
      expect(r.body.message).toBe('File is too large');
    }
  });
});

describe('upload: URL mode fetches public addresses only', () => {
  /** A loopback file server that counts what reaches it. */
  async function countingServer(handler: Parameters<typeof createServer>[1] = (_q, r) => r.end('%PDF-1.4\n%%EOF\n')) {
    const hits: string[] = [];
    const base = await serveRemote((req, res) => {
      hits.push(req.url ?? '');
      handler(req, res);
    });
    return { base, port: new URL(base).port, hits };
  }

  it('refuses loopback, private, link-local, unique-local and meta addresses, also behind a host name', async () => {
    const s = await sim(); // as demo mode runs it: no test switch
    const { port, hits } = await countingServer();
    const refused = [
      `http://127.0.0.1:${port}/a.pdf`,
      `http://localhost:${port}/a.pdf`, // a host name resolving to 127.0.0.1: checked after DNS
      `http://[::1]:${port}/a.pdf`,
      `http://[::ffff:127.0.0.1]:${port}/a.pdf`,
      `http://0.0.0.0:${port}/a.pdf`,
      'http://10.0.0.1/a.pdf',
      'http://192.168.1.1/a.pdf',
      'http://172.16.0.1/a.pdf',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/a.pdf',
      'http://[fe80::1]/a.pdf',
      'https://127.0.0.1/a.pdf',
    ];
    for (const remote_url of refused) {
      const r = await call(s, 'POST', UPLOAD, { json: { remote_url } });
      expect(r.status, remote_url).toBe(400);
      expect(r.body, remote_url).toMatchObject({
        message: 'Remote file could not be fetched',
        errors: 'The address is on a private or local network. Only files on the public internet can be fetched.',
      });
    }
    expect(hits).toEqual([]);
  });

  it('follows no redirect, not even to a public address', async () => {
    const s = await sim({ allowLoopbackRemoteUrls: true });
    const { base, hits } = await countingServer((req, res) => {
      if (req.url === '/moved.pdf') {
        res.writeHead(302, { location: '/final.pdf' });
        return void res.end();
      }
      res.end('%PDF-1.4\n%%EOF\n');
    });
    const r = await call(s, 'POST', UPLOAD, { json: { remote_url: `${base}/moved.pdf` } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatch(/redirect \(HTTP 302\); redirects are not followed/);
    expect(hits).toEqual(['/moved.pdf']);
  });

  it('gives up on a server that sends headers and then stalls, within the time cap', async () => {
    const { fetchRemote } = await import('../../src/simulator/routes/remote');
    const { base } = await countingServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('%PDF-1.4\n'); // …and never ends
    });
    const started = Date.now();
    const e = await fetchRemote(`${base}/slow.pdf`, new AbortController().signal, { timeoutMs: 300, allowLoopback: true }).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 400, errors: 'The remote server did not send the file within 0.3 s.' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('upload: content type', () => {
  it('refuses a Content-Type that is none of the three modes', async () => {
    const s = await sim();
    const r = await call(s, 'POST', UPLOAD, { headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: 'Unsupported upload mode' });
  });
});
