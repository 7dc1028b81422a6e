/**
 * Network trouble: the real task tracker (background poller, history,
 * backoff) watching tasks while the service is slow, answers every request
 * with 500, and is stopped and started again on the same port. Polling must
 * back off instead of hammering, the history must keep the last data of every
 * task, and everything must catch up by itself once the service is back.
 * The poller's clock is a manual one, so half an hour of outage takes a moment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaxApiClient, type FaxApiClient } from '../../src/main/api/client';
import { openHistory, type History } from '../../src/main/history';
import { createLogger } from '../../src/main/log';
import { createTasksService, type TasksService } from '../../src/main/tasks/tasks-service';
import { defaultSettings } from '../../src/shared/settings';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index';
import { ManualClock } from '../main/tasks/helpers';
import { atMost, exactly, recordFigure, resetFigures } from './figures';
import { scriptedDialogs } from '../helpers/dialogs';
import { createFileGrants } from '../../src/main/files/grants';
import { samplePdf } from './helpers';
import { until } from '../helpers/until';

const SUITE = 'network-trouble';
const TASKS = 6;
const MIN = 60_000;

let dir = '';
let sim: RunningSimulator;
let port = 0;
let history: History;
let feature: TasksService;
let client: FaxApiClient;
const clock = new ManualClock();
const logLines: string[] = [];

const startSim = async (speed: number) => {
  sim = await startSimulator({ speed, port, stateFile: path.join(dir, 'sim-state.json'), balance: 10_000 });
  port = sim.port;
};
const gets = () => sim.requestLog().filter((e) => e.method === 'GET' && e.path.startsWith('/api/v2/faxes/')).length;
const advance = (ms: number) => clock.advance(ms, () => feature.tracker.idle());

beforeAll(async () => {
  resetFigures(SUITE);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-net-'));
  // Slow at first: the tasks stay unfinished through the outages.
  await startSim(1);
  const log = createLogger((l) => logLines.push(l));
  client = createFaxApiClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    getSecret: async () => sim.apiSecret,
    timeoutMs: 2_000,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    log,
  });
  history = openHistory(path.join(dir, 'history.sqlite'), { now: clock.now, profile: () => 'account:test' });
  feature = createTasksService({
    deps: { dataDir: dir, log, systemLocale: 'en-US', emit: () => {}, dialogs: scriptedDialogs() },
    grants: createFileGrants(),
    settings: { get: () => defaultSettings },
    connection: { client: async () => client, session: async () => ({ client, profile: 'account:test' }), profile: () => 'account:test' },
    history,
    clock,
    poll: true,
  });
});

afterAll(async () => {
  feature?.close();
  history?.close();
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('polling through network trouble', () => {
  it('backs off while the service is slow, failing or gone, keeps the last data, and recovers by itself', async () => {
    const pdf = await samplePdf(dir, 1);
    const up = await client.uploadFile(pdf);
    const refs: string[] = [];
    for (let i = 0; i < TASKS; i++) {
      const { taskIds } = history.recordSend({
        name: `Net ${i}`,
        files: [{ path: pdf, name: 'p.pdf', size: 1, pages: 1, fileRef: up.file_ref }],
        parts: [{ name: `Net ${i}`, phoneNumbers: [`8610777700${String(i).padStart(2, '0')}`] }],
        scheduledAt: null,
      });
      const created = await client.createTask({ name: `Net ${i}`, file_refs: [up.file_ref], phone_numbers: [`8610777700${String(i).padStart(2, '0')}`] });
      history.recordCreated(taskIds[0]!, created);
      refs.push(String(created.task_ref));
    }
    // Normal polling first: every task gets checked.
    await advance(2 * MIN);
    const checked = () => refs.filter((r) => history.getTask(r)?.lastCheckedAtMs != null).length;
    expect(checked()).toBe(TASKS);
    const snapshot = () => refs.map((r) => history.getTask(r)?.status ?? null);

    // 1. Slow service: answers take 400 ms; polls go on.
    sim.setFaults({ latencyMs: 400 });
    let before = gets();
    await advance(3 * MIN);
    const slowPolls = gets() - before;
    sim.setFaults({ latencyMs: 0 });

    // 2. Every request answered 500 for half an hour.
    const lastGood = snapshot();
    sim.setFaults({ errorRate: 1 });
    before = sim.counters().requests;
    await advance(30 * MIN);
    const requestsDuring500 = sim.counters().requests - before;
    const keptThrough500 = snapshot().filter((s, i) => s !== null && s === lastGood[i]).length;
    const timerArmed500 = clock.pending > 0;
    sim.setFaults({ errorRate: 0 });

    // 3. The service goes away entirely, then comes back on the same port (faster, so the tasks finish).
    await advance(11 * MIN);
    const beforeStop = snapshot();
    await sim.stop();
    await advance(20 * MIN);
    const keptThroughStop = snapshot().filter((s, i) => s !== null && s === beforeStop[i]).length;
    const timerArmedStopped = clock.pending > 0;
    await startSim(500);
    const requestsAtRestart = sim.counters().requests;

    // 4. Recovery without any help: advance at most the backoff cap plus a few polling intervals.
    // The service, fast now, finishes the tasks on its own (real) clock: wait for that, then count the poller's minutes.
    await until('the service to finish the tasks', () => sim.tasks().filter((t) => t.status === 'done' || t.status === 'failed').length >= TASKS, 30_000);
    let recoveredAfterMin = -1;
    for (let m = 1; m <= 20; m++) {
      await advance(MIN);
      const remote = new Map(sim.tasks().map((t) => [t.task_ref, t.status]));
      const caughtUp = refs.every((r) => {
        const local = history.getTask(r)?.status;
        const st = remote.get(r);
        return st !== undefined && (st === 'done' || st === 'failed') && local === st;
      });
      if (caughtUp) {
        recoveredAfterMin = m;
        break;
      }
    }
    if (recoveredAfterMin < 0) {
      console.warn(`local: ${JSON.stringify(snapshot())}; service: ${JSON.stringify(sim.tasks().map((t) => t.status))}`);
      console.warn(logLines.slice(-15).join('\n'));
    }
    const notRecovered = refs.filter((r) => {
      const local = history.getTask(r)?.status;
      return !(local === 'done' || local === 'failed');
    }).length;
    const lost = refs.filter((r) => !history.getTask(r)).length;
    // Finished tasks are never asked about again.
    before = gets();
    await advance(30 * MIN);
    const pollsAfterDone = gets() - before;

    console.info(
      `network trouble: ${slowPolls} polls while slow, ${requestsDuring500} requests in 30 min of 500s, ` +
        `recovered ${recoveredAfterMin} min after restart (${sim.counters().requests - requestsAtRestart} requests)`,
    );
    expect(slowPolls).toBeGreaterThan(0);
    // The backoff is capped at 2 min (tasks catch up within 2 min of the service's return): one probe
    // query (2 client attempts) per round, at most ~20 rounds in 30 min with the jitter at its lowest.
    recordFigure(SUITE, 'requests-500', 'requests during 30 min of 500s (at the normal polling rate: about 360)', requestsDuring500, atMost(44), `${TASKS} unfinished tasks`);
    recordFigure(SUITE, 'kept-500', 'tasks whose last data was lost or changed during the 500s', TASKS - keptThrough500, exactly(0), `of ${TASKS}`);
    recordFigure(SUITE, 'kept-stopped', 'tasks whose last data was lost or changed while the service was down', TASKS - keptThroughStop, exactly(0), `of ${TASKS}`);
    recordFigure(SUITE, 'stuck', 'outages after which no poll was scheduled (stuck)', Number(!timerArmed500) + Number(!timerArmedStopped), exactly(0), 'of 2 outages');
    recordFigure(SUITE, 'not-recovered', 'tasks not caught up within 20 min of the service returning', notRecovered, exactly(0), `of ${TASKS}; caught up after ${recoveredAfterMin} min`);
    recordFigure(SUITE, 'catch-up-minutes', 'minutes from the service’s return until every task was up to date', recoveredAfterMin < 0 ? Infinity : recoveredAfterMin, atMost(3), `of ${TASKS} tasks; the restarted service finishes them first`);
    recordFigure(SUITE, 'lost', 'tasks lost from the history', lost, exactly(0), `of ${TASKS}`);
    recordFigure(SUITE, 'polls-after-done', 'polls of finished tasks in the next 30 min', pollsAfterDone, exactly(0));
  });
});
