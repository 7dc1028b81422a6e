import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  hardenSession,
  hardenWebContents,
  isAllowedExternalUrl,
  isTrustedFrameUrl,
  safeOpenExternal,
  developmentRendererUrl,
  secureWebPreferences,
  type SessionLike,
  type WebContentsLike,
} from '../../src/main/security';

type Listener = (...args: unknown[]) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, l: Listener) => void listeners.set(name, l),
    setWindowOpenHandler: (h: (d: { url: string }) => { action: 'deny' }) => void (openHandler = h),
  } as unknown as WebContentsLike;
  return {
    contents,
    fire(name: string, url = 'https://evil.example/') {
      const event = { preventDefault: vi.fn() };
      listeners.get(name)?.(event, url);
      return event;
    },
    open: (url: string) => openHandler!({ url }),
  };
}

describe('window hardening', () => {
  it('turns on context isolation and the sandbox and keeps Node out of the page', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    // webSecurity is never switched off: it is simply not present.
    expect('webSecurity' in prefs).toBe(false);
    expect('allowRunningInsecureContent' in prefs).toBe(false);
  });

  it('blocks every navigation and redirect away from the app', () => {
    const f = fakeContents();
    hardenWebContents(f.contents, vi.fn());
    expect(f.fire('will-navigate').preventDefault).toHaveBeenCalled();
    expect(f.fire('will-redirect', 'file:///etc/passwd').preventDefault).toHaveBeenCalled();
    expect(f.fire('will-attach-webview').preventDefault).toHaveBeenCalled();
  });

  it('denies window.open, sending only allow-listed https links to the browser', () => {
    const f = fakeContents();
    const openExternal = vi.fn();
    hardenWebContents(f.contents, openExternal);
    expect(f.open('https://github.com/faxdesk').action).toBe('deny');
    expect(openExternal).toHaveBeenCalledWith('https://github.com/faxdesk');
    expect(f.open('https://evil.example/').action).toBe('deny');
    expect(f.open('javascript:alert(1)').action).toBe('deny');
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('refuses every permission request and check', () => {
    let requestHandler: ((wc: unknown, p: string, cb: (g: boolean) => void) => void) | null = null;
    let checkHandler: ((wc: unknown, p: string) => boolean) | null = null;
    const session = {
      setPermissionRequestHandler: (h: typeof requestHandler) => void (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => void (checkHandler = h),
      webRequest: { onHeadersReceived: vi.fn() },
    } as unknown as SessionLike;
    hardenSession(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const cb = vi.fn();
      requestHandler!(null, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
      expect(checkHandler!(null, permission)).toBe(false);
    }
  });

  it('adds a strict Content-Security-Policy to every response', () => {
    let listener: ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | null = null;
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onHeadersReceived: (l: typeof listener) => void (listener = l) },
    } as unknown as SessionLike;
    hardenSession(session);
    const cb = vi.fn();
    listener!({ responseHeaders: { 'X-Other': ['1'] } }, cb);
    const headers = (cb.mock.calls[0]![0] as { responseHeaders: Record<string, string[]> }).responseHeaders;
    expect(headers['X-Other']).toEqual(['1']);
    const csp = headers['Content-Security-Policy']![0]!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('opens only allow-listed https URLs externally', () => {
    const open = vi.fn();
    const shell = { openExternal: open };
    expect(safeOpenExternal(shell, 'https://github.com/x')).toBe(true);
    expect(safeOpenExternal(shell, 'http://github.com/x')).toBe(false);
    expect(safeOpenExternal(shell, 'https://user:pw@github.com/')).toBe(false);
    expect(safeOpenExternal(shell, 'file:///etc/passwd')).toBe(false);
    expect(safeOpenExternal(shell, 'smb://host/share')).toBe(false);
    expect(safeOpenExternal(shell, 'not a url')).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://github.com/x');
    expect(isAllowedExternalUrl('https://github.com.evil.example/')).toBe(false);
  });

  it('takes the dev server address from the environment only in development, and only a loopback one', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };
    expect(developmentRendererUrl(env, false)).toBe('http://localhost:5173/');
    expect(developmentRendererUrl(env, true)).toBeNull();
    expect(developmentRendererUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, false)).toBeNull();
    expect(developmentRendererUrl({ ELECTRON_RENDERER_URL: 'file:///tmp/evil.html' }, false)).toBeNull();
    expect(developmentRendererUrl({ ELECTRON_RENDERER_URL: 'not a url' }, false)).toBeNull();
    expect(developmentRendererUrl({}, false)).toBeNull();
  });

  it('trusts only frames of the app bundle or the dev server', () => {
    const packaged = { fileRoot: 'file:///opt/FaxDesk/resources/app.asar/out/renderer', devServer: null };
    expect(isTrustedFrameUrl('file:///opt/FaxDesk/resources/app.asar/out/renderer/index.html', packaged)).toBe(true);
    expect(isTrustedFrameUrl('file:///tmp/evil.html', packaged)).toBe(false);
    expect(isTrustedFrameUrl('https://evil.example/', packaged)).toBe(false);
    expect(isTrustedFrameUrl('', packaged)).toBe(false);
    // a path with spaces and Chinese (percent-encoded by the browser), and a Windows drive
    const spaced = { fileRoot: pathToFileURL('/opt/Fax Desk/传真/renderer/').href, devServer: null };
    expect(isTrustedFrameUrl(pathToFileURL('/opt/Fax Desk/传真/renderer/index.html').href, spaced)).toBe(true);
    expect(isTrustedFrameUrl('file:///opt/Fax%20Desk/%E4%BC%A0%E7%9C%9F/renderer-x/index.html', spaced)).toBe(false);
    const windows = { fileRoot: 'file:///C:/Program%20Files/FaxDesk/resources/app.asar/out/renderer/', devServer: null };
    expect(isTrustedFrameUrl('file:///C:/Program%20Files/FaxDesk/resources/app.asar/out/renderer/index.html', windows)).toBe(true);
    expect(isTrustedFrameUrl('file:///opt/FaxDesk/resources/app.asar/out/renderer-evil/index.html', packaged)).toBe(false);
    const dev = { fileRoot: null, devServer: 'http://localhost:5173' };
    expect(isTrustedFrameUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isTrustedFrameUrl('http://localhost:5174/', dev)).toBe(false);
  });
});
