// The thin Electron entry: it wires the plain-Node services to Electron's
// windows, IPC, menu and session. Everything testable lives elsewhere.
import { app, BrowserWindow, dialog, Menu, net, powerMonitor, safeStorage, screen, session, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ElectronStore from 'electron-store';
import { ipcEvent } from '../shared/ipc/contract';
import type { PlatformDeps } from './app-context';
import { installOpenHandlers, singleInstanceData } from './electron/open-handlers';
import { createElectronNotifier, showElectronNotification } from './electron/notifier';
import { createPrintArrivalHandler } from './electron/print-arrivals';
import { electronDialogs } from './electron/dialogs';
import { grantDroppedFile } from './files/grants';
import { createTray, type FaxDeskTray } from './electron/tray';
import { chineseTrayLabels, englishTrayLabels } from './shell/tray-menu';
import { restoredPlacement, trackWindowState } from './electron/window-state';
import { registerElectronIpc } from './ipc/electron-ipc';
import { createLogger } from './log';
import { pickNotifyLanguage } from './notify/text';
import { chineseMenuLabels, englishMenuLabels, menuTemplate } from './shell/menu';
import { developmentRendererUrl, hardenSession, hardenWebContents, isTrustedFrameUrl, safeOpenExternal } from './security';
import { createMainServices, type MainServices } from './services';
import { policyEnv, readPolicy, type Policy } from './policy/policy-file';
import { PROVISION_SWITCH, provisionSecret } from './policy/provision';
import type { KeyValueStore, StoreFactory } from './settings/settings';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = createLogger();
const rendererDir = path.join(here, '../renderer');
// Development only: a packaged app ignores every variable that would choose the window's URL.
const devServer = developmentRendererUrl(process.env, app.isPackaged);
if (app.isPackaged && process.env['ELECTRON_RENDERER_URL']) log.warn('ELECTRON_RENDERER_URL is ignored in the installed app');
const origins = { fileRoot: devServer ? null : pathToFileURL(rendererDir + path.sep).href, devServer };

let mainWindow: BrowserWindow | null = null;
/** set once the user really quits, so closing the window can hide it to the tray instead */
let quitting = false;
let keepInTray: () => boolean = () => false;
let tray: FaxDeskTray | null = null;

const storeFactory: StoreFactory = (options) => new ElectronStore(options) as unknown as KeyValueStore;

function emit(name: Parameters<PlatformDeps['emit']>[0], payload: unknown) {
  for (const win of BrowserWindow.getAllWindows()) win.webContents.send(ipcEvent(name), payload);
}

const windowDefaults = { width: 1200, height: 800, minWidth: 880, minHeight: 560 };

async function createWindow(onShown?: () => void): Promise<BrowserWindow> {
  const win = new BrowserWindow({
    width: windowDefaults.width,
    height: windowDefaults.height,
    minWidth: windowDefaults.minWidth,
    minHeight: windowDefaults.minHeight,
    show: false,
    title: 'FaxDesk',
    // A deliberate copy of secureWebPreferences() from security.ts, written out (not a call) so
    // Electronegativity sees each value (test/reliability/security.test.ts fails on a call);
    // test/main/entry.test.ts asserts the two are equal.
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  hardenWebContents(win.webContents, (url) => safeOpenExternal(shell, url), (what, url) =>
    log.warn(`blocked ${what} to ${url.slice(0, 200)}`),
  );
  win.on('close', (e) => {
    // With "keep running in the tray" on, closing hides the window; tracking and notifications go on.
    if (!quitting && keepInTray()) {
      e.preventDefault();
      win.hide();
    }
  });
  win.once('ready-to-show', () => {
    // The remembered bounds are applied while the window is still hidden, against
    // today's displays (a monitor may be gone); tracking starts only afterwards so
    // the default size is never saved over them.
    const dataDir = app.getPath('userData');
    const placement = restoredPlacement(dataDir, screen.getAllDisplays(), windowDefaults, log);
    if (placement.x !== undefined && placement.y !== undefined) {
      win.setBounds({ x: placement.x, y: placement.y, width: placement.width, height: placement.height });
    }
    if (placement.maximized) win.maximize();
    win.show();
    trackWindowState(win, dataDir, { onError: (e) => log.warn('window state not saved', e) });
    onShown?.();
  });
  if (devServer) await win.loadURL(devServer);
  else await win.loadFile(path.join(rendererDir, 'index.html'));
  return win;
}

/** Restores, shows and focuses the window, creating it if it was closed (macOS, tray). */
async function showMainWindow(): Promise<void> {
  if (!app.isReady()) return;
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = await createWindow();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** `faxdesk --provision-secret` (docs/deploy.md): no window, the secret from stdin, an exit code for the script. */
async function provisionIfAsked(policy: Policy): Promise<boolean> {
  const provisionAt = process.argv.indexOf(PROVISION_SWITCH);
  if (provisionAt < 0) return false;
  const code = await provisionSecret({
    policy,
    extraArgs: process.argv.slice(provisionAt + 1),
    io: { stdin: process.stdin, out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) },
  });
  app.exit(code);
  return true;
}

function platformDeps(): PlatformDeps {
  return {
    dataDir: app.getPath('userData'),
    version: app.getVersion(),
    platform: process.platform,
    shell: 'electron',
    systemLocale: app.getLocale(),
    log,
    dialogs: electronDialogs(),
    emit,
    safeStorage,
    notifier: createElectronNotifier((taskRef) =>
      void showMainWindow().then(() => emit('navigate', { route: `tasks/${taskRef}` })),
    ),
  };
}

/** The application menu (and the tray's labels) in the language chosen, built again when it changes. */
function installMenu(services: MainServices): void {
  const buildMenu = () => {
    const zh = (services.settings.get().language ?? (app.getLocale().startsWith('zh') ? 'zh-CN' : 'en')) === 'zh-CN';
    tray?.setLabels(zh ? chineseTrayLabels : englishTrayLabels);
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
}

function showTray(services: MainServices): void {
  if (tray) return;
  const zh = (services.settings.get().language ?? app.getLocale()).startsWith('zh');
  const iconDir = app.isPackaged ? path.join(process.resourcesPath, 'icons') : path.join(app.getAppPath(), 'resources', 'icons');
  tray = createTray(path.join(iconDir, 'tray.png'), zh ? chineseTrayLabels : englishTrayLabels, {
    newFax: () => void showMainWindow().then(() => emit('navigate', { route: 'send' })),
    open: () => void showMainWindow(),
    quit: () => app.quit(),
  });
  // Counts in the tray menu, unseen failures on the dock/taskbar badge.
  // Failed numbers as the Failures badge counts them: office-wide while the office answers (services.tray).
  const showStatus = (status: ReturnType<typeof services.tray.current>) => {
    tray?.setStatus(status);
    app.setBadgeCount(status.failed);
  };
  showStatus(services.tray.current());
  services.tray.onChange(showStatus);
}

/** Polling pauses while the system sleeps or is offline, and picks up again by itself. */
function followPowerAndNetwork(tracker: MainServices['tasks']['tracker']): void {
  powerMonitor.on('suspend', () => tracker.suspend());
  powerMonitor.on('resume', () => tracker.resume());
  const onlineTimer = setInterval(() => tracker.setOnline(net.isOnline()), 15_000);
  app.on('before-quit', () => clearInterval(onlineTimer));
}

async function main() {
  // The machine's policy; the installed app ignores FAXDESK_POLICY (a user could point it at their own file).
  if (app.isPackaged && process.env['FAXDESK_POLICY']) log.warn('FAXDESK_POLICY is ignored in the installed app');
  const policy = readPolicy({ env: policyEnv(process.env, app.isPackaged) });
  if (await provisionIfAsked(policy)) return;
  // the documents go along to the running FaxDesk, already resolved against our directory
  if (!app.requestSingleInstanceLock(singleInstanceData(process.argv, process.cwd(), app.isPackaged))) {
    app.quit();
    return;
  }
  // before ready: macOS delivers the launch documents as open-file events early
  const openHandlers = installOpenHandlers({
    app,
    argv: process.argv,
    cwd: process.cwd(),
    isPackaged: app.isPackaged,
    showWindow: () => void showMainWindow().catch((e: unknown) => log.error('cannot show the window', e)),
  });
  app.on('web-contents-created', (_e, contents) => {
    hardenWebContents(contents, (url) => safeOpenExternal(shell, url));
  });
  await app.whenReady();
  hardenSession(session.defaultSession);

  const services = await createMainServices(platformDeps(), { storeFactory, policy });
  registerElectronIpc(services.handlers, (p) => grantDroppedFile(services.grants, p), (url) => isTrustedFrameUrl(url, origins), log);
  installMenu(services);

  app.on('activate', async () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = await createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !keepInTray()) app.quit();
  });
  app.on('before-quit', () => {
    quitting = true;
    void services.close();
  });

  keepInTray = () => services.settings.get().closeToTray && tray !== null;
  followPowerAndNetwork(services.tasks.tracker);
  // the tray appears with the first window, when FaxDesk can answer its menu
  mainWindow = await createWindow(() => showTray(services));
  // a printed (or hot-folder) document brings the window up on the Send screen, or notifies from the tray
  services.intake.queue.onOffered(
    createPrintArrivalHandler({
      window: {
        isOnScreen: () => !!mainWindow && !mainWindow.isDestroyed() && mainWindow.isVisible() && !mainWindow.isMinimized(),
        show: () => void showMainWindow().catch((e: unknown) => log.error('cannot show the window', e)),
      },
      keepInTray: () => keepInTray(),
      language: () => pickNotifyLanguage(services.settings.get().language, app.getLocale()),
      notify: showElectronNotification,
    }),
  );
  // documents from argv, or opened / printed before the window existed, wait in the queue for the Send screen
  openHandlers.attach(services.intake.queue);
}

main().catch((e: unknown) => {
  log.error('FaxDesk failed to start', e);
  // Never die silently: damaged files are handled in services.ts; whatever is left is said here.
  try {
    const detail = e instanceof Error ? e.message : String(e);
    dialog.showErrorBox('FaxDesk could not start / FaxDesk 无法启动', `${detail}\n\nRestart FaxDesk; if this happens again, send this message to your IT support.`);
  } catch {
    // no dialog possible (e.g. before the app is ready on some platforms): the log has it
  }
  app.exit(1);
});
