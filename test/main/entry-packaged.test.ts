/**
 * Development switches only in development: ELECTRON_RENDERER_URL chooses the
 * window's URL (and so which origin IPC trusts) while developing, and is
 * ignored by the installed app. Electron is mocked, as in entry.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ipcChannel } from '../../src/shared/ipc/contract';

const DEV_URL = 'http://localhost:5173/';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-entry-packaged-'));
const state = vi.hoisted(() => ({
  isPackaged: false,
  windows: [] as Array<{ loadURL: ReturnType<typeof vi.fn>; loadFile: ReturnType<typeof vi.fn> }>,
  handled: new Map<string, (e: { senderFrame: { url: string } | null }, input: unknown) => Promise<unknown>>(),
}));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn(), send: vi.fn() };
    constructor() {
      state.windows.push(this);
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
      get isPackaged() {
        return state.isPackaged;
      },
      requestSingleInstanceLock: () => true,
      whenReady: async () => {},
      getPath: () => dataDir,
      getVersion: () => '1.2.3',
      getLocale: () => 'en-US',
      getAppPath: () => process.cwd(),
      on: vi.fn(),
      quit: vi.fn(),
      exit: vi.fn(),
    },
    BrowserWindow,
    ipcMain: { handle: (c: string, l: never) => void state.handled.set(c, l), removeHandler: vi.fn() },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), webRequest: { onHeadersReceived: vi.fn() } },
    },
    shell: { openExternal: vi.fn() },
    powerMonitor: { on: vi.fn() },
    net: { isOnline: () => true },
    safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
    dialog: { showErrorBox: vi.fn(), showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
  };
});
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return { default: Conf };
});

const savedUrl = process.env['ELECTRON_RENDERER_URL'];
afterEach(() => {
  state.windows.length = 0;
  state.handled.clear();
  vi.resetModules();
});
afterAll(() => {
  if (savedUrl === undefined) delete process.env['ELECTRON_RENDERER_URL'];
  else process.env['ELECTRON_RENDERER_URL'] = savedUrl;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startEntry(isPackaged: boolean) {
  state.isPackaged = isPackaged;
  process.env['ELECTRON_RENDERER_URL'] = DEV_URL;
  await import('../../src/main/index');
  await vi.waitFor(() => expect(state.windows.length).toBe(1), { timeout: 15_000 });
  const appInfo = state.handled.get(ipcChannel('appInfo'));
  expect(appInfo).toBeTypeOf('function');
  // an IPC call as the real ipcMain would deliver it, from a frame at this URL
  return { win: state.windows[0]!, callFrom: (url: string) => appInfo!({ senderFrame: { url } }, undefined) };
}

describe('ELECTRON_RENDERER_URL', () => {
  it('is ignored by the packaged app: the window loads the bundled page and IPC refuses that URL', async () => {
    const { win, callFrom } = await startEntry(true);
    expect(win.loadURL).not.toHaveBeenCalled();
    expect(win.loadFile).toHaveBeenCalledTimes(1);
    expect(String(win.loadFile.mock.calls[0]![0])).toMatch(/renderer[/\\]index\.html$/);
    expect(await callFrom(DEV_URL)).toMatchObject({ ok: false, error: { code: 'ipc.untrusted_sender' } });
  });

  it('still serves development: unpackaged, the window loads the dev server and trusts it', async () => {
    const { win, callFrom } = await startEntry(false);
    expect(win.loadURL).toHaveBeenCalledWith(DEV_URL);
    expect(win.loadFile).not.toHaveBeenCalled();
    expect(await callFrom(DEV_URL)).toMatchObject({ ok: true });
  });
});
