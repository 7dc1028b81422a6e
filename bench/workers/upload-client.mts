/**
 * The uploading process of the upload benchmarks: FaxDesk's main-process API
 * client, alone in its own process (the simulator runs in another one, like
 * curl does), so its time and memory are its own.
 *
 *   throughput BASE KEY SECRET FILE         one warm-up upload, then one timed upload
 *   memory     BASE KEY SECRET SMALL F1 F2 F3  warm-up with SMALL, then F1..F3 at once, sampling RSS
 *   pipe-memory (same arguments)          the reference: fs.createReadStream().pipe(http.request),
 *                                         the least a Node process can do to stream a file
 *
 * Prints one JSON line.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createFaxApiClient } from '../../src/main/api/client';

const [mode, baseUrl, apiKey, secret, ...files] = process.argv.slice(2);
if (!mode || !baseUrl || !apiKey || !secret || files.length === 0) throw new Error('usage: upload-client MODE BASE KEY SECRET FILE...');
const client = createFaxApiClient({ baseUrl, apiKey, getSecret: async () => secret });

if (mode === 'throughput') {
  const file = files[0]!;
  await client.uploadFile(file, { fileName: 'warmup.pdf' });
  let bytes = 0;
  const t0 = performance.now();
  await client.uploadFile(file, { fileName: 'x.pdf', onProgress: (sent) => (bytes = sent) });
  const seconds = (performance.now() - t0) / 1000;
  console.log(JSON.stringify({ seconds, bytes }));
} else if (mode === 'memory' || mode === 'pipe-memory') {
  const [small, ...big] = files;
  const upload = mode === 'memory' ? (f: string, name: string, onProgress: () => void) => client.uploadFile(f, { fileName: name, onProgress }) : pipeUpload;
  // The app has talked to the service before the user sends (account check): warm the HTTP stack up likewise.
  await upload(small!, 'warmup.pdf', () => {});
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((r) => setTimeout(r, 50));
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  let samples = 0;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    samples++;
    if (rss > peak) peak = rss;
  };
  const timer = setInterval(sample, 2);
  // The Send screen starts every document's upload at once.
  const results = await Promise.all(big.map((f, i) => upload(f, `doc${i + 1}.pdf`, sample)));
  sample();
  clearInterval(timer);
  console.log(JSON.stringify({ baseline, peak, growth: peak - baseline, samples, files: results.length, gcExposed: !!gc }));
} else {
  throw new Error(`unknown mode ${mode}`);
}

function pipeUpload(file: string, name: string, onProgress: () => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const headers = {
      'Content-Type': 'application/octet-stream',
      'Content-Length': fs.statSync(file).size,
      'X-File-Name': name,
      'X-API-Key': apiKey!,
      'X-API-Secret': secret!,
    };
    const req = http.request(`${baseUrl}/api/v2/files/upload`, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(null) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
    stream.on('data', onProgress);
    stream.pipe(req);
  });
}
