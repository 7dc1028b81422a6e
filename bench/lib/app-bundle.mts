/**
 * The app's main process runs as a bundle (electron-vite: out/main/index.js, dependencies left
 * external, ES modules), not as TypeScript compiled on the fly by tsx. out/main/index.js itself
 * needs Electron, so the upload benchmark bundles its own entry (bench/workers/app-upload.mts,
 * which builds the main services as the Electron entry does) the same way, with the page-count
 * worker beside it as in out/main, and runs it with plain `node`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { viteAliases } from '../../scripts/lib/path-aliases.mjs';
import { ROOT } from './processes.mts';

/** Under node_modules (the bundle's dependencies resolve from there; eslint and git leave it alone). */
export const APP_BUNDLE_DIR = path.join(ROOT, 'node_modules/.cache/faxdesk-bench-app');

/** Builds APP_BUNDLE_DIR/app-upload.js (+ page-count-worker.js beside it); returns the entry's path. */
export async function buildAppUploadBundle(): Promise<string> {
  fs.rmSync(APP_BUNDLE_DIR, { recursive: true, force: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    resolve: { alias: viteAliases() }, // @shared/…, @main/… as electron.vite.config.ts
    build: {
      ssr: true, // node target, node_modules left external as electron-vite's externalizeDeps does
      outDir: APP_BUNDLE_DIR,
      emptyOutDir: true,
      minify: false,
      target: 'node22',
      reportCompressedSize: false,
      rollupOptions: {
        input: {
          'app-upload': path.join(ROOT, 'bench/workers/app-upload.mts'),
          'page-count-worker': path.join(ROOT, 'src/main/send/page-count-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
      },
    },
  });
  // ES modules, as out/main is under the project's "type": "module".
  fs.writeFileSync(path.join(APP_BUNDLE_DIR, 'package.json'), '{ "type": "module" }\n');
  return path.join(APP_BUNDLE_DIR, 'app-upload.js');
}
