import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { viteAliases } from './scripts/lib/path-aliases.mjs';

// @shared/…, @main/…, @renderer/… as in tsconfig.base.json (an inline project does not inherit the root's resolve)
const resolve = { alias: viteAliases() };

export default defineConfig({
  test: {
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
