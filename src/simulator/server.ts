/**
 * The HTTP front: request log and counters, injected faults, routing and
 * authentication. Every answer is the JSON envelope — unknown routes, thrown
 * errors and malformed bodies included — never an HTML page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { SimContext } from './context';
import { fail, HttpFailure } from './http';
import { handleCreate } from './routes/faxes';
import { getAccount, getRecipient, getTask } from './routes/queries';
import { handleUpload } from './routes/upload';

export interface LogEntry {
  method: string;
  path: string;
  /** 0 when no complete answer was sent (dropped, reset or still open at stop). */
  status: number;
  at: number;
}

type RouteId = 'upload' | 'create' | 'task' | 'recipient' | 'account' | 'unknown';

interface Matched {
  id: RouteId;
  key: string;
  ref: string | null;
}

const SERVER_ERROR_MESSAGES: Record<RouteId, string> = {
  upload: 'File upload failed',
  create: 'Failed to create fax job',
  task: 'Failed to fetch task',
  recipient: 'Failed to fetch recipient',
  account: 'Failed to fetch account',
  unknown: 'Internal server error',
};

export const AUTH_MESSAGES = {
  missing: '缺少API密钥或秘钥',
  invalid: 'API密钥无效',
  noAccess: '无API访问权限',
} as const;

const LOG_CAPACITY = 10_000;

function decodeRef(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export function matchRoute(method: string, path: string): Matched {
  if (method === 'POST' && path === '/api/v2/files/upload') return { id: 'upload', key: 'POST /api/v2/files/upload', ref: null };
  if (method === 'POST' && path === '/api/v2/faxes') return { id: 'create', key: 'POST /api/v2/faxes', ref: null };
  if (method === 'GET' && path === '/api/v2/account/status') return { id: 'account', key: 'GET /api/v2/account/status', ref: null };
  if (method === 'GET' && path.startsWith('/api/v2/faxes/')) {
    return { id: 'task', key: 'GET /api/v2/faxes/{task_ref}', ref: decodeRef(path.slice('/api/v2/faxes/'.length)) };
  }
  if (method === 'GET' && path.startsWith('/api/v2/fax/recipients/')) {
    return {
      id: 'recipient',
      key: 'GET /api/v2/fax/recipients/{rcpt_ref}',
      ref: decodeRef(path.slice('/api/v2/fax/recipients/'.length)),
    };
  }
  return { id: 'unknown', key: 'unknown', ref: null };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A refusal sent while a large body is still arriving: like common front ends, the
 * server does not read megabytes it has refused; it closes the connection once
 * the answer is out. A client still sending then sees a reset, which is why
 * FaxDesk sends uploads with `Expect: 100-continue`.
 */
function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.complete || !(declared > 1024 * 1024)) return;
  res.on('finish', () => req.socket.destroy());
}

export class SimServer {
  readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly log: LogEntry[] = [];
  private logNext = 0;
  requests = 0;
  readonly byRoute: Record<string, number> = {};

  constructor(private readonly ctx: SimContext) {
    this.server = createServer((req, res) => void this.handle(req, res, false));
    // A client that sent `Expect: 100-continue` gets the go-ahead only once the headers pass (faults, route,
    // credentials): a refusal then arrives before any byte of the body is sent, as from real front ends.
    this.server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res, true));
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    this.server.on('clientError', (_err, socket: Socket) => {
      if (socket.writable) {
        const body = JSON.stringify({ success: false, message: 'Bad request', errors: 'Malformed HTTP request' });
        socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      } else socket.destroy();
    });
  }

  requestLog(): LogEntry[] {
    return this.log.length < LOG_CAPACITY
      ? [...this.log]
      : [...this.log.slice(this.logNext), ...this.log.slice(0, this.logNext)];
  }

  private record(entry: LogEntry): void {
    if (this.log.length < LOG_CAPACITY) this.log.push(entry);
    else this.log[this.logNext] = entry;
    this.logNext = (this.logNext + 1) % LOG_CAPACITY;
  }

  /** Closes the listener and every open connection, including ones held by the timeout fault. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): Promise<void> {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = matchRoute(method, path);
    this.requests++;
    this.byRoute[route.key] = (this.byRoute[route.key] ?? 0) + 1;
    res.on('close', () => {
      const status = res.writableFinished ? res.statusCode : 0;
      this.record({ method, path, status, at: started });
      this.ctx.log(`${method} ${path} ${status || 'dropped'} ${Date.now() - started}ms`);
    });
    try {
      const { faults } = this.ctx;
      const latency = faults.current.latencyMs;
      if (latency > 0) await this.ctx.realTimers.sleep(latency);
      if (faults.takeError()) {
        return fail(res, 500, SERVER_ERROR_MESSAGES[route.id], 'Simulated internal server error');
      }
      const retryAfter = faults.takeRateLimit();
      if (retryAfter !== null) {
        return fail(res, 429, 'Too many requests', `Rate limit exceeded; retry after ${retryAfter} seconds.`, {
          'Retry-After': String(retryAfter),
        });
      }
      if (route.id === 'unknown') return fail(res, 404, 'Not found', `No such endpoint: ${method} ${path}`);
      if (!this.authenticate(req, res)) {
        if (!expectsContinue) closeAfterEarlyAnswer(req, res);
        return;
      }
      if (expectsContinue) res.writeContinue();
      await this.dispatch(route, req, res);
    } catch (e) {
      if (e instanceof HttpFailure) return fail(res, e.status, e.message, e.errors, e.headers);
      this.ctx.log(`error in ${route.key}: ${(e as Error).stack ?? String(e)}`);
      fail(res, 500, SERVER_ERROR_MESSAGES[route.id], 'Internal server error');
    }
  }

  private authenticate(req: IncomingMessage, res: ServerResponse): boolean {
    const key = req.headers['x-api-key'];
    const secret = req.headers['x-api-secret'];
    if (typeof key !== 'string' || typeof secret !== 'string' || key === '' || secret === '') {
      fail(res, 401, AUTH_MESSAGES.missing, '');
      return false;
    }
    const { apiKey, apiSecret } = this.ctx.settings;
    if (!(same(key, apiKey) && same(secret, apiSecret))) {
      fail(res, 401, AUTH_MESSAGES.invalid, '');
      return false;
    }
    if (!this.ctx.store.account.apiEnabled) {
      fail(res, 401, AUTH_MESSAGES.noAccess, '');
      return false;
    }
    return true;
  }

  private async dispatch(route: Matched, req: IncomingMessage, res: ServerResponse): Promise<void> {
    switch (route.id) {
      case 'upload':
        return handleUpload(req, res, this.ctx);
      case 'create':
        return handleCreate(req, res, this.ctx);
      case 'task':
        return getTask(res, this.ctx, route.ref);
      case 'recipient':
        return getRecipient(res, this.ctx, route.ref);
      case 'account':
        return getAccount(res, this.ctx);
      case 'unknown':
        return;
    }
  }
}
