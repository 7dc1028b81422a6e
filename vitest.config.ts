import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { viteAliases } from './scripts/lib/path-aliases.mjs';

// @shared/…, @main/…, @renderer/… as in tsconfig.base.json (an inline project does not inherit the root's resolve)
const resolve = { alias: viteAliases() };

/**
 * The files that take longest (measured in the CI run of 2026-11-28: 90 and 70 s, then 16-22 s; most others
 * under 10 s) go first. Vitest queues files by project name and then, with no timings kept (a fresh
 * clone, as in CI), by file size: these started after nearly all the others, and one worker ran them
 * alone at the end. Started first, they run beside the rest. A file missing from the list only runs later.
 */
const LONGEST_FIRST = [
  'test/reliability/no-duplicate-faxes.test.ts',
  'test/reliability/crash-safety.test.ts',
  'test/main/policy/provision.test.ts',
  'test/reliability/malformed-replies.test.ts',
  'test/main/send/page-count.test.ts',
  'test/main/history/scale.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
