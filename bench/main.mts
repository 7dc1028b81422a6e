/**
 * `npm run bench`: FaxDesk against the physical limits and what users would
 * otherwise use. Each benchmark runs several times; one line per figure
 * (`name: median unit (goal: ...)`), all runs in bench/results/latest.json.
 * Flags: --only upload,link,polling,history,renderer,send,report,start,typing,mainloop,office,soak   --runs N
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/processes.mts';
import { formatFigure, markdownTable, writeResults, type Figure } from './lib/report.mts';
import { historyFigures } from './history.mts';
import { linkFigures } from './link.mts';
import { officeFigures } from './office.mts';
import { pollingFigures } from './polling.mts';
import { reportFigures } from './report.mts';
import { rendererFigures } from './renderer.mts';
import { sendFigures } from './send.mts';
import { soakFigures } from './soak.mts';
import { mainLoopFigures, startFigures, typingFigures } from './felt.mts';
import { uploadFigures } from './upload.mts';

const { values } = parseArgs({ options: { only: { type: 'string' }, runs: { type: 'string' }, quiet: { type: 'boolean' } } });
const runs = values.runs ? Math.max(1, Number(values.runs)) : 5;
const log = values.quiet ? () => {} : (s: string) => console.log(s);

const benches: Array<{ key: string; run: () => Promise<Figure[]> }> = [
  { key: 'upload', run: () => uploadFigures(runs, log) },
  { key: 'link', run: () => linkFigures(runs, log) },
  { key: 'polling', run: () => pollingFigures(runs, log) },
  { key: 'history', run: () => historyFigures(runs, log) },
  { key: 'renderer', run: () => rendererFigures(runs, log) },
  { key: 'send', run: () => sendFigures(runs, log) },
  { key: 'report', run: () => reportFigures(runs, log) },
  { key: 'start', run: () => startFigures(runs, log) },
  { key: 'typing', run: () => typingFigures(runs, log) },
  { key: 'mainloop', run: () => mainLoopFigures(runs, log) },
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
