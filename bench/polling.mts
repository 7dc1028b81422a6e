/**
 * Polling economy: FaxDesk's tasks feature (its tracker and background poller,
 * src/main/tasks/) wired as services.ts does, with the real history and API client, against the real simulator over loopback, for
 * 10 simulated minutes on an injected clock. 1,000 tracked tasks: 990 finished
 * (in the history only: they must never be asked about), 5 pending and 5
 * sending on the simulator. Every request the simulator receives is counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFaxApiClient } from '../src/main/api/client';
import { openHistory } from '../src/main/history';
import type { Logger } from '../src/main/log';
import { createTasksService } from '../src/main/tasks/tasks-service';
import { cancellingDialogs } from '../src/main/files/dialogs';
import { createFileGrants } from '../src/main/files/grants';
import type { Clock } from '../src/main/clock';
import { defaultSettings } from '../src/shared/settings';
import { POLL_PENDING_MS, POLL_SENDING_MS } from '../src/shared/task-state';
import { startSimulator, type RunningSimulator } from '../src/simulator/index';
import { writePaddedPdf } from './lib/pdf.mts';
import { figure, notAvailable, type Figure } from './lib/report.mts';
import { syntheticTask } from './lib/tasks.mts';

const WINDOW_MS = 10 * 60_000;
const TERMINAL = 990;
const LIVE_EACH = 5;
// Slow simulated time, so the live tasks keep their state while the injected clock runs ten minutes.
const SIM_SPEED = 0.1;

const silent: Logger = { info() {}, warn() {}, error() {} };

/** A clock whose timers fire only when told to. */
function manualClock(start: number) {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(h) {
      timers.delete(h as number);
    },
  };
  return {
    clock,
    set: (t: number) => (now = t),
    /** fires the earliest timer due before `end`; false when there is none */
    fireNext(end: number): boolean {
      let best: [number, { at: number; fn: () => void }] | null = null;
      for (const e of timers) if (!best || e[1].at < best[1].at) best = e;
      if (!best || best[1].at >= end) return false;
      timers.delete(best[0]);
      now = Math.max(now, best[1].at);
      best[1].fn();
      return true;
    },
  };
}

async function waitFor(cond: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return cond();
}

interface RunResult {
  requests: number;
  terminal: number;
  pending: number;
  sending: number;
  other: number;
  statesHeld: boolean;
}

async function oneRun(sim: RunningSimulator, fileRef: string, sendingRefs: string[], dir: string, run: number): Promise<RunResult> {
  const client = createFaxApiClient({ baseUrl: sim.baseUrl, apiKey: sim.apiKey, getSecret: async () => sim.apiSecret });
  // Fresh pending tasks for each run: they stay pending for 2 s ÷ speed of real time.
  const pendingRefs: string[] = [];
  for (let i = 0; i < LIVE_EACH; i++) {
    const t = await client.createTask({ name: `pending ${run}.${i}`, file_refs: [fileRef], phone_numbers: [`861380000${run}${i}01`] });
    pendingRefs.push(t.task_ref);
  }
  const start = Date.now();
  const mc = manualClock(start - POLL_SENDING_MS);
  const history = openHistory(path.join(dir, `history-${run}.sqlite`), { now: mc.clock.now });
  try {
    // The finished tasks, as earlier polls left them.
    const finished = Array.from({ length: TERMINAL }, (_, i) =>
      syntheticTask({ index: i, recipients: 3, status: i % 10 === 0 ? 'failed' : 'done', createdAtMs: start - 86_400_000 + i * 1000, failedShare: 0.2 }),
    );
    history.applyTaskResponses(finished);
    // The live ones as a poll before the window saw them, at spread-out times: the steady state.
    const live = [...pendingRefs.map((r) => ({ ref: r, every: POLL_PENDING_MS })), ...sendingRefs.map((r) => ({ ref: r, every: POLL_SENDING_MS }))];
    for (const [i, l] of live.entries()) {
      mc.set(start - l.every + Math.round(((i % LIVE_EACH) + 0.5) * (l.every / LIVE_EACH)));
      history.applyTaskResponse(await client.getTask(l.ref));
    }
    mc.set(start);

    const terminalRefs = new Set(finished.map((t) => t.task_ref));
    const before = sim.requestLog().length;
    // The tasks feature exactly as services.ts composes it, on the injected clock.
    const feature = createTasksService({
      deps: { dataDir: dir, emit: () => {}, log: silent, systemLocale: 'en-US', dialogs: cancellingDialogs },
      grants: createFileGrants(),
      settings: { get: () => defaultSettings },
      // the history is opened without a profile: its rows are unassigned ('')
      connection: { client: async () => client, session: async () => ({ client, profile: '' }), profile: () => '' },
      history,
      clock: mc.clock,
    });
    const tracker = feature.tracker;
    const end = start + WINDOW_MS;
    for (;;) {
      await tracker.idle();
      if (!mc.fireNext(end)) break;
    }
    await tracker.idle();
    feature.close();
    const log = sim.requestLog().slice(before);
    const refOf = (p: string) => /\/api\/v2\/faxes\/([^/?]+)/.exec(p)?.[1] ?? null;
    const count = (refs: Iterable<string>) => {
      const set = new Set(refs);
      return log.filter((e) => set.has(refOf(e.path) ?? '')).length;
    };
    const terminal = count(terminalRefs);
    const pending = count(pendingRefs);
    const sending = count(sendingRefs);
    // Did the live tasks keep their state on the simulator for the whole window?
    const states = new Map(sim.tasks().map((t) => [t.task_ref, t.status]));
    const statesHeld = pendingRefs.every((r) => states.get(r) === 'pending') && sendingRefs.every((r) => states.get(r) === 'sending');
    return { requests: log.length, terminal, pending, sending, other: log.length - terminal - pending - sending, statesHeld };
  } finally {
    history.close();
  }
}

