import { spawn, type ChildProcess } from 'node:child_process';
import type {} from '../../src/renderer/src/lib/api';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PDFDocument } from 'pdf-lib';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index';
import { documentList, sendResult, tr, type Language } from './ui';

export const screenshotDir = path.resolve('artifacts/screenshots');

export interface Preview {
  url: string;
  dataDir: string;
  output: string[];
  restart(): Promise<void>;
}

/**
 * The preview as `npm run start:web` runs it: built by electron-vite beside the main process (global-setup.ts
 * checks the build is not older than the sources). Started from the build, not through tsx, it is ready in ~0.9 s instead of ~1.8 s (measured),
 * and there is one preview start per test.
 */
const PREVIEW_ENTRY = path.resolve('out/main/preview.js');

/** Starts the real browser preview (main-process handlers in Node) in a fresh data folder. */
async function startPreview(dataDir: string, env: Record<string, string>, args: string[] = []): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const output: string[] = [];
  const child = spawn(process.execPath, [PREVIEW_ENTRY, '--port', '0', '--data-dir', dataDir, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${output.join('')}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /FaxDesk preview: (\S+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    child.on('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output.join('')}`)));
  });
  return { child, url, output };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  // a deadline, not a wait: it ends as soon as the preview has exited
  const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
  child.kill('SIGTERM');
  await exited;
  clearTimeout(late);
}

export const test = base.extend<{ previewEnv: Record<string, string>; previewArgs: string[]; dataFiles: Record<string, string>; preview: Preview; sim: RunningSimulator }>({
  previewEnv: [{}, { option: true }],
  /** documents on the preview's command line, as `npm run start:web -- a.pdf` passes them */
  previewArgs: [[], { option: true }],
  /** files (name → text) put in the data folder before the first start, e.g. a damaged one */
  dataFiles: [{}, { option: true }],
  preview: async ({ previewEnv, previewArgs, dataFiles }, use, testInfo) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-e2e-'));
    for (const [name, text] of Object.entries(dataFiles)) fs.writeFileSync(path.join(dataDir, name), text);
    // Each test gets its own keychain entry, so no secret leaks from one test into another.
    previewEnv = { FAXDESK_KEYCHAIN_SERVICE: `FaxDesk-e2e-${path.basename(dataDir)}`, FAXDESK_OUTBOX_HOME: dataDir, ...previewEnv };
    let running = await startPreview(dataDir, previewEnv, previewArgs);
    const preview: Preview = {
      get url() {
        return running.url;
      },
      dataDir,
      get output() {
        return running.output;
      },
      async restart() {
        await stop(running.child);
        running = await startPreview(dataDir, previewEnv);
      },
    };
    await use(preview);
    await stop(running.child);
    // A failure in main shows in the window only as a sentence; its log line says why.
    if (testInfo.status !== testInfo.expectedStatus) {
      const log = running.output.join('');
      await testInfo.attach('preview-log', { body: log, contentType: 'text/plain' });
      process.stderr.write(`--- preview log of "${testInfo.title}" (last 4 KB) ---\n${log.slice(-4000)}\n---\n`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  /** The account's fax service for a test that connects one (started only when a test asks for it). */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
  sim: async ({}, use) => {
    const sim = await startSimulator({ speed: 200, apiKey: 'e2e-key', apiSecret: 'e2e-secret-value', unitPrice: 0.1 });
    await use(sim);
    await sim.stop();
  },
});

/** Another desk: a second preview in a data folder (and keychain entry) of its own, for tests of two desks on one office. */
export interface OtherDesk {
  url: string;
  dataDir: string;
  output: string[];
  /** stops it and removes its data folder */
  stop(): Promise<void>;
}

export async function startOtherDesk(env: Record<string, string> = {}): Promise<OtherDesk> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-e2e-desk-'));
  const running = await startPreview(dataDir, { FAXDESK_KEYCHAIN_SERVICE: `FaxDesk-e2e-${path.basename(dataDir)}`, FAXDESK_OUTBOX_HOME: dataDir, ...env });
  return {
    url: running.url,
    dataDir,
    output: running.output,
    async stop() {
      await stop(running.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Connects the app to `sim` as Settings would, and reloads so every screen starts connected. */
export async function connectAccount(page: Page, sim: RunningSimulator) {
  const r = await page.evaluate((c) => window.faxdesk!.connectAccount(c), { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret });
  expect(r.ok).toBe(true);
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}

export { expect };

export async function openApp(page: Page, preview: Pick<Preview, 'url'>, language?: 'en' | 'zh-CN') {
  await page.goto(preview.url);
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  if (language) {
    await page.evaluate(async (lng) => {
      await window.faxdesk!.setLanguage({ language: lng });
    }, language);
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  }
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export async function expectNoAxeViolations(page: Page) {
  // Legacy mode runs axe in the page itself instead of finishing each run in a new blank page, and only
  // violations are detailed (what is asserted): 0.6-0.7 s a check instead of 1.6-2.2 s (measured on the
  // Send screen, same run), over ~150 checks of the suite. The app has no frames from other origins, the
  // one thing legacy mode does not look into; the same rules run.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** A standalone simulator (the "real" service of a test), started through its command line. */
export async function startCliSimulator(args: string[]): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/cli.ts', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  });
  return { baseUrl, stop: () => stop(child) };
}

/** Sends a one-page PDF named `fileName` to `numbers` from the Send screen (shown in `language`), and waits for "sent". */
export async function sendOnePageFax(page: Page, fileName: string, numbers: string, language: Language = 'en') {
  const t = tr(language);
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(fileName, { x: 60, y: 760, size: 28 });
  await page.getByLabel(t('send:documents.pickerLabel'), { exact: true }).setInputFiles([{ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) }]);
  await expect(documentList(page, language).getByText(t('send:documents.uploaded'), { exact: true }).first()).toBeVisible();
  await page.getByLabel(t('send:recipients.label'), { exact: true }).fill(numbers);
  await page.getByRole('button', { name: t('send:actions.send'), exact: true }).click();
  await expect(sendResult(page, language)).toHaveAttribute('data-overall', 'sent');
}
