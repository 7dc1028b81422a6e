/**
 * A hand-written LDAP server for tests that play a hostile or spoofed
 * directory: it accepts any bind and answers every search with what the test
 * gives it (entries of any size, sent with back-pressure, never copied whole
 * when large), then "done". Listens on 127.0.0.1 on a port the OS picks.
 */
import net from 'node:net';

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A TLV as a list of parts, so a 64 MB value is never copied into a bigger buffer. */
export function tlv(tag: number, parts: Buffer[]): Buffer[] {
  const size = parts.reduce((n, p) => n + p.length, 0);
  return [Buffer.concat([Buffer.from([tag]), lengthBytes(size)]), ...parts];
}

const octets = (v: Buffer | string) => tlv(0x04, [Buffer.isBuffer(v) ? v : Buffer.from(v, 'utf8')]);

function integer(n: number): Buffer[] {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  if (bytes.length === 0 || bytes[0]! & 0x80) bytes.unshift(0);
  return tlv(0x02, [Buffer.from(bytes)]);
}

const message = (id: number, op: Buffer[]) => tlv(0x30, [...integer(id), ...op]);
const result = (tag: number, code = 0, text = '') => tlv(tag, [...tlv(0x0a, [Buffer.from([code])]), ...octets(''), ...octets(text)]);

/** A SearchResultEntry's parts (without the message around it). */
export function entry(dn: string, attributes: Record<string, Array<Buffer | string>>): Buffer[] {
  const attrs = Object.entries(attributes).flatMap(([name, values]) => tlv(0x30, [...octets(name), ...tlv(0x31, values.flatMap((v) => octets(v)))]));
  return tlv(0x64, [...octets(dn), ...tlv(0x30, attrs)]);
}

export interface HostileLdap {
  url: string;
  /** searches received */
  searches: number;
  close(): Promise<void>;
}

/** `answer` yields the entries of each search (as built by `entry`), lazily, so millions of bytes need not exist at once. */
export async function startHostileLdap(answer: () => Iterable<Buffer[]>): Promise<HostileLdap> {
  const sockets = new Set<net.Socket>();
  const server: HostileLdap & { srv?: net.Server } = { url: '', searches: 0, close: async () => {} };
  const srv = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf = Buffer.alloc(0);
    const send = async (parts: Buffer[]) => {
      for (const p of parts) {
        if (socket.destroyed) return;
        if (!socket.write(p)) await new Promise<void>((r) => (socket.once('drain', r), socket.once('close', r)));
      }
    };
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (buf.length < 2) return;
        let len = buf[1]!;
        let off = 2;
        if (len & 0x80) {
          const n = len & 0x7f;
          if (buf.length < 2 + n) return;
          len = 0;
          for (let i = 0; i < n; i += 1) len = len * 256 + buf[2 + i]!;
          off += n;
        }
        if (buf.length < off + len) return;
        const msg = buf.subarray(off, off + len);
        buf = buf.subarray(off + len);
        const idLen = msg[1]!;
        let id = 0;
        for (let i = 0; i < idLen; i += 1) id = id * 256 + msg[2 + i]!;
        const op = msg[2 + idLen]!;
        if (op === 0x60) queue = queue.then(() => send(message(id, result(0x61))));
        else if (op === 0x42) socket.end();
        else if (op === 0x63) {
          server.searches += 1;
          queue = queue.then(async () => {
            for (const e of answer()) {
              if (socket.destroyed) return;
              await send(message(id, e));
            }
            await send(message(id, result(0x65)));
          });
        } else queue = queue.then(() => send(message(id, result(0x78, 53, 'unwilling'))));
        queue = queue.catch(() => {});
      }
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  server.url = `ldap://127.0.0.1:${(srv.address() as net.AddressInfo).port}`;
  server.close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      srv.close(() => r());
    });
  return server;
}
