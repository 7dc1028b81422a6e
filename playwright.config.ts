import { defineConfig } from '@playwright/test';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  // refuses to run a build older than the sources (test/e2e/global-setup.ts)
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  // Two at once: most of an e2e test waits (the app's polling cadence, the simulator), so two workers on the
  // 2-core CI machine took the suite from ~17 to ~10 min with the same results (119 passed, run of 2026-11-27).
  // Each test has its own preview, data folder, simulator and keychain service name; servers use OS ports.
  // Three were tried on 2026-11-28: no shorter (the two cores are the limit) and documents then missed their
  // 5 s to "Uploaded" in six tests.
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: chromiumArgs },
    viewport: { width: 1200, height: 780 },
    trace: 'off',
  },
  projects: [
    { name: 'preview', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
