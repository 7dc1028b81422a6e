import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendRun, type LoggedRun } from '../../bench/lib/results-log';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function logFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-benchlog-'));
  dirs.push(dir);
  return path.join(dir, 'bench-results.md');
}

const table = (median: string) => `| Figure | Median | Goal | Met | Runs |\n|---|---|---|---|---|\n| upload throughput | ${median} | ≥ 0.9 | yes | 1, 2 |\n`;
const run = (over: Partial<LoggedRun> = {}): LoggedRun => ({
  startedAt: new Date('2026-11-27T12:34:56Z'),
  seconds: 181.4,
  machine: { cpus: 2, cpuModel: 'AMD EPYC', loadAverage: [1.234, 2.5, 3], memoryMB: 24_000, node: 'v24.21.0' },
  groups: ['upload', 'link'],
  runs: 5,
  commit: 'abc1234',
  table: table('22.9 MB/s'),
  ...over,
});

describe('the bench appends each run to the results log', () => {
  it('adds a dated section with the machine, its load and the figures at the end, keeping every earlier line', () => {
    const file = logFile();
    const earlier = '# Benchmark results log\n\n## Run 2026-11-24 00:10 UTC\n\nold figures, kept as written\n';
    fs.writeFileSync(file, earlier);
    appendRun(file, run());
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith(earlier)).toBe(true);
    const added = text.slice(earlier.length);
    expect(added).toMatch(/^\n## Run 2026-11-27 12:34 UTC /);
    expect(added).toContain('Groups: upload, link; 5 runs each; 181 s; commit abc1234.');
    expect(added).toContain('2 × AMD EPYC, 24000 MB, Node v24.21.0');
    expect(added).toContain('load average at the end 1.2 / 2.5 / 3.0');
    expect(added).toContain('| upload throughput | 22.9 MB/s | ≥ 0.9 | yes | 1, 2 |');
  });

  it('puts a second run after the first, newest last, and says "all" for a whole run without a commit', () => {
    const file = logFile();
    fs.writeFileSync(file, '# Benchmark results log\n\nno newline at the end');
    appendRun(file, run());
    appendRun(file, run({ startedAt: new Date('2026-11-28T08:05:00Z'), groups: null, commit: null, table: table('30 MB/s') }));
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('no newline at the end\n\n## Run 2026-11-27 12:34 UTC');
    const first = text.indexOf('## Run 2026-11-27 12:34 UTC');
    const second = text.indexOf('## Run 2026-11-28 08:05 UTC');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(text.slice(second)).toContain('Groups: all; 5 runs each; 181 s. Machine');
    expect(text.slice(second)).toContain('| 30 MB/s |');
    // sections are separated by exactly one blank line
    expect(text).toContain('| 1, 2 |\n\n## Run 2026-11-28');
  });

  it('starts the log with its title when the file is missing', () => {
    const file = logFile();
    appendRun(file, run());
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^# Benchmark results log\n\n## Run 2026-11-27 12:34 UTC/);
  });
});
