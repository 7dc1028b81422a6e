// `npm run test:mutation [-- <module> …] [--concurrency 2] [--incremental]`: Stryker over the money and
// safety modules of stryker/modules.mjs, one module at a time (docs/testing.md). Prints each module's
// mutation score and its surviving mutants; fails when a module scores under 85 %.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { modules } from '../stryker/modules.mjs';

const TARGET = 85;
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const named = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--concurrency'));
const unknown = named.filter((n) => !modules[n]);
if (unknown.length) {
  console.error(`Unknown module(s): ${unknown.join(', ')}. Known: ${Object.keys(modules).join(', ')}`);
  process.exit(2);
}
const chosen = named.length ? named : Object.keys(modules);

/** Stryker's own score: detected (killed, timed out) over everything that ran or had no test. */
function summarise(name) {
  const file = `reports/mutation/${name}.json`;
  if (!fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  const survivors = [];
  for (const [path, f] of Object.entries(report.files)) {
    const lines = f.source.split('\n');
    for (const m of f.mutants) {
      count[m.status] = (count[m.status] ?? 0) + 1;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        const line = m.location.start.line;
        survivors.push(`  ${path}:${line}:${m.location.start.column} ${m.mutatorName}${m.status === 'NoCoverage' ? ' (no test reaches it)' : ''}\n    - ${lines[line - 1]?.trim()}\n    + ${m.replacement ?? ''}`);
      }
    }
  }
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  return { score: valid ? (100 * detected) / valid : 100, detected, valid, ignored: count.Ignored, survivors };
}

const rows = [];
for (const name of chosen) {
  console.log(`\n=== mutation: ${name} — ${modules[name].what}`);
  const started = Date.now();
  const r = spawnSync('npx', ['stryker', 'run', ...(flag('--incremental') ? ['--incremental'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, FAXDESK_MUTATION_MODULE: name, FAXDESK_MUTATION_CONCURRENCY: value('--concurrency') ?? '1' },
  });
  const s = r.status === 0 ? summarise(name) : null;
  rows.push({ name, minutes: ((Date.now() - started) / 60_000).toFixed(1), s });
  if (s?.survivors.length) console.log(`\nsurvivors in ${name}:\n${s.survivors.join('\n')}`);
}

console.log('\n=== mutation scores (target: at least 85 % per module)');
for (const { name, minutes, s } of rows) {
  const score = s ? `${s.score.toFixed(1).padStart(5)} %  ${String(s.detected).padStart(4)} of ${String(s.valid).padEnd(4)} detected, ${s.ignored} equivalent` : '  Stryker failed: see above';
  console.log(`${name.padEnd(18)} ${score}  (${minutes} min)${s && s.score < TARGET ? '  UNDER TARGET' : ''}`);
}
process.exit(rows.every(({ s }) => s && s.score >= TARGET) ? 0 : 1);
