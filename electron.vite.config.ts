import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { viteAliases } from './scripts/lib/path-aliases.mjs';

// @shared/…, @main/…, @renderer/… (tsconfig.base.json's paths); the lint's layer table says who may import what.
const resolveAliases = { alias: viteAliases() };

export default defineConfig({
  main: {
    resolve: resolveAliases,
    build: {
      // Native and Electron-only modules stay external; everything else is bundled. keytar is an
      // optionalDependency (it may not build), which externalizeDeps does not cover on its own.
      externalizeDeps: { include: ['keytar'] },
      // The page-count worker is started by path (src/main/send/page-count.ts), so it is an entry of its own:
      // out/main/page-count-worker.js beside index.js.
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'page-count-worker': resolve(__dirname, 'src/main/send/page-count-worker.ts'),
          // The browser preview (npm run start:web, the e2e tests) shares the main process's code: run built, not through tsx.
          preview: resolve(__dirname, 'scripts/preview.ts'),
        },
        // The code both entries share goes in a chunk BESIDE them, not in chunks/: page-count.ts finds its worker
        // relative to its own module (./page-count-worker.js), wherever the bundler put that module.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    resolve: resolveAliases,
    build: {
      // A sandboxed preload cannot require() node_modules: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    resolve: resolveAliases,
    build: {
      // electron-vite leaves the renderer unminified; minified, the entry is ~40 % smaller to fetch and parse.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // Everything the first screen imports statically is one chunk: left to itself, Rolldown cut it
        // into up to 8 shared pieces (React, i18next, react-query, …) whenever a lazy chunk shares them.
        output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
      },
    },
  },
});
