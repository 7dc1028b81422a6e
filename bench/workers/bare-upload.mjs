/**
 * The least a Node process can do to upload a file, for the upload benchmark's reference row: no
 * FaxDesk code, the file read into memory once before any clock starts (as curl --data-binary
 * has it) and that one buffer sent for every upload (the files are copies of one document), so
 * the figure is the socket's, not the garbage collector's: a fresh 10 MB buffer per upload cost
 * 3-8 ms of collection inside the timing. `Expect: 100-continue`, and one write of the body once
 * the service says "continue".
 * Plain JavaScript run by plain node, so nothing is compiled on the fly.
 *
 * It also times, on the main thread's CPU, the same two windows as the app's worker (app-upload.mts): from
 * the upload's start to the request's creation, and from the reply's headers to the result. What Node's
 * http client does there (the request's construction, the agent, the reply's parser and events) a
 * sender cannot avoid; the app's own work per upload is what it adds on top.
 *
 *   node bench/workers/bare-upload.mjs BASE KEY SECRET FILE...   prints {"uploadSeconds": [...], "bytes": [...], "ownCpuMs": [...]}
 */
import { Buffer } from 'node:buffer';
import dc from 'node:diagnostics_channel';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [base, key, secret, ...files] = process.argv.slice(2);
if (!base || !key || !secret || files.length === 0) throw new Error('usage: bare-upload BASE KEY SECRET FILE...');

// As in app-upload.mts: threadCpuUsage is only current once cpuUsage has brought this thread's run time up to date.
const onCpuMs = () => {
  process.cpuUsage();
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};
let created = NaN;
let responded = NaN;
dc.subscribe('http.client.request.created', () => (created = onCpuMs()));
dc.subscribe('http.client.response.finish', () => (responded = onCpuMs()));

function upload(body) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(new URL('/api/v2/files/upload', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'x-file-name': 'x.pdf',
        'x-api-key': key,
        'x-api-secret': secret,
        'content-length': body.length,
        expect: '100-continue',
      },
    });
    req.on('continue', () => req.end(body));
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}: ${Buffer.concat(chunks)}`));
        resolve({ seconds: (performance.now() - t0) / 1000, size: JSON.parse(Buffer.concat(chunks).toString()).data.file_size });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

// Warmed up as the app is (a first small upload), then each file 100 ms after the last, as curl's runs are paced.
await upload(Buffer.from('%PDF-1.4\n%%EOF\n'));
const uploadSeconds = [];
const ownCpuMs = [];
const bytes = [];
const body = fs.readFileSync(files[0]);
for (const file of files) {
  if (fs.statSync(file).size !== body.length) throw new Error(`${file} is not a copy of ${files[0]}`);
  await new Promise((r) => setTimeout(r, 100));
  const c1 = onCpuMs();
  const r = await upload(body);
  ownCpuMs.push(created - c1 + (onCpuMs() - responded));
  uploadSeconds.push(r.seconds);
  bytes.push(r.size);
}
console.log(JSON.stringify({ uploadSeconds, bytes, ownCpuMs }));
