// `npm test`: lint, typecheck, every vitest project, the e2e suite in Chromium,
// then one plain line summing every runner: `N passed, N failed, N skipped`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { failedE2e, failedVitest } from './lib/failures.mjs';

const results = [];
fs.mkdirSync('test-results', { recursive: true });

function step(name, cmd, args, count) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts;
  try {
    counts = count ? count(r.status) : null;
  } catch (e) {
    console.log(`could not read the results of ${name}: ${e.message}`);
  }
  counts ??= { passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, skipped: 0 };
  if (r.status !== 0 && counts.failed === 0) counts.failed = 1; // a runner that crashed before reporting still fails
  results.push({ name, seconds, ...counts });
}

/**
 * Steps that only read the sources (lint, typecheck), each one a single thread: run side by side on the
 * two cores, their output kept and printed whole, in order, when each ends (the summary keeps their order).
 */
async function sideBySide(steps) {
  const done = await Promise.all(
    steps.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (c) => (out += c));
          child.stderr.on('data', (c) => (out += c));
          let ended = false;
          // 'error' (could not start) may be followed by 'close': one end each
          const end = (status) => {
            if (ended) return;
            ended = true;
            console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}\n${out}`);
            resolve({ name, status, seconds: ((Date.now() - started) / 1000).toFixed(1) });
          };
          child.on('error', (e) => {
            out += String(e.message);
            end(1);
          });
          child.on('close', (code) => end(code ?? 1));
        }),
    ),
  );
  for (const r of done) results.push({ name: r.name, seconds: r.seconds, passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, skipped: 0 });
}

const VITEST_STEP = 'unit and integration (vitest)';
const E2E_STEP = 'end to end (playwright, chromium)';
const vitestJson = 'test-results/vitest.json';
const e2eJson = 'test-results/e2e-results.json';
fs.rmSync(vitestJson, { force: true });
fs.rmSync(e2eJson, { force: true });

await sideBySide([
  { name: 'lint', cmd: 'npx', args: ['-y', 'eslint', '.'] },
  // imports that climb three or more folders use the path aliases (scripts/alias-imports.mjs rewrites them)
  { name: 'path aliases', cmd: process.execPath, args: ['scripts/alias-imports.mjs', '--check'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
]);
step(VITEST_STEP, 'npx', ['-y', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`], () => {
  const j = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  return { passed: j.numPassedTests, failed: j.numFailedTests + suitesThatFailedToLoad(j), skipped: j.numPendingTests + j.numTodoTests };
});
// kept now for the names of what failed: Playwright empties test-results/ (its output folder) when it starts
const vitestReport = readJson(vitestJson);
// The reliability figures (no duplicate faxes, crash safety, bad input, security gate) as a table;
// a figure off target fails this step even though its own test already counted.
step('reliability figures', process.execPath, ['scripts/reliability-report.mjs', '--only']);
step('build', 'npx', ['-y', 'electron-vite', 'build']);
step(E2E_STEP, 'npx', ['-y', 'playwright', 'test'], () => {
  const j = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
  return { passed: j.stats.expected + j.stats.flaky, failed: j.stats.unexpected, skipped: j.stats.skipped };
});

/** a runner's JSON report, or null when it left none (or an unreadable one) */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// A suite that failed to load has no failed tests of its own; count it once.
function suitesThatFailedToLoad(j) {
  return (j.testResults ?? []).filter((s) => s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed')).length;
}

// The names of what failed, beside the summary: CI shows only the end of the log.
let failures;
try {
  failures = [...failedVitest(vitestReport, process.cwd()), ...failedE2e(readJson(e2eJson))];
} catch (e) {
  failures = [`(the reports could not be read for names: ${e.message})`];
}
// a step that failed without a test named above (lint, typecheck, a runner's own error): its name
const namedBy = { [VITEST_STEP]: 'vitest ', [E2E_STEP]: 'e2e ' };
for (const r of results) {
  const prefix = namedBy[r.name];
  if (r.failed > 0 && !(prefix && failures.some((f) => f.startsWith(prefix)))) failures.push(`${r.name}: failed (its output is above)`);
}
if (failures.length > 0) {
  console.log('\n=== failed');
  for (const f of failures.slice(0, 20)) console.log(`- ${f}`);
  if (failures.length > 20) console.log(`… and ${failures.length - 20} more`);
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.name.padEnd(36)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(4)} skipped  (${r.seconds}s)`);
const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
