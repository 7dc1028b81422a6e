/**
 * The dated results log (docs/bench-results.md): every `npm run bench` appends its run at the end, newest
 * last, with the machine and its load, so no run has to be copied there by hand. Plain .ts (no .mts-only
 * syntax) so the unit test in test/scripts/ imports it as the benchmark entry does.
 */
import fs from 'node:fs';

export interface RunMachine {
  cpus: number;
  cpuModel: string;
  /** os.loadavg(): 1, 5 and 15 minutes */
  loadAverage: number[];
  memoryMB: number;
  node: string;
}

export interface LoggedRun {
  startedAt: Date;
  seconds: number;
  machine: RunMachine;
  /** the groups run (`--only`), or null for all */
  groups: string[] | null;
  runs: number;
  /** the commit the figures were taken at, when known */
  commit: string | null;
  /** the figures as a Markdown table (markdownTable) */
  table: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-27 12:30 UTC */
export function utcStamp(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** The section one run adds to the log. */
export function runSection(run: LoggedRun): string {
  const m = run.machine;
  const load = m.loadAverage.map((l) => l.toFixed(1)).join(' / ');
  const lines = [
    `## Run ${utcStamp(run.startedAt)} (\`npm run bench\`, appended by the bench)`,
    '',
    `Groups: ${run.groups ? run.groups.join(', ') : 'all'}; ${run.runs} runs each; ${run.seconds.toFixed(0)} s` +
      `${run.commit ? `; commit ${run.commit}` : ''}. Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryMB} MB, Node ${m.node}; ` +
      `load average at the end ${load} (1 / 5 / 15 min: above ~${m.cpus} the machine was shared, compare within this table only).`,
    '',
    run.table.trimEnd(),
    '',
  ];
  return lines.join('\n');
}

/**
 * Appends the run to the log (created with a title when missing), separated from what is there by one
 * blank line; the existing text is never rewritten.
 */
export function appendRun(file: string, run: LoggedRun): void {
  const section = runSection(run);
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, `# Benchmark results log\n\n${section}`);
    return;
  }
  const existing = fs.readFileSync(file, 'utf8');
  const sep = existing.length === 0 ? '' : existing.endsWith('\n\n') ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
  fs.appendFileSync(file, sep + section);
}
