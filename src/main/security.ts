/**
 * All window hardening in one place. Plain functions over the small parts of
 * Electron they need, so each rule is unit-tested with a mocked `electron`.
 * Nothing here is ever loosened to make something easier.
 */

/** Renderer pages are served from the app bundle (file://) or, in dev, the Vite server. */
export interface AppOrigins {
  /** e.g. 'file://' for the packaged renderer */
  fileRoot: string | null;
  /** e.g. 'http://localhost:5173' while developing with electron-vite dev */
  devServer: string | null;
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

// index.ts writes these values out again on purpose (Electronegativity reads only literals); test/main/entry.test.ts keeps the two equal.
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    safeDialogs: true,
    spellcheck: false,
    // a middle click must not open links in a new window
    disableBlinkFeatures: 'Auxclick',
    // webSecurity, allowRunningInsecureContent, experimentalFeatures: left at Electron's safe defaults.
  } as const;
}

/** Only https pages on these hosts may be opened in the user's browser. */
export const EXTERNAL_ALLOW_LIST: readonly string[] = [
  'github.com',
];

export function isAllowedExternalUrl(raw: string, allowHosts: readonly string[] = EXTERNAL_ALLOW_LIST): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return allowHosts.includes(url.hostname);
}

export function isTrustedFrameUrl(raw: string, origins: AppOrigins): boolean {
  if (!raw) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (origins.fileRoot && url.protocol === 'file:') {
    // Compare normalized URLs: Chromium reports file:///C:/… and percent-encodes spaces and
    // non-ASCII, and the root ends with '/', so a sibling folder (renderer-x/) never matches.
    const root = origins.fileRoot.endsWith('/') ? origins.fileRoot : `${origins.fileRoot}/`;
    return url.href.startsWith(new URL(root).href);
  }
  if (origins.devServer) {
    return url.origin === new URL(origins.devServer).origin;
  }
  return false;
}

interface PreventableEvent {
  preventDefault(): void;
}

export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (e: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (e: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (wc: unknown, permission: string) => boolean): void;
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: Record<string, string[] | string> },
        callback: (response: { responseHeaders: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
}

/** Blocks every navigation and redirect away from the loaded app, and every new window. */
export function hardenWebContents(
  contents: WebContentsLike,
  openExternal: (url: string) => void,
  onBlocked: (what: string, url: string) => void = () => {},
): void {
  contents.on('will-navigate', (e, url) => {
    e.preventDefault();
    onBlocked('navigation', url);
  });
  contents.on('will-redirect', (e, url) => {
    e.preventDefault();
    onBlocked('redirect', url);
  });
  contents.on('will-attach-webview', (e) => {
    e.preventDefault();
    onBlocked('webview', '');
  });
  contents.setWindowOpenHandler(({ url }) => {
    // Allowed https links open in the user's browser, never inside the app.
    if (isAllowedExternalUrl(url)) openExternal(url);
    else onBlocked('window.open', url);
    return { action: 'deny' };
  });
}

/** Denies every permission (camera, notifications API, geolocation…) and sets the CSP header. */
export function hardenSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...(details.responseHeaders ?? {}),
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

/** The slice of Electron's `shell` (or the preview's stand-in) that opens the user's browser. */
export interface ExternalOpener {
  openExternal(url: string): Promise<void> | void;
}

/**
 * The one place main opens a URL outside the app: allow-listed https URLs
 * only, everything else refused. Every caller (the window-open handler, the
 * `openExternal` channel) goes through here, so there is one guard to keep.
 */
export function safeOpenExternal(shell: ExternalOpener, url: string): boolean {
  if (!isAllowedExternalUrl(url)) return false;
  void Promise.resolve(shell.openExternal(url)).catch(() => {});
  return true;
}

const DEV_SERVER_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The Vite dev server electron-vite names in ELECTRON_RENDERER_URL while
 * developing. In a packaged app no environment variable may choose what the
 * window loads (and so which origin IPC trusts): it is ignored there, and
 * in development only a loopback http(s) address is taken.
 */
export function developmentRendererUrl(env: Readonly<Record<string, string | undefined>>, isPackaged: boolean): string | null {
  const raw = env['ELECTRON_RENDERER_URL'];
  if (isPackaged || !raw) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && DEV_SERVER_HOSTS.has(url.hostname)) return url.href;
  } catch {
    // not a URL: not a dev server either
  }
  return null;
}
