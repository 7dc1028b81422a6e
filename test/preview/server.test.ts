/**
 * The browser preview's token: it arrives once in the printed address, then
 * lives in an HttpOnly SameSite=Strict cookie — out of the address bar, the
 * history and the event-stream URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../src/preview/server/server';
import { bridgeScript } from '../../src/preview/server/bridge-script';
import { makeTestServices, type TestServices } from '../helpers/services';
import { grantDroppedFile } from '../../src/main/files/grants';

let t: TestServices;
let server: PreviewServer;
let rendererDir: string;

beforeAll(async () => {
  t = await makeTestServices();
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-preview-renderer-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head><title>FaxDesk</title></head><body></body></html>');
  server = await startPreviewServer({
    rendererDir,
    handlers: t.services.handlers,
    grantUpload: (filePath) => grantDroppedFile(t.services.grants, filePath),
    log: t.deps.log,
  });
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${p}`, { headers, redirect: 'manual' });
const ipc = (headers: Record<string, string>) =>
  fetch(`${server.origin}/__faxdesk/ipc/appInfo`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({}),
  });

async function firstLoad(): Promise<{ cookie: string; setCookie: string; location: string | null }> {
  const res = await get(`/?token=${encodeURIComponent(server.token)}`);
  expect(res.status).toBe(303);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, setCookie, location: res.headers.get('location') };
}

describe('the preview token', () => {
  it('is moved from the first address into an HttpOnly SameSite=Strict cookie, and the address loses it', async () => {
    const { setCookie, location } = await firstLoad();
    expect(location).toBe('/');
    expect(setCookie).toContain(server.token);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Strict/i);
    expect(setCookie).toMatch(/;\s*Path=\//);
    // other query parameters survive the redirect
    const withRoute = await get(`/?lang=zh-CN&token=${encodeURIComponent(server.token)}`);
    expect(withRoute.headers.get('location')).toBe('/?lang=zh-CN');
  });

  it('lets API calls and the event stream in with the cookie, and no longer from a token in the URL', async () => {
    const { cookie } = await firstLoad();
    expect((await (await ipc({ cookie })).json()) as { ok: boolean }).toMatchObject({ ok: true });
    expect((await ipc({})).status).toBe(403);
    expect((await ipc({ cookie: cookie.replace(/=.*/, '=wrong') })).status).toBe(403);

    // the event stream: the cookie, not a token in its URL
    const inUrl = await get(`/__faxdesk/events?token=${encodeURIComponent(server.token)}`);
    expect(inUrl.status).toBe(403);
    const ac = new AbortController();
    const stream = await fetch(`${server.origin}/__faxdesk/events`, { headers: { cookie }, signal: ac.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    ac.abort();
    await stream.body?.cancel().catch(() => {});
  });

  it('a wrong token in the address gets no cookie', async () => {
    const res = await get('/?token=not-the-token');
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the bridge script in the page never handles the token', () => {
    const script = bridgeScript();
    expect(script).not.toMatch(/token=|sessionStorage|x-faxdesk-token/);
    expect(script).toContain("new EventSource('/__faxdesk/events')");
  });
});

describe('the preview opened without its token', () => {
  it('says how to open FaxDesk (in the browser’s language) instead of serving a window whose panels would fail', async () => {
    const en = await get('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.status).toBe(401);
    const enText = await en.text();
    expect(enText).toContain('needs the address printed when it started');
    expect(enText).not.toContain('bridge.js');
    const zh = await get('/index.html', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.status).toBe(401);
    expect(await zh.text()).toContain('需要启动时打印的地址');
    // with the cookie the first address set, the window itself
    const { cookie } = await firstLoad();
    const page = await get('/', { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/__faxdesk/bridge.js');
  });
});
