/** Real Chromium (Debian's) driving the browser preview: the built renderer with the real main-process handlers behind it. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT, startNode, type Running } from './processes.mts';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

export interface PreviewProcess extends Running {
  url: string;
}

/** The preview as built by electron-vite (what `npm run start:web` and the e2e tests run); ensureRendererBuilt builds it. */
export const PREVIEW_ENTRY = path.join(ROOT, 'out/main/preview.js');

/** The built preview in its own process, on a data folder of our choosing, demo mode (embedded simulator). */
export async function startPreview(dataDir: string, env: Record<string, string> = {}): Promise<PreviewProcess> {
  const r = await startNode(
    [PREVIEW_ENTRY],
    ['--port', '0', '--data-dir', dataDir, '--locale', 'en-US'],
    /FaxDesk preview: (\S+)/,
    { FAXDESK_KEYCHAIN_SERVICE: `FaxDesk-bench-${path.basename(dataDir)}`, ...env },
  );
  return { ...r, url: r.match[1]! };
}

export const RENDERER_DIR = path.join(ROOT, 'out/renderer');

/** The newest modification time under a folder (ms), 0 when it does not exist. */
export function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}
