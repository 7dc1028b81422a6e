/**
 * Renderer start: the built renderer (out/renderer, electron-vite) served by
 * the preview, loaded in a fresh Chromium context each run (no HTTP cache),
 * from navigation start to body[data-ready=true] — set once the first
 * screen's content (the Send screen with its panels) has been painted; and
 * every script the page fetched before that moment, gzipped (index.html's
 * scripts and preloads, plus what they imported on the way, e.g. the
 * language's catalogue).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium, newestMtime, PREVIEW_ENTRY, RENDERER_DIR, startPreview } from './lib/browser.mts';
import { STAMP_READY } from './lib/page-scripts.mts';
import { ROOT } from './lib/processes.mts';
import { figure, type Figure } from './lib/report.mts';

/** Builds out/ when the renderer sources are newer than the build (or there is none). */
export function ensureRendererBuilt(log: (s: string) => void): void {
  // the renderer and the preview's main-process code (out/main/preview.js and its chunk) are built from all of src/
  const sources = Math.max(newestMtime(path.join(ROOT, 'src')), fs.statSync(path.join(ROOT, 'scripts/preview.ts')).mtimeMs);
  const index = path.join(RENDERER_DIR, 'index.html');
  const built = fs.existsSync(index) && fs.existsSync(PREVIEW_ENTRY) ? Math.min(newestMtime(RENDERER_DIR), fs.statSync(PREVIEW_ENTRY).mtimeMs) : 0;
  if (built >= sources) return;
  log('  building the renderer (npx electron-vite build)');
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) throw new Error(`electron-vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/** The scripts and module preloads of index.html: what runs before the first screen. */
export function initialScripts(): string[] {
  const html = fs.readFileSync(path.join(RENDERER_DIR, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) refs.add(m[1]!);
  return [...refs].filter((r) => r.endsWith('.js')).map((r) => path.join(RENDERER_DIR, r.replace(/^\.?\//, '')));
}

export async function rendererFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  ensureRendererBuilt(log);
  const scripts = initialScripts();
  const gz = scripts.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(f)).length, 0) / 1024;
  const raw = scripts.reduce((n, f) => n + fs.statSync(f).size, 0) / 1024;
  log(`  initial scripts: ${scripts.map((s) => path.relative(RENDERER_DIR, s)).join(', ')} (${raw.toFixed(0)} KB raw)`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-start-'));
  const preview = await startPreview(dataDir);
  const browser = await launchChromium();
  const times: number[] = [];
  const beforeReady = new Set<string>();
  try {
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // Stamped in the page the moment the app says it is ready; performance.now() counts from navigation start.
      await page.addInitScript(STAMP_READY);
      await page.goto(preview.url);
      await page.locator('body[data-ready="true"]').waitFor();
      const ms = (await page.evaluate('window.__readyAt')) as number;
      // Scripts whose fetch started before ready (resource timing counts from navigation start too).
      const urls = (await page.evaluate(
        `performance.getEntriesByType('resource').filter((e) => e.startTime <= window.__readyAt && /\\.m?js(\\?|$)/.test(e.name)).map((e) => e.name)`,
      )) as string[];
      for (const u of urls) beforeReady.add(new URL(u).pathname);
      const onScreen = (await page.evaluate(`document.querySelector('#content > .screen')?.className ?? ''`)) as string;
      if (!onScreen.includes('send-screen')) throw new Error(`ready was set without the Send screen on screen (${onScreen || 'nothing'})`);
      // The first load warms the preview server and Chromium's own caches; it is not counted.
      if (i > 0) times.push(ms);
      await context.close();
    }
    log(`  renderer start runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  } finally {
    await browser.close();
    await preview.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const fetched = [...beforeReady]
    .map((p) => path.join(RENDERER_DIR, decodeURIComponent(p).replace(/^\//, '')))
    .filter((f) => fs.existsSync(f));
  const fetchedGz = fetched.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(f)).length, 0) / 1024;
  log(`  scripts fetched before ready: ${fetched.map((f) => path.relative(RENDERER_DIR, f)).join(', ')}`);
  return [
    figure('renderer start, navigation → first screen painted (data-ready)', 'ms', '< 500 ms', times, (m) => m < 500, `built renderer via the preview, fresh browser context per run; load ${os.loadavg()[0]!.toFixed(1)}`),
    figure('renderer JS before the first screen, gzipped', 'KB', '≤ 250 KB', [fetchedGz], (m) => m <= 250, `${fetched.length} script(s) fetched before ready, zlib default level`),
    figure('renderer initial JS gzipped (index.html scripts and preloads)', 'KB', 'reference', [gz], null, `${scripts.length} file(s), ${raw.toFixed(0)} KB raw`),
  ];
}
