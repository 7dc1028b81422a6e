// The thin Electron entry: it wires the plain-Node services to Electron's
// windows, IPC, menu and session. Everything testable lives elsewhere.
import { app, BrowserWindow, ipcMain, Menu, session, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ElectronStore from 'electron-store';
import { ipcEvent } from '../shared/ipc/contract';
import type { PlatformDeps } from './app-context';
import { registerIpc } from './ipc/register';
import { createLogger } from './log';
import { chineseMenuLabels, englishMenuLabels, menuTemplate } from './menu';
import { hardenSession, hardenWebContents, isTrustedFrameUrl, safeOpenExternal, secureWebPreferences } from './security';
import { createMainServices } from './services';
import type { KeyValueStore, StoreFactory } from './settings/settings';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = createLogger();
const rendererDir = path.join(here, '../renderer');
const devServer = process.env['ELECTRON_RENDERER_URL'] ?? null;
const origins = { fileRoot: devServer ? null : `file://${rendererDir}`, devServer };

let mainWindow: BrowserWindow | null = null;

const storeFactory: StoreFactory = (options) => new ElectronStore(options) as unknown as KeyValueStore;

function emit(name: Parameters<PlatformDeps['emit']>[0], payload: unknown) {
  for (const win of BrowserWindow.getAllWindows()) win.webContents.send(ipcEvent(name), payload);
}

async function createWindow(): Promise<BrowserWindow> {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'FaxDesk',
    webPreferences: secureWebPreferences(path.join(here, '../preload/index.cjs')),
  });
  hardenWebContents(win.webContents, (url) => void shell.openExternal(url), (what, url) =>
    log.warn(`blocked ${what} to ${url.slice(0, 200)}`),
  );
  win.once('ready-to-show', () => win.show());
  if (devServer) await win.loadURL(devServer);
  else await win.loadFile(path.join(rendererDir, 'index.html'));
  return win;
}

async function main() {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('web-contents-created', (_e, contents) => {
    hardenWebContents(contents, (url) => void shell.openExternal(url));
  });
  await app.whenReady();
  hardenSession(session.defaultSession);

  const deps: PlatformDeps = {
    dataDir: app.getPath('userData'),
    version: app.getVersion(),
    platform: process.platform,
    shell: 'electron',
    systemLocale: app.getLocale(),
    log,
    openExternal: (url) => {
      safeOpenExternal((u) => shell.openExternal(u), url);
    },
    emit,
  };
  const services = await createMainServices(deps, { storeFactory });
  registerIpc(ipcMain, services.handlers, (url) => isTrustedFrameUrl(url, origins), log);

  const buildMenu = () => {
    const zh = (services.settings.get().language ?? (app.getLocale().startsWith('zh') ? 'zh-CN' : 'en')) === 'zh-CN';
    const template = menuTemplate(
      zh ? chineseMenuLabels : englishMenuLabels,
      {
        navigate: (route) => emit('navigate', { route }),
        openDocuments: () => emit('navigate', { route: 'send/open' }),
        quit: () => app.quit(),
      },
      process.platform === 'darwin',
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template as Electron.MenuItemConstructorOptions[]));
  };
  buildMenu();
  services.settings.onChange((next, prev) => {
    if (next.language !== prev.language) buildMenu();
  });

  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('activate', async () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = await createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => void services.close());

  mainWindow = await createWindow();
}

main().catch((e: unknown) => {
  log.error('FaxDesk failed to start', e);
  app.exit(1);
});
