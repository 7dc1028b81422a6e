// Mutation testing of the money and safety rules (docs/testing.md). Run through `npm run test:mutation`,
// which mutates one module of stryker/modules.mjs at a time (FAXDESK_MUTATION_MODULE).
import { modules } from './stryker/modules.mjs';

const name = process.env.FAXDESK_MUTATION_MODULE;
const mod = modules[name];
if (!mod) throw new Error(`FAXDESK_MUTATION_MODULE must be one of: ${Object.keys(modules).join(', ')}`);
process.env.FAXDESK_MUTATION_TESTS = JSON.stringify(mod.tests);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's vitest runner (9.6.1) runs no test at all in a mutant run on vitest 5 (every mutant "survives":
  // stryker-js issue 6210), so each mutant runs the module's tests in a fresh vitest through the command
  // runner; Stryker activates the mutant by an environment variable. The first failing test ends the run.
  testRunner: 'command',
  // A module may add vitest options (`vitestArgs` in stryker/modules.mjs), e.g. one worker without isolation.
  commandRunner: { command: `npx vitest run --config stryker/vitest.config.ts --bail=1 --reporter=dot ${mod.vitestArgs ?? ''}`.trim() },
  plugins: ['./stryker/equivalent-ignorer.mjs'],
  // equivalent mutants, each with its reason: stryker/equivalent.mjs
  ignorers: ['faxdesk-equivalent'],
  mutate: mod.mutate,
  // the machine is shared: one test process unless asked for two
  concurrency: Number(process.env.FAXDESK_MUTATION_CONCURRENCY ?? 1),
  coverageAnalysis: 'off',
  // tests that run real servers and timers: generous, since a mutant may make one wait for its limit
  timeoutMS: 20_000,
  timeoutFactor: 2,
  reporters: ['clear-text', 'json', 'progress-append-only'],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: true },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // the sandbox copy needs the sources and tests, not the build, the screenshots or earlier reports
  ignorePatterns: ['out', 'dist', 'release', 'artifacts', 'test-results', 'playwright-report', 'reports', 'bench/results', 'coverage'],
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: true,
  incremental: process.env.FAXDESK_MUTATION_INCREMENTAL === '1',
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  thresholds: { high: 90, low: 85, break: null },
};
