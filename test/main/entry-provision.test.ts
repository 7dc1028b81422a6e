import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// `faxdesk --provision-secret` in the installed app: the entry provisions and exits with the command's code,
// before any window, lock or IPC. Electron is the boundary we do not own: mocked here.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-entry-provision-'));
const state = vi.hoisted(() => ({ windows: 0, exit: [] as number[], lock: 0 }));

vi.mock('electron', () => {
  class BrowserWindow {
    constructor() {
      state.windows++;
    }
    static getAllWindows = () => [];
  }
  return {
    app: {
      isPackaged: true,
      requestSingleInstanceLock: () => {
        state.lock++;
        return true;
      },
      whenReady: async () => {},
      getPath: () => dir,
      getVersion: () => '1.2.3',
      getLocale: () => 'en-US',
      on: vi.fn(),
      quit: vi.fn(),
      exit: (code: number) => void state.exit.push(code),
    },
    BrowserWindow,
    ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
    Menu: { buildFromTemplate: vi.fn(), setApplicationMenu: vi.fn() },
    session: { defaultSession: {} },
    shell: { openExternal: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => false },
    dialog: { showErrorBox: vi.fn() },
    powerMonitor: { on: vi.fn() },
    net: { isOnline: () => true },
    screen: { getAllDisplays: () => [] },
  };
});
vi.mock('electron-store', async () => ({ default: (await import('conf')).default }));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the Electron entry with --provision-secret', () => {
  it('opens no window, says why on stderr and exits with the code for "no policy" (FAXDESK_POLICY ignored)', async () => {
    const argv = process.argv;
    const policy = process.env['FAXDESK_POLICY'];
    const stderr: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (stderr.push(String(c)), true));
    process.argv = ['/opt/FaxDesk/faxdesk', '--provision-secret'];
    process.env['FAXDESK_POLICY'] = path.join(dir, 'no-policy.json');
    try {
      await import('../../src/main/index');
      await vi.waitFor(() => expect(state.exit).toEqual([3]));
    } finally {
      process.argv = argv;
      if (policy === undefined) delete process.env['FAXDESK_POLICY'];
      else process.env['FAXDESK_POLICY'] = policy;
      write.mockRestore();
    }
    expect(state.windows).toBe(0);
    expect(state.lock).toBe(0);
    expect(stderr.join('')).toContain('No fax service account to provision');
    // the installed app reads the machine's policy only: a user's FAXDESK_POLICY cannot replace it (and escape its locks)
    expect(stderr.join('')).toContain('FAXDESK_POLICY is ignored in the installed app');
    expect(stderr.join('')).not.toContain('no-policy.json');
  });
});
