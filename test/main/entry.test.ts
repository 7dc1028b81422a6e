import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { channelNames, ipcChannel } from '../../src/shared/ipc/contract';
import { secureWebPreferences } from '../../src/main/security';

// Electron itself is the one boundary we do not own: it is mocked here, and only here.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-entry-'));
const state = vi.hoisted(() => ({
  windows: [] as Array<{ options: { webPreferences: Record<string, unknown> }; contents: Record<string, unknown> }>,
  handled: new Map<string, unknown>(),
  permissionHandler: null as null | ((wc: unknown, p: string, cb: (g: boolean) => void) => void),
  headersListener: null as unknown,
  menu: null as unknown,
  appEvents: new Map<string, unknown>(),
}));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents: Record<string, unknown>;
    constructor(public options: { webPreferences: Record<string, unknown> }) {
      this.webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn(), send: vi.fn() };
      state.windows.push({ options, contents: this.webContents });
    }
    static getAllWindows = () => [];
    once = vi.fn();
    on = vi.fn();
    loadFile = vi.fn(async () => {});
    loadURL = vi.fn(async () => {});
    show = vi.fn();
  }
  return {
    app: {
      requestSingleInstanceLock: () => true,
      whenReady: async () => {},
      getPath: () => dataDir,
      getVersion: () => '1.2.3',
      getLocale: () => 'en-US',
      on: (name: string, l: unknown) => void state.appEvents.set(name, l),
      quit: vi.fn(),
      exit: vi.fn(),
    },
    BrowserWindow,
    ipcMain: { handle: (c: string, l: unknown) => void state.handled.set(c, l), removeHandler: vi.fn() },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: (m: unknown) => void (state.menu = m) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof state.permissionHandler) => void (state.permissionHandler = h),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onHeadersReceived: (l: unknown) => void (state.headersListener = l) },
      },
    },
    shell: { openExternal: vi.fn() },
    // Electron's own encryption: unavailable here, so without a keychain the secret stays in memory
    safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
    dialog: { showErrorBox: vi.fn() },
    powerMonitor: { on: (name: string, l: unknown) => void state.appEvents.set(`power:${name}`, l) },
    net: { isOnline: () => true },
  };
});
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return { default: Conf };
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the Electron entry', () => {
  it('opens one hardened window wired to every IPC channel, with the menu and session rules', async () => {
    await import('../../src/main/index');
    await vi.waitFor(() => expect(state.windows.length).toBe(1));
    const prefs = state.windows[0]!.options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    // the literal options in the entry are exactly the hardened set of security.ts
    expect(prefs).toEqual(secureWebPreferences(String(prefs['preload'])));
    expect(String(prefs['preload'])).toMatch(/preload[/\\]index\.cjs$/);
    expect(state.windows[0]!.contents['setWindowOpenHandler']).toHaveBeenCalled();
    for (const name of channelNames) expect(state.handled.has(ipcChannel(name))).toBe(true);
    const cb = vi.fn();
    state.permissionHandler!(null, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(state.headersListener).toBeTypeOf('function');
    expect(state.menu).toBeTruthy();
    expect(state.appEvents.has('web-contents-created')).toBe(true);
    // polling pauses over sleep and resumes after
    expect(state.appEvents.has('power:suspend')).toBe(true);
    expect(state.appEvents.has('power:resume')).toBe(true);
  });
});
