/**
 * A receiver that only takes the bytes: for the upload benchmark's floor (`npm run bench -- --only
 * uploadfloor`). POST /api/v2/files/upload is read to its end, counted and answered as the service answers
 * it (the spec's envelope, file_ref and file_size), with no page count, no copy of the body and no state;
 * every other request goes through to the simulator (the app connects its account there first).
 * Plain JavaScript run by plain node, in a process of its own, on 127.0.0.1 at a port the OS picks.
 *
 *   node bench/workers/drain-receiver.mjs SIMULATOR_BASE_URL      prints "listening on http://127.0.0.1:PORT"
 */
import { Buffer } from 'node:buffer';
import http from 'node:http';

const upstream = new URL(process.argv[2] ?? '');
let next = 0;

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/v2/files/upload') {
    // as the service does: the body only after "100 Continue" (Node answers it for a request that asks)
    let size = 0;
    req.on('data', (c) => (size += c.length));
    req.on('end', () => {
      const body = JSON.stringify({ success: true, message: 'File uploaded', data: { file_ref: `drain_${++next}`, file_size: size, file_ext: 'pdf' } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    return;
  }
  const forward = http.request(new URL(req.url ?? '/', upstream), { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  forward.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(forward);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
