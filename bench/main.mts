/**
 * `npm run bench`: FaxDesk against the physical limits and what users would
 * otherwise use. Each benchmark runs several times; one line per figure
 * (`name: median unit (goal: ...)`), all runs in bench/results/latest.json.
 * Each run is also appended, dated, to docs/bench-results.md (`--no-log` leaves that file alone).
 * Flags: --only upload,uploadfloor,link,polling,history,renderer,send,report,start,typing,mainloop,pagecount,office,soak   --runs N   --no-log
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/processes.mts';
import { formatFigure, markdownTable, writeResults, type Figure } from './lib/report.mts';
import { appendRun } from './lib/results-log.ts';
import { historyFigures } from './history.mts';
import { linkFigures } from './link.mts';
import { officeFigures } from './office.mts';
import { pollingFigures } from './polling.mts';
import { reportFigures } from './report.mts';
import { rendererFigures } from './renderer.mts';
import { sendFigures } from './send.mts';
import { soakFigures } from './soak.mts';
import { mainLoopFigures, pageCountFigures, startFigures, typingFigures } from './felt.mts';
import { uploadFigures, uploadFloorFigures } from './upload.mts';

const { values } = parseArgs({ options: { only: { type: 'string' }, runs: { type: 'string' }, quiet: { type: 'boolean' }, 'no-log': { type: 'boolean' } } });
const runs = values.runs ? Math.max(1, Number(values.runs)) : 5;
const log = values.quiet ? () => {} : (s: string) => console.log(s);

const benches: Array<{ key: string; run: () => Promise<Figure[]> }> = [
  { key: 'upload', run: () => uploadFigures(runs, log) },
  { key: 'uploadfloor', run: () => uploadFloorFigures(runs, log) },
  { key: 'link', run: () => linkFigures(runs, log) },
  { key: 'polling', run: () => pollingFigures(runs, log) },
  { key: 'history', run: () => historyFigures(runs, log) },
  { key: 'renderer', run: () => rendererFigures(runs, log) },
  { key: 'send', run: () => sendFigures(runs, log) },
  { key: 'report', run: () => reportFigures(runs, log) },
  { key: 'start', run: () => startFigures(runs, log) },
  { key: 'typing', run: () => typingFigures(runs, log) },
  { key: 'mainloop', run: () => mainLoopFigures(runs, log) },
  { key: 'pagecount', run: () => pageCountFigures(runs, log) },
  { key: 'office', run: () => officeFigures(runs, log) },
  { key: 'soak', run: () => soakFigures(runs, log) },
];

const only = values.only ? new Set(values.only.split(',')) : null;
const startedAt = new Date();
const t0 = performance.now();
const figures: Figure[] = [];
for (const b of benches) {
  if (only && !only.has(b.key)) continue;
  log(`[${b.key}]`);
  try {
    const got = await b.run();
    figures.push(...got);
    for (const f of got) console.log(formatFigure(f));
  } catch (e) {
    console.error(`${b.key}: benchmark failed: ${(e as Error).stack ?? String(e)}`);
    process.exitCode = 1;
  }
}
const seconds = (performance.now() - t0) / 1000;
const out = path.join(ROOT, 'bench/results/latest.json');
writeResults(out, figures, startedAt, seconds);
fs.writeFileSync(out.replace(/\.json$/, '.md'), markdownTable(figures));
console.log(`\n${figures.length} figures in ${seconds.toFixed(0)} s; written to ${path.relative(ROOT, out)} (and .md)`);
if (!values['no-log'] && figures.length > 0) {
  const logFile = path.join(ROOT, 'docs/bench-results.md');
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim() || null;
  } catch {
    commit = null; // not a git checkout: the run is logged without it
  }
  appendRun(logFile, {
    startedAt,
    seconds,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverage: os.loadavg(), memoryMB: Math.round(os.totalmem() / 2 ** 20), node: process.version },
    groups: only ? [...only] : null,
    runs,
    commit,
    table: markdownTable(figures),
  });
  console.log(`appended to ${path.relative(ROOT, logFile)}`);
}
