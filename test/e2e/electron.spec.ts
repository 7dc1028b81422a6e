import { createRequire } from 'node:module';
import { _electron as electron } from '@playwright/test';
import { expect, test } from './fixtures';

const require = createRequire(import.meta.url);

function electronBinary(): string | null {
  try {
    return require('electron') as unknown as string;
  } catch (e) {
    return `missing: ${(e as Error).message.split('\n')[0]}`;
  }
}

test('the packaged app opens its window (where the Electron binary exists)', async () => {
  const binary = electronBinary();
  if (!binary || binary.startsWith('missing:')) {
    console.log(`skipped the Electron smoke test: the Electron binary is not installed on this machine (${binary})`);
    test.skip(true, 'Electron binary not installed on this machine');
    return;
  }
  const app = await electron.launch({ executablePath: binary, args: ['.'] });
  const window = await app.firstWindow();
  await expect(window.locator('body[data-ready="true"]')).toBeVisible();
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0]!;
    return w.webContents.getLastWebPreferences();
  });
  expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  await app.close();
});
