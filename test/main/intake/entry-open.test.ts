import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DocumentsOffered } from '@shared/ipc/channels/intake';
import { ipcChannel, ipcEvent } from '@shared/ipc/contract';
import { singleInstanceData } from '@main/electron/open-handlers';
import { WINDOW_STATE_FILE } from '@main/shell/window-placement';

// Only Electron is mocked: its app events are driven by hand, and everything
// behind them (queue, IPC dispatch, handlers) is the real main process.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-entry-open-'));
const dataDir = path.join(root, 'data');
const docs = path.join(root, '文档 folder');
fs.mkdirSync(docs, { recursive: true });
fs.mkdirSync(dataDir, { recursive: true });
// the hot folder is on by default at ~/FaxDesk/Outbox: keep it inside this test's folder
process.env['HOME'] = root;
const file = (name: string) => {
  const p = path.join(docs, name);
  fs.writeFileSync(p, `%PDF-1.4 ${name}`);
  return p;
};
const launchDoc = file('Launch Invoice.pdf');
const earlyDoc = file('早期 opened.pdf');
// a remembered window on a second monitor that is no longer attached, maximized
fs.writeFileSync(path.join(dataDir, WINDOW_STATE_FILE), JSON.stringify({ bounds: { x: 3000, y: 100, width: 1000, height: 700 }, maximized: true }));

type Fn = ReturnType<typeof vi.fn>;
type FakeWin = EventEmitter & {
  webContents: { send: Fn };
  minimized: boolean;
  setBounds: Fn;
  maximize: Fn;
  show: Fn;
  restore: Fn;
  focus: Fn;
};

const h = vi.hoisted(() => {
  let ready!: () => void;
  const readyPromise = new Promise<void>((r) => (ready = r));
  return {
    ready,
    readyPromise,
    lockData: undefined as unknown,
    windows: [] as FakeWin[],
    handled: new Map<string, (event: unknown, input?: unknown) => Promise<unknown>>(),
    trays: [] as Array<{ menu: unknown; tooltip: string }>,
    app: null as unknown as EventEmitter & Record<string, unknown>,
  };
});

vi.mock('electron', async () => {
  const { EventEmitter: EE } = await import('node:events');
  const app = Object.assign(new EE(), {
    isPackaged: true,
    requestSingleInstanceLock: (data: unknown) => ((h.lockData = data), true),
    whenReady: () => h.readyPromise,
    isReady: () => true,
    getPath: () => dataDir,
    getAppPath: () => process.cwd(),
    getVersion: () => '1.0.0',
    getLocale: () => 'en-US',
    quit: vi.fn(),
    exit: vi.fn(),
    setBadgeCount: vi.fn(),
  });
  h.app = app as never;
  class BrowserWindow extends EE {
    webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn(), send: vi.fn() };
    minimized = false;
    destroyed = false;
    bounds: unknown = null;
    maximized = false;
    constructor(public options: Record<string, unknown>) {
      super();
      h.windows.push(this as never);
    }
    static getAllWindows = () => h.windows;
    loadFile = vi.fn(async () => {});
    loadURL = vi.fn(async () => {});
    show = vi.fn();
    hide = vi.fn();
    focus = vi.fn();
    restore = vi.fn(() => void (this.minimized = false));
    isMinimized = () => this.minimized;
    isDestroyed = () => this.destroyed;
    isMaximized = () => this.maximized;
    isFullScreen = () => false;
    maximize = vi.fn(() => void (this.maximized = true));
    setBounds = vi.fn((b: unknown) => void (this.bounds = b));
    getNormalBounds = () => ({ x: 10, y: 20, width: 1100, height: 750 });
  }
  class Tray {
    constructor(public icon: unknown) {
      h.trays.push(this as never);
    }
    menu: unknown = null;
    tooltip = '';
    setContextMenu(m: unknown) {
      this.menu = m;
    }
    setToolTip(t: string) {
      this.tooltip = t;
    }
    on = vi.fn();
    destroy = vi.fn();
  }
  return {
    app,
    BrowserWindow,
    Tray,
    nativeImage: { createFromPath: () => ({ resize: () => ({}) }) },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
    ipcMain: { handle: (c: string, l: never) => void h.handled.set(c, l), removeHandler: vi.fn() },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), webRequest: { onHeadersReceived: vi.fn() } },
    },
    shell: { openExternal: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
    dialog: { showErrorBox: vi.fn() },
    powerMonitor: new EE(),
    net: { isOnline: () => true },
  };
});
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return { default: Conf };
});

const savedArgv = process.argv;
// set by Electron in a packaged app: where extraResources (icons, printer files) live
(process as { resourcesPath?: string }).resourcesPath = path.resolve('resources');
afterAll(() => {
  process.argv = savedArgv;
  fs.rmSync(root, { recursive: true, force: true });
});

type Sent = [string, unknown];
const sentTo = (win: FakeWin): Sent[] => win.webContents.send.mock.calls as Sent[];
const offers = (win: FakeWin) =>
  sentTo(win).filter(([ch]) => ch === ipcEvent('documentsOffered')).map(([, p]) => p as DocumentsOffered);
const frame = { senderFrame: { url: `file://${path.resolve('src/renderer')}/index.html` } };

