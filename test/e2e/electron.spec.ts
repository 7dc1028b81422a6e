import { createRequire } from 'node:module';
import { _electron as electron } from '@playwright/test';
import { expect, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';

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
  const win = await app.firstWindow();
  await expect(win.locator('body[data-ready="true"]')).toBeVisible();
  // No Node in the page, and the API is the contract's named functions.
  const page = await win.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    api: typeof window.faxdesk?.appInfo,
  }));
  expect(page).toEqual({ require: 'undefined', process: 'undefined', api: 'function' });
  await app.close();
});
