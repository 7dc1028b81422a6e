// `npm test` names what failed beside its summary (CI shows only the end of the log): the names come from
// the runners' own JSON reports, here written by real vitest and Playwright runs of a failing test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedE2e, failedVitest, firstLine } from '../../scripts/lib/failures.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-failures-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '1', FORCE_COLOR: '1' }, timeout: 25_000 });
  // both runs fail on purpose; what matters is the report they leave
  expect(r.status, r.stderr).toBe(1);
}

describe('the failed tests beside the summary', () => {
  it('names a failed vitest test with its file and the first line of the reason, and a file that did not load', () => {
    fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default { test: { include: ["*.spec.mjs"] } };\n');
    fs.writeFileSync(
      path.join(dir, 'a.spec.mjs'),
      `import { describe, expect, it } from 'vitest';
describe('a group', () => {
  it('passes', () => expect(1).toBe(1));
  it('counts the pages', () => expect(2, 'pages of the cover').toBe(3));
});
`,
    );
    fs.writeFileSync(path.join(dir, 'b.spec.mjs'), "import './no-such-module.mjs';\n");
    // a file whose tests all pass is not named
    fs.writeFileSync(path.join(dir, 'c.spec.mjs'), "import { expect, it } from 'vitest';\nit('passes', () => expect(1).toBe(1));\n");
    run(bin('vitest'), ['run', '--root', dir, '--reporter=json', '--outputFile=vitest.json']);
    const lines = failedVitest(JSON.parse(fs.readFileSync(path.join(dir, 'vitest.json'), 'utf8')), dir);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^vitest a\.spec\.mjs › a group counts the pages: .*pages of the cover.*expected 2 to be 3/);
    expect(lines[1]).toMatch(/^vitest b\.spec\.mjs \(did not load\): .*no-such-module/);
    // colour codes are gone
    expect(lines.join('')).not.toContain('\u001b[');
  });

  it('names a failed Playwright test with its file, line, titles and error, and not the passing one', () => {
    fs.writeFileSync(
      path.join(dir, 'c.e2e.mjs'),
      `import { test, expect } from '${path.join(root, 'node_modules/@playwright/test/index.mjs')}';
test.describe('the outbox', () => {
  test('passes', () => expect(1).toBe(1));
  test('shows the sender', () => expect('Ann', 'the sender column').toBe('Bob'));
});
`,
    );
    fs.writeFileSync(path.join(dir, 'playwright.config.mjs'), `export default { testDir: '.', testMatch: /\\.e2e\\.mjs$/, reporter: [['json', { outputFile: 'e2e.json' }]] };\n`);
    run(bin('playwright'), ['test', '--config', path.join(dir, 'playwright.config.mjs')]);
    const lines = failedE2e(JSON.parse(fs.readFileSync(path.join(dir, 'e2e.json'), 'utf8')));
    expect(lines).toEqual([expect.stringMatching(/^e2e c\.e2e\.mjs:4 › the outbox › shows the sender: Error: the sender column — expect\(received\)\.toBe\(expected\)/)]);
  });

  it('a report that is missing, cut short or of another shape names nothing and does not throw; a message is cut to its first line', () => {
    expect(failedVitest(null, dir)).toEqual([]);
    expect(failedE2e(undefined)).toEqual([]);
    for (const odd of [{ testResults: {} }, { testResults: [null, 3, { assertionResults: 'x' }] }, { suites: {} }, { suites: [null, { specs: [null, { tests: {} }] }] }]) {
      expect(failedVitest(odd, dir)).toEqual([]);
      expect(failedE2e(odd)).toEqual([]);
    }
    // an error outside any test (a global setup that refused to run) is named too
    expect(failedE2e({ suites: [], errors: [{ message: 'Error: the build is older than the sources\nrun electron-vite build' }] })).toEqual([
      'e2e (outside a test): Error: the build is older than the sources — run electron-vite build',
    ]);
    expect(firstLine('\n\n  first\nsecond')).toBe('first');
    expect(firstLine('first\n\nsecond\nthird', 2)).toBe('first — second');
  });
});