describe('documents opened with FaxDesk reach the Send screen', () => {
  it('argv at launch and open-file before ready are kept until the window exists, then offered in order', async () => {
    const missing = path.join(docs, 'missing.pdf');
    process.argv = ['/opt/FaxDesk/faxdesk', '--no-sandbox', launchDoc, missing, 'smb://server/share/传真.pdf'];
    await import('@main/index');
    // the second process's documents travel with the single-instance lock
    expect(h.lockData).toEqual({ faxdeskDocuments: [launchDoc, missing, 'smb://server/share/传真.pdf'] });

    // macOS: a document opened during launch arrives before ready and before any window
    const preventDefault = vi.fn();
    h.app.emit('open-file', { preventDefault }, earlyDoc);
    expect(preventDefault).toHaveBeenCalled();
    expect(h.windows).toHaveLength(0);

    h.ready();
    await vi.waitFor(() => expect(offers(h.windows[0]!)).toHaveLength(2), { timeout: 10_000 });
    const [first, second] = offers(h.windows[0]!);
    expect(first!.documents).toMatchObject([{ name: 'Launch Invoice.pdf', source: 'argv' }]);
    // what could not be opened is listed with the reason, not dropped
    expect(first!.rejected).toMatchObject([
      { name: 'missing.pdf', reason: 'not_found', source: 'argv' },
      { name: '传真.pdf', reason: 'not_local', source: 'argv' },
    ]);
    expect(second!.documents).toMatchObject([{ name: '早期 opened.pdf', source: 'open-file' }]);

    // the Send screen mounts later and claims them through the contract
    const take = h.handled.get(ipcChannel('takePendingDocuments'))!;
    const taken = (await take(frame, undefined)) as { ok: true; value: DocumentsOffered };
    expect(taken.value.documents.map((d) => d.name)).toEqual(['Launch Invoice.pdf', '早期 opened.pdf']);
    // on the form: claimed, so never handed over again
    const claim = h.handled.get(ipcChannel('claimDocuments'))!;
    expect(await claim(frame, { handles: taken.value.documents.map((d) => d.handle) })).toMatchObject({ ok: true });
    expect(((await take(frame, undefined)) as { ok: true; value: DocumentsOffered }).value.documents).toEqual([]);
  });

  it('restores the remembered window state clamped to the displays there are, and shows the tray', () => {
    const win = h.windows[0]!;
    win.emit('ready-to-show');
    // x=3000 was a monitor that is gone: the OS places the window, still maximized
    expect(win.setBounds).not.toHaveBeenCalled();
    expect(win.maximize).toHaveBeenCalled();
    expect(win.show).toHaveBeenCalled();
    expect(h.trays).toHaveLength(1);
    const labels = (h.trays[0]!.menu as Array<{ label?: string }>).map((i) => i.label).filter(Boolean);
    expect(labels).toEqual(['New Fax', 'Open FaxDesk', 'Quit FaxDesk']);
    // closing keeps FaxDesk in the tray (the default), still tracking
    const closeEvent = { preventDefault: vi.fn() };
    win.emit('close', closeEvent);
    expect(closeEvent.preventDefault).toHaveBeenCalled();
    expect((win as unknown as { hide: ReturnType<typeof vi.fn> }).hide).toHaveBeenCalled();
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, WINDOW_STATE_FILE), 'utf8'))).toEqual({
      bounds: { x: 10, y: 20, width: 1100, height: 750 },
      maximized: true,
    });
  });

  it('second-instance: several documents (spaces, Chinese, relative) land on the Send screen and the window comes back', async () => {
    const win = h.windows[0]!;
    win.minimized = true;
    const before = offers(win).length;
    const a = file('Fax cover 封面.docx');
    const b = file('scan 1.TIFF');
    const argv = ['/opt/FaxDesk/faxdesk', '--allow-file-access-from-files', 'Fax cover 封面.docx', 'scan 1.TIFF', 'notes.xlsx'];
    fs.writeFileSync(path.join(docs, 'notes.xlsx'), 'x');

    // what the second process sends: resolved against its own directory
    h.app.emit('second-instance', {}, argv, '/somewhere/else', singleInstanceData(argv, docs, true));
    await vi.waitFor(() => expect(offers(win).length).toBe(before + 1));
    const offered = offers(win).at(-1)!;
    // the window gets names and handles, never the paths
    expect(offered.documents.map((d) => [d.name, d.source])).toEqual([
      [path.basename(a), 'second-instance'],
      [path.basename(b), 'second-instance'],
    ]);
    expect(JSON.stringify(offered)).not.toContain(docs);
    expect(offered.rejected).toMatchObject([{ name: 'notes.xlsx', reason: 'unsupported_type' }]);
    // the window comes back; main does not switch its screen (the window decides, by what the user is doing)
    expect(sentTo(win).some(([channel]) => channel === ipcEvent('navigate'))).toBe(false);
    await vi.waitFor(() => expect(win.restore).toHaveBeenCalled());
    expect(win.focus).toHaveBeenCalled();

    // an older FaxDesk (no additional data): argv and its working directory are used
    h.app.emit('second-instance', {}, argv.slice(0, 3), docs, undefined);
    await vi.waitFor(() => expect(offers(win).length).toBe(before + 2));
    expect(offers(win).at(-1)!.documents.map((d) => d.name)).toEqual([path.basename(a)]);
  });

  it('open-file while running offers the document at once', async () => {
    const win = h.windows[0]!;
    const before = offers(win).length;
    const printed = file('Send with FaxDesk 打印.pdf');
    h.app.emit('open-file', { preventDefault: vi.fn() }, printed);
    await vi.waitFor(() => expect(offers(win).length).toBe(before + 1));
    expect(offers(win).at(-1)!.documents).toMatchObject([{ name: path.basename(printed), source: 'open-file' }]);
  });
});
