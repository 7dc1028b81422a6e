/**
 * The least Node can do to send an upload, below its HTTP client: one TCP connection per upload (as curl
 * makes), the request's head and the 10 MB body (read into memory once, before any clock) written to the
 * socket at once, no `Expect: 100-continue`, and the reply read until its Content-Length is in. No FaxDesk
 * code, no http module: what is left is Node's socket path (libuv, the event loop) against curl's.
 * Plain JavaScript run by plain node.
 *
 *   node bench/workers/raw-upload.mjs BASE KEY SECRET FILE...   prints {"uploadSeconds": [...], "bytes": [...]}
 */
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const [base, key, secret, ...files] = process.argv.slice(2);
if (!base || !key || !secret || files.length === 0) throw new Error('usage: raw-upload BASE KEY SECRET FILE...');
const url = new URL('/api/v2/files/upload', base);

function upload(body) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const head = Buffer.from(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/octet-stream\r\nX-File-Name: x.pdf\r\n` +
        `X-API-Key: ${key}\r\nX-API-Secret: ${secret}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    const chunks = [];
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body);
    });
    socket.on('data', (c) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString();
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(text.slice(0, split))?.[1] ?? NaN);
      if (Number.isNaN(length)) return reject(new Error(`a reply without Content-Length: ${text.slice(0, 200)}`));
      if (Buffer.byteLength(text.slice(split + 4)) < length) return;
      const seconds = (performance.now() - t0) / 1000;
      socket.destroy();
      const status = Number(text.slice(9, 12));
      if (status !== 200) return reject(new Error(`HTTP ${status}: ${text}`));
      resolve({ seconds, size: JSON.parse(text.slice(split + 4)).data.file_size });
    });
    socket.on('error', reject);
    // closed before the whole reply came: an error, not a wait forever (after a resolve this does nothing)
    socket.on('close', () => reject(new Error(`the connection closed before the reply was complete: ${Buffer.concat(chunks).toString().slice(0, 200)}`)));
  });
}

await upload(Buffer.from('%PDF-1.4\n%%EOF\n'));
const body = fs.readFileSync(files[0]);
const uploadSeconds = [];
const bytes = [];
for (const file of files) {
  if (fs.statSync(file).size !== body.length) throw new Error(`${file} is not a copy of ${files[0]}`);
  await new Promise((r) => setTimeout(r, 100));
  const r = await upload(body);
  uploadSeconds.push(r.seconds);
  bytes.push(r.size);
}
console.log(JSON.stringify({ uploadSeconds, bytes }));