export async function pollingFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-poll-'));
  const sim = await startSimulator({ port: 0, speed: SIM_SPEED, balance: 100_000 });
  try {
    const client = createFaxApiClient({ baseUrl: sim.baseUrl, apiKey: sim.apiKey, getSecret: async () => sim.apiSecret });
    const pdf = path.join(dir, 'one-page.pdf');
    await writePaddedPdf(pdf, 5_000);
    const fileRef = (await client.uploadFile(pdf)).file_ref;
    // Sending tasks: ten recipients each, so dialling lasts minutes of real time at this speed.
    const sendingRefs: string[] = [];
    for (let i = 0; i < LIVE_EACH; i++) {
      const numbers = Array.from({ length: 10 }, (_, r) => `86139000${i}${String(r).padStart(2, '0')}1`);
      sendingRefs.push((await client.createTask({ name: `sending ${i}`, file_refs: [fileRef], phone_numbers: numbers })).task_ref);
    }
    log(`  waiting ${(2 / SIM_SPEED).toFixed(0)} s of real time for the simulator to start sending`);
    const ok = await waitFor(() => sim.tasks().filter((t) => sendingRefs.includes(t.task_ref)).every((t) => t.status === 'sending'), 2000 / SIM_SPEED + 10_000);
    if (!ok) return [notAvailable('polling requests, 1,000 tasks over 10 simulated min', 'requests', '150 ± 5 %', 'the simulator did not move the tasks to sending')];

    const results: RunResult[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      const r = await oneRun(sim, fileRef, sendingRefs, dir, i);
      results.push(r);
      log(`  polling run ${i + 1}: ${r.requests} requests (pending ${r.pending}, sending ${r.sending}, finished ${r.terminal}, other ${r.other})${r.statesHeld ? '' : ' — live tasks changed state during the run'}`);
    }
    const held = results.every((r) => r.statesHeld);
    const naive = (WINDOW_MS / POLL_PENDING_MS) * (TERMINAL + 2 * LIVE_EACH);
    const note = `tracker on an injected clock, real client and simulator; naive poll-everything-every-30-s = ${naive}${held ? '' : '; WARNING: live tasks changed state during a run'}`;
    return [
      figure('polling requests, 1,000 tasks over 10 simulated min', 'requests', '150 ± 5 %', results.map((r) => r.requests), (m) => m >= 142.5 && m <= 157.5 && held, note),
      figure('polling requests to finished tasks', 'requests', '0', results.map((r) => r.terminal), (m) => m === 0),
      figure('polling naive baseline (every task every 30 s)', 'requests', 'reference', [naive], null, 'computed: 20 rounds × 1,000 tasks'),
      figure('polling saving vs naive', '×', 'reference', results.map((r) => naive / Math.max(1, r.requests)), null),
    ];
  } finally {
    await sim.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
