// A web server on 127.0.0.1 (a port the OS picks) serving one document, for tests of "Add from URL": it counts the
// requests, so a test can tell when the fax service fetched the URL again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackOrigin {
  /** http://127.0.0.1:<port> */
  base: string;
  requests(): number;
  close(): Promise<void>;
}

export async function serveOnLoopback(body: Buffer | string, contentType = 'application/pdf'): Promise<LoopbackOrigin> {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'Content-Type': contentType });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
