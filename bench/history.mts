/**
 * History scale: a local history of 10,000 tasks and 200,000 recipient rows
 * (three years of a busy desk), then
 *  - applyTaskResponse of one 100-recipient task response, new and changed,
 *    on that database with the app's pragmas (WAL, synchronous=FULL);
 *  - the listTasks handler (main's half of the Tasks view) unfiltered and "failed";
 *  - the Tasks view in real Chromium, through the preview on a copy of that data
 *    folder: first rows painted, the "failed" filter, rows in the DOM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openHistory, type TaskResponse } from '../src/main/history';
import type { Logger } from '../src/main/log';
import { createTasksService } from '../src/main/tasks/tasks-service';
import { cancellingDialogs } from '../src/main/files/dialogs';
import { createFileGrants } from '../src/main/files/grants';
import { defaultSettings } from '../src/shared/settings';
import { TASK_PAGE_SIZE } from '../src/shared/tasks/types';
import { launchChromium, startPreview } from './lib/browser.mts';
import { afterClickUntil, untilAllRowsHaveStatus } from './lib/page-scripts.mts';
import { figure, notAvailable, type Figure } from './lib/report.mts';
import { syntheticTask } from './lib/tasks.mts';
import { ensureRendererBuilt } from './renderer.mts';

const TASKS = 10_000;
const RECIPIENTS_EACH = 20;
const silent: Logger = { info() {}, warn() {}, error() {} };

/** Fills `file` with TASKS finished tasks, 20 recipients each, over three years; about 5 % failed, 10 % of recipients failed. */
export function seedHistory(file: string): { seconds: number; recipients: number } {
  const t0 = performance.now();
  const history = openHistory(file);
  const now = Date.now();
  const span = 3 * 365 * 86_400_000;
  let recipients = 0;
  try {
    for (let start = 0; start < TASKS; start += 500) {
      const batch: TaskResponse[] = [];
      for (let i = start; i < Math.min(TASKS, start + 500); i++) {
        batch.push(
          syntheticTask({
            index: i,
            recipients: RECIPIENTS_EACH,
            status: i % 20 === 7 ? 'failed' : 'done',
            createdAtMs: now - span + Math.floor((i / TASKS) * span),
            failedShare: 0.1,
            refPrefix: 'hist',
          }),
        );
        recipients += RECIPIENTS_EACH;
      }
      history.applyTaskResponses(batch);
    }
  } finally {
    history.close();
  }
  return { seconds: (performance.now() - t0) / 1000, recipients };
}

function time<T>(fn: () => T): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** What one durable commit costs on this disk at least: a 4 KB write and fsync beside the database. */
function fsyncFloor(dir: string, n: number): number[] {
  const f = path.join(dir, 'fsync-probe');
  const fd = fs.openSync(f, 'w');
  const block = Buffer.alloc(4096, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < n; i++) times.push(time(() => (fs.writeSync(fd, block, 0, block.length, 0), fs.fsyncSync(fd))));
  } finally {
    fs.closeSync(fd);
    fs.rmSync(f, { force: true });
  }
  return times;
}

function mainFigures(file: string, runs: number): Figure[] {
  const history = openHistory(file);
  const insert: number[] = [];
  const update: number[] = [];
  const listAll: number[] = [];
  const listFailed: number[] = [];
  try {
    const n = Math.max(10, runs * 4);
    for (let i = 0; i < n; i++) {
      const base = { index: 900_000 + i, recipients: 100, createdAtMs: Date.now(), refPrefix: `apply${Date.now()}` };
      const sending = syntheticTask({ ...base, status: 'sending' });
      const done = syntheticTask({ ...base, status: 'done', failedShare: 0.1 });
      insert.push(time(() => history.applyTaskResponse(sending)));
      update.push(time(() => history.applyTaskResponse(done)));
    }
    const feature = createTasksService({
      deps: { dataDir: path.dirname(file), emit: () => {}, log: silent, systemLocale: 'en-US', dialogs: cancellingDialogs },
      grants: createFileGrants(),
      settings: { get: () => defaultSettings },
      connection: {
        client: () => Promise.reject(new Error('offline: the benchmark reads the history only')),
        session: () => Promise.reject(new Error('offline: the benchmark reads the history only')),
        // the history is opened without a profile: its rows are unassigned ('')
        profile: () => '',
      },
      history,
      poll: false,
    });
    const list = feature.list;
    const input = (statuses?: ['failed']) => ({ filters: statuses ? { statuses } : {}, sort: { by: 'created' as const, dir: 'desc' as const }, limit: TASK_PAGE_SIZE, offset: 0 });
    for (let i = 0; i < n; i++) {
      listAll.push(time(() => list(input())));
      listFailed.push(time(() => list(input(['failed']))));
    }
    feature.close();
  } finally {
    history.close();
  }
  return [
    figure('history applyTaskResponse, new 100-recipient task', 'ms', '< 5 ms', insert, (m) => m < 5, 'on 10,000 tasks / 200,000 recipients, WAL, synchronous=FULL (one fsync per response)'),
    figure('history applyTaskResponse, 100-recipient task changed', 'ms', '< 5 ms', update, (m) => m < 5),
    figure('disk fsync floor (4 KB write + fsync)', 'ms', 'reference (one per committed response)', fsyncFloor(path.dirname(file), 10), null),
    figure(`history listTasks handler, first page (${TASK_PAGE_SIZE} rows)`, 'ms', 'reference (main side of the Tasks view)', listAll, null),
    figure('history listTasks handler, "failed" filter', 'ms', 'reference (main side of the filter)', listFailed, null),
  ];
}

