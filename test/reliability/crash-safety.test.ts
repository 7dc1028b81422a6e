/**
 * Crash safety: a child process writes to the real task history (SQLite,
 * WAL) and the real settings (conf, atomic writes) in a loop and is killed
 * with SIGKILL at random moments — sometimes while it is still opening or
 * migrating the files. After each kill the files are opened again as the app
 * would: they must open, hold every task the child reported committed, and
 * hold a settings value that is either the old or the new one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../src/main/history';
import { openSettings } from '../../src/main/settings/settings';
import { confFactory } from '../helpers/services';
import { atLeast, exactly, recordFigure, resetFigures } from './figures';

const SUITE = 'crash-safety';
const KILLS = Number(process.env.RELIABILITY_KILLS ?? 200);
const LANES = 2;

let childScript = '';
const dirs: string[] = [];

beforeAll(async () => {
  resetFigures(SUITE);
  // Bundled once, so each of the 200 children starts as fast as plain node (better-sqlite3 and conf stay external).
  const outDir = path.resolve('node_modules', '.cache', 'faxdesk-reliability');
  fs.mkdirSync(outDir, { recursive: true });
  childScript = path.join(outDir, 'crash-writer.mjs');
  await build({
    entryPoints: [path.resolve('test/reliability/fixtures/crash-writer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: childScript,
    external: ['better-sqlite3', 'conf', 'pdf-lib', 'pdfjs-dist'],
    logLevel: 'silent',
  });
});

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Reported {
  tasks: string[];
  saved: number | null;
  announced: number | null;
}

/** Runs the child, kills it after `delayMs` (counted from "ready", or from spawn when `early`), and returns what it reported. */
function runAndKill(dir: string, seed: number, delayMs: number, early: boolean): Promise<Reported> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, dir, String(seed)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const reported: Reported = { tasks: [], saved: null, announced: null };
    let buffer = '';
    let stderr = '';
    let timer: NodeJS.Timeout | null = null;
    const arm = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs));
    if (early) arm();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === 'ready') arm();
        else if (line.startsWith('C ')) reported.tasks.push(line.slice(2));
        else if (line.startsWith('S? ')) reported.announced = Number(line.slice(3));
        else if (line.startsWith('S ')) reported.saved = Number(line.slice(2));
      }
    });
    child.stderr.on('data', (c: Buffer) => void (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      // Anything but our own SIGKILL means the child failed on its own: the test is broken, not the app.
      if (signal !== 'SIGKILL') reject(new Error(`crash-writer exited with ${code}: ${stderr.slice(0, 2000)}`));
      else resolve(reported);
    });
  });
}

interface LaneResult {
  kills: number;
  openFailures: number;
  integrityFailures: number;
  tasksReported: number;
  tasksLost: number;
  settingsTorn: number;
  leftCreating: number;
  killedBeforeReady: number;
}

async function lane(index: number, kills: number): Promise<LaneResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `faxdesk-crash-${index}-`));
  dirs.push(dir);
  const r: LaneResult = { kills: 0, openFailures: 0, integrityFailures: 0, tasksReported: 0, tasksLost: 0, settingsTorn: 0, leftCreating: 0, killedBeforeReady: 0 };
  const committed: string[] = [];
  let confirmed = 20; // the default lowBalanceThreshold
  let seed = 7919 * (index + 1);
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let k = 0; k < kills; k++) {
    const early = random() < 0.15;
    const delay = early ? Math.floor(random() * 150) : Math.floor(random() * 120);
    const rep = await runAndKill(dir, Math.floor(random() * 1e9), delay, early);
    r.kills++;
    if (!rep.tasks.length && rep.saved === null) r.killedBeforeReady += early ? 1 : 0;
    committed.push(...rep.tasks);
    r.tasksReported += rep.tasks.length;

    // Reopen as the app does at start.
    const file = path.join(dir, 'history.sqlite');
    try {
      const history = openHistory(file, { serviceTimeZone: 'Asia/Shanghai' });
      try {
        for (const ref of rep.tasks) if (!history.getTask(ref)) r.tasksLost++;
        // Every 20 kills, everything reported so far (not only this run's) is still there.
        if (k % 20 === 19) for (const ref of committed) if (!history.getTask(ref)) r.tasksLost++;
      } finally {
        history.close();
      }
      const db = new Database(file, { readonly: true });
      try {
        if (db.pragma('integrity_check', { simple: true }) !== 'ok') r.integrityFailures++;
        r.leftCreating += (db.prepare(`SELECT count(*) AS n FROM tasks WHERE create_state = 'creating'`).get() as { n: number }).n;
      } finally {
        db.close();
      }
    } catch (e) {
      r.openFailures++;
      console.warn(`history did not open after kill ${k}: ${(e as Error).message}`);
    }
    try {
      const settings = openSettings(dir, confFactory);
      if (settings.notice) {
        r.openFailures++;
        console.warn(`settings moved aside after kill ${k}: ${settings.notice.reason}`);
      }
      const value = settings.get().lowBalanceThreshold;
      const allowed = new Set([rep.saved ?? confirmed, ...(rep.announced !== null ? [rep.announced] : [])]);
      if (!allowed.has(value)) {
        r.settingsTorn++;
        console.warn(`settings after kill ${k}: ${value}, expected one of ${[...allowed].join(', ')}`);
      }
      confirmed = value;
    } catch (e) {
      r.openFailures++;
      console.warn(`settings did not open after kill ${k}: ${(e as Error).message}`);
    }
  }
  return r;
}

describe('crash safety of the local files', () => {
  it(`survives ${KILLS} SIGKILLs at random moments with nothing lost or torn`, async () => {
    const started = Date.now();
    const per = Math.ceil(KILLS / LANES);
    const results = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, Math.min(per, KILLS - i * per))));
    const sum = (k: keyof LaneResult) => results.reduce((n, x) => n + x[k], 0);
    console.info(`crash safety: ${sum('kills')} kills, ${sum('tasksReported')} committed tasks reported, ${Math.round((Date.now() - started) / 1000)} s`);
    expect(sum('tasksReported')).toBeGreaterThan(0);
    recordFigure(SUITE, 'kills', 'child processes killed with SIGKILL mid-write', sum('kills'), atLeast(KILLS));
    recordFigure(SUITE, 'open-failures', 'files that failed to open (or were moved aside) after a kill', sum('openFailures'), exactly(0), `after ${sum('kills')} kills`);
    recordFigure(SUITE, 'integrity', 'history databases failing integrity_check', sum('integrityFailures'), exactly(0));
    recordFigure(SUITE, 'tasks-lost', 'committed tasks lost', sum('tasksLost'), exactly(0), `of ${sum('tasksReported')} reported committed`);
    recordFigure(SUITE, 'settings-torn', 'settings neither the old nor the new value', sum('settingsTorn'), exactly(0), `after ${sum('kills')} kills`);
    recordFigure(SUITE, 'left-creating', 'interrupted sends not turned into "outcome unknown" on reopen', sum('leftCreating'), exactly(0));
  });
});
