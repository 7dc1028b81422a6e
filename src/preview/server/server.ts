import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EventName } from '../../shared/ipc/contract';
import { dispatch, type Handlers } from '../../main/ipc/dispatch';
import type { Logger } from '../../main/log';
import { CONTENT_SECURITY_POLICY } from '../../main/security';
import { bridgeScript } from './bridge-script';
import type { GrantedFile } from '../../shared/ipc/channels/files';
import { toIpcError } from '../../main/ipc/to-ipc-error';

export interface PreviewServerOptions {
  rendererDir: string;
  handlers: Handlers;
  /** registers an uploaded file (its temp copy) with main and returns its handle */
  grantUpload: (filePath: string) => GrantedFile;
  log: Logger;
  port?: number;
  token?: string;
}

export interface PreviewServer {
  url: string;
  origin: string;
  token: string;
  emit(name: EventName, payload: unknown): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const MAX_IPC_BODY = 1024 * 1024;
const MAX_DROP_BODY = 64 * 1024 * 1024;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function refuse(res: http.ServerResponse, status: number, code: string, message: string) {
  json(res, status, { ok: false, error: { code, message } });
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A plain page in the browser's language (English or Chinese): the React app and its translations are not loaded here. */
function needsTokenPage(acceptLanguage: string | undefined): string {
  const zh = /^\s*zh/i.test(acceptLanguage ?? '');
  const [lang, title, text] = zh
    ? ['zh-CN', 'FaxDesk 预览', '此 FaxDesk 窗口需要启动时打印的地址（末尾带 ?token=…）。请在此浏览器中打开 npm start 打印的地址，或重新运行 npm start 获取新地址。']
    : ['en', 'FaxDesk preview', 'This FaxDesk window needs the address printed when it started (it ends in ?token=…). Open the address npm start printed in this browser, or run npm start again for a new one.'];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

function serveStatic(rendererDir: string, url: URL, res: http.ServerResponse) {
  const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  const file = path.resolve(rendererDir, '.' + rel);
  if (!file.startsWith(rendererDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return void res.end('Not found');
  }
  const headers = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
  if (path.basename(file) === 'index.html') {
    // The bridge must run before the app's module script; it is a same-origin file, so the CSP holds.
    const html = fs
      .readFileSync(file, 'utf8')
      .replace('<head>', '<head>\n    <script src="/__faxdesk/bridge.js"></script>');
    res.writeHead(200, headers);
    return void res.end(html);
  }
  res.writeHead(200, headers);
  fs.createReadStream(file).pipe(res);
}

/**
 * The token arrives once, in the address the preview prints; it is then
 * kept in an HttpOnly, SameSite=Strict cookie (out of the page's reach, sent
 * only by our own pages) and taken out of the address bar and history.
 * API calls carry the cookie, or the x-faxdesk-token header (tests, tools);
 * a token in an API URL is not accepted.
 */
function tokenGate(token: string, cookieName: () => string) {
  const matches = (given: string | null | undefined) => {
    const a = Buffer.from(given ?? '');
    const b = Buffer.from(token);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  };
  const cookieOf = (req: http.IncomingMessage): string | null => {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === cookieName()) return part.slice(eq + 1).trim();
    }
    return null;
  };
  const tokenOk = (req: http.IncomingMessage) => matches(req.headers['x-faxdesk-token'] as string | undefined) || matches(cookieOf(req));
  return { matches, tokenOk };
}

/** The address with ?token=: a wrong one is refused; the right one moves into the cookie and out of the address. */
function acceptToken(url: URL, res: http.ServerResponse, ok: boolean, cookie: string) {
  if (!ok) {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end('Wrong preview token: open the address the preview printed.');
  }
  url.searchParams.delete('token');
  res.writeHead(303, {
    location: `${url.pathname}${url.search}`,
    'set-cookie': `${cookie}; HttpOnly; SameSite=Strict; Path=/`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  return void res.end();
}

/** One window.faxdesk call: its JSON input to the real handler, its answer back. */
async function callHandler(req: http.IncomingMessage, res: http.ServerResponse, url: URL, options: PreviewServerOptions) {
  const body = await readBody(req, MAX_IPC_BODY);
  if (!body) return refuse(res, 413, 'ipc.too_large', 'The request was too large.');
  let input: unknown;
  try {
    input = (JSON.parse(body.toString('utf8')) as { input?: unknown }).input;
  } catch {
    return refuse(res, 400, 'ipc.invalid_input', 'The request was not valid JSON.');
  }
  const name = decodeURIComponent(url.pathname.slice('/__faxdesk/ipc/'.length));
  return json(res, 200, await dispatch(options.handlers, name, input, options.log));
}

/** The browser's File (dropped or picked) arrives as bytes: main keeps a temp copy and grants it. */
async function receiveFile(req: http.IncomingMessage, res: http.ServerResponse, url: URL, dropDir: string, options: PreviewServerOptions) {
  const name = path.basename(url.searchParams.get('name') ?? 'file') || 'file';
  const dir = fs.mkdtempSync(path.join(dropDir, 'f-'));
  const target = path.join(dir, name);
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_DROP_BODY) req.destroy();
  });
  await pipeline(req, fs.createWriteStream(target));
  try {
    return json(res, 200, { ok: true, value: options.grantUpload(target) });
  } catch (e) {
    return json(res, 200, { ok: false, error: toIpcError(e) });
  }
}

/**
 * Serves the built renderer on 127.0.0.1 and carries window.faxdesk calls to
 * the real main-process handlers. Every API request needs the per-run token,
 * our own Origin and our own Host (no other site, no DNS rebinding).
 */
export async function startPreviewServer(options: PreviewServerOptions): Promise<PreviewServer> {
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  const rendererDir = path.resolve(options.rendererDir);
  const dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-preview-drop-'));
  const sseClients = new Set<http.ServerResponse>();
  let origin = '';
  let host = '';

  // Cookies are not kept apart by port: each preview server has a cookie of its own.
  let cookieName = '';
  const { matches, tokenOk } = tokenGate(token, () => cookieName);

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      options.log.error('preview request failed', e);
      if (!res.headersSent) refuse(res, 500, 'preview.internal', 'The preview server failed on this request.');
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.headers.host !== host) return refuse(res, 421, 'preview.host', 'Wrong host.');
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname.startsWith('/__faxdesk/')) {
      if (url.pathname === '/__faxdesk/bridge.js') {
        res.writeHead(200, { 'content-type': TYPES['.js']!, 'cache-control': 'no-store' });
        return void res.end(bridgeScript());
      }
      const reqOrigin = req.headers.origin;
      const fromUs = reqOrigin === undefined ? req.method === 'GET' : reqOrigin === origin;
      if (!fromUs) return refuse(res, 403, 'ipc.untrusted_sender', 'This request did not come from the FaxDesk window and was refused.');
      if (!tokenOk(req)) return refuse(res, 403, 'preview.token', 'Missing or wrong preview token.');
      if (url.pathname === '/__faxdesk/events' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write(': connected\n\n');
        sseClients.add(res);
        req.on('close', () => sseClients.delete(res));
        return;
      }
      if (req.method !== 'POST') return refuse(res, 405, 'preview.method', 'Use POST.');
      if (url.pathname.startsWith('/__faxdesk/ipc/')) return callHandler(req, res, url, options);
      if (url.pathname === '/__faxdesk/grant') return receiveFile(req, res, url, dropDir, options);
      return refuse(res, 404, 'preview.not_found', 'No such preview endpoint.');
    }
    if (url.searchParams.has('token')) return acceptToken(url, res, matches(url.searchParams.get('token')), `${cookieName}=${token}`);
    // The page itself without the token (a bookmark, a second browser, the address typed by hand): say how
    // to open FaxDesk instead of a window whose every panel then fails.
    if ((url.pathname === '/' || url.pathname === '/index.html') && !tokenOk(req)) {
      res.writeHead(401, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'" });
      return void res.end(needsTokenPage(req.headers['accept-language']));
    }
    return serveStatic(rendererDir, url, res);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  host = `127.0.0.1:${address.port}`;
  cookieName = `faxdesk_preview_${address.port}`;
  origin = `http://${host}`;

  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    token,
    emit(name, payload) {
      const data = `data: ${JSON.stringify({ name, payload })}\n\n`;
      for (const client of sseClients) client.write(data);
    },
    async close() {
      for (const client of sseClients) client.end();
      sseClients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dropDir, { recursive: true, force: true });
    },
  };
}