const ROW = '[data-testid^="task-row-"]';
const DOM_ROWS = '[data-testid="task-table"] .vbody [role="row"]';
const STATUS_FILTER = '[data-testid="task-status-filter"]';

/** A fresh load of the app, then the time from the click on "Tasks" to the frame that first shows a task row. */
async function firstPaint(page: Page, url: string): Promise<{ ms: number; rows: number }> {
  await page.goto(url);
  await page.locator('body[data-ready="true"]').waitFor();
  const done = page.evaluate(afterClickUntil(ROW, DOM_ROWS)) as Promise<{ ms: number; count: number }>;
  await page.getByTestId('nav-tasks').click();
  const r = await done;
  return { ms: r.ms, rows: r.count };
}

export async function historyFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-history-'));
  try {
    const seedDir = path.join(dir, 'seed');
    fs.mkdirSync(seedDir);
    const seed = seedHistory(path.join(seedDir, 'history.sqlite'));
    log(`  seeded ${TASKS} tasks / ${seed.recipients} recipients in ${seed.seconds.toFixed(1)} s`);
    // The UI runs on a copy taken before the apply figures add their tasks.
    const uiDir = path.join(dir, 'ui');
    fs.mkdirSync(uiDir);
    for (const f of fs.readdirSync(seedDir)) fs.copyFileSync(path.join(seedDir, f), path.join(uiDir, f));
    const figures = mainFigures(path.join(seedDir, 'history.sqlite'), runs);
    figures.push(...(await uiFigures(uiDir, runs, log)));
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function uiFigures(dataDir: string, runs: number, log: (s: string) => void): Promise<Figure[]> {
  ensureRendererBuilt(log);
  const preview = await startPreview(dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(preview.url);
    await page.locator('body[data-ready="true"]').waitFor();
    await page.getByTestId('nav-tasks').click();
    const exists = await page.locator(ROW).first().waitFor({ timeout: 15_000 }).then(() => true, () => false);
    if (!exists) {
      const reason = 'the Tasks view shows no task rows';
      return [
        notAvailable('history Tasks view first rows painted', 'ms', '< 200 ms', reason),
        notAvailable('history Tasks view "failed" filter applied', 'ms', '< 50 ms', reason),
        notAvailable('history Tasks view rows in the DOM', 'rows', '< 100', reason),
      ];
    }
    const paint: number[] = [];
    const rows: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await firstPaint(page, preview.url);
      paint.push(r.ms);
      rows.push(r.rows);
    }
    log(`  Tasks view first rows: ${paint.map((p) => p.toFixed(0)).join(', ')} ms; ${rows.join(', ')} rows in the DOM`);
    const filter: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.locator(STATUS_FILTER).selectOption('');
      // A locator's wait, not waitForFunction with a string: the page's CSP forbids eval, which a string predicate needs once it polls.
      await page.locator(`${ROW} [data-status="done"]`).first().waitFor();
      const done = page.evaluate(untilAllRowsHaveStatus(ROW, 'failed')) as Promise<number>;
      await page.locator(STATUS_FILTER).selectOption('failed');
      filter.push(await done);
    }
    log(`  "failed" filter: ${filter.map((p) => p.toFixed(0)).join(', ')} ms`);
    // The first filter of a run: a new browser context each time (no HTTP or compiled-code cache,
    // as on the app's first start), the Tasks view opened, then the filter changed once.
    const firstFilter: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      try {
        const fresh = await context.newPage();
        await fresh.goto(preview.url);
        await fresh.locator('body[data-ready="true"]').waitFor();
        await fresh.getByTestId('nav-tasks').click();
        await fresh.locator(`${ROW} [data-status="done"]`).first().waitFor();
        const done = fresh.evaluate(untilAllRowsHaveStatus(ROW, 'failed')) as Promise<number>;
        await fresh.locator(STATUS_FILTER).selectOption('failed');
        firstFilter.push(await done);
      } finally {
        await context.close();
      }
    }
    log(`  first "failed" filter after a fresh start: ${firstFilter.map((p) => p.toFixed(0)).join(', ')} ms`);
    return [
      figure('history Tasks view first rows painted', 'ms', '< 200 ms', paint, (m) => m < 200, 'fresh page load, click on Tasks → frame after the first task row is in the DOM'),
      figure('history Tasks view "failed" filter applied', 'ms', '< 50 ms', filter, (m) => m < 50, 'status select set to "failed" → frame where every row shown is a failed task'),
      figure(
        'history Tasks view first "failed" filter of a run',
        'ms',
        '< 50 ms',
        firstFilter,
        (m) => m < 50,
        `new browser context each run (cold caches), Tasks opened, filter changed once; slowest ${Math.max(...firstFilter).toFixed(0)} ms`,
      ),
      figure('history Tasks view rows in the DOM', 'rows', '< 100', rows, (m) => m < 100, 'virtualized table rows after first paint'),
    ];
  } finally {
    await browser.close();
    await preview.stop();
  }
}
