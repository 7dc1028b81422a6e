import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { viteAliases } from './scripts/lib/path-aliases.mjs';

// @shared/…, @main/…, @renderer/… as in tsconfig.base.json (an inline project does not inherit the root's resolve)
const resolve = { alias: viteAliases() };

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on the 2-core CI machine. Most of
    // these tests wait (servers, child processes, the simulator's clock, a keychain over D-Bus) rather than
    // compute, so three at once took the whole run from 500 to 248 s here (same machine, same sitting,
    // same results); on a larger machine the default is already more.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      {
        resolve,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{main,shared,simulator,preload,preview,lint,scripts,installer,printer}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
        },
      },
      {
        resolve,
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['test/reliability/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
