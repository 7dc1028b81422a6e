// The vitest projects Stryker runs for one module: only the tests that guard it (FAXDESK_MUTATION_TESTS, set
// by scripts/mutation.mjs from stryker/modules.mjs), in the same environments as vitest.config.ts.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { viteAliases } from '../scripts/lib/path-aliases.mjs';

const tests: string[] = JSON.parse(process.env.FAXDESK_MUTATION_TESTS ?? '[]') as string[];
const renderer = tests.filter((t) => t.startsWith('test/renderer/'));
const node = tests.filter((t) => !t.startsWith('test/renderer/'));
// @shared/…, @main/…, @renderer/… as in tsconfig.base.json and vitest.config.ts
const resolve = { alias: viteAliases() };

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    projects: [
      ...(node.length ? [{ resolve, test: { name: 'node', environment: 'node', include: node, testTimeout: 60_000, hookTimeout: 60_000 } }] : []),
      ...(renderer.length ? [{ plugins: [react()], resolve, test: { name: 'renderer', environment: 'happy-dom', include: renderer } }] : []),
    ],
  },
});
