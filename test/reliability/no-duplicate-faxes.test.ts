/**
 * No duplicate faxes, in three lanes that all create tasks through
 * src/main/send/create-tasks.ts: sends, resends by hand and the auto-retry
 * policy (which runs unattended).
 *
 * Send lane: 100 sends through the real main-process send path
 * (dispatch('sendFax') → send handlers → send service → API client → local
 * history) against the simulator, each with one create-task fault. The
 * service is asked to create each task once; where it committed, it holds
 * exactly one task and the user sees "outcome unknown"; where it did not, it
 * holds none and the user sees a refusal. FaxDesk never resends by itself.
 *
 * Resend and auto-retry lanes: 100 tasks each whose BUSY recipient failed;
 * each is resent (dispatch('resendFailed'), or the policy's timer firing)
 * under one of the same five faults. Same figures, plus: one history row per
 * resend (the intent is written once, not per attempt).
 *
 * The only part not taken from createMainServices is the API client, built
 * here with a 1 s timeout so the timeout fault costs a second, not thirty
 * (and the tasks feature of the two new lanes, which uses it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaxApiClient, type FaxApiClient } from '../../src/main/api/client';
import { createTasksService, type TasksService } from '../../src/main/tasks/tasks-service';
import { tasksHandlers } from '../../src/main/ipc/handlers/tasks';
import { sendHandlers } from '../../src/main/ipc/handlers/send';
import { defaultSettings, type Settings } from '../../src/shared/settings';
import { ManualClock } from '../main/tasks/helpers';
import { dispatch, type Handlers } from '../../src/main/ipc/dispatch';
import { createSendFeature } from '../../src/main/send/send-feature';
import type { SendResult } from '../../src/shared/send/types';
import type { TaskRowView } from '../../src/shared/tasks/types';
import { startSimulator, type CreateFault, type RunningSimulator } from '../../src/simulator/index';
import { makeTestServices, type TestServices } from '../helpers/services';
import { exactly, recordFigure, resetFigures } from './figures';
import { grantDroppedFile } from '../../src/main/files/grants';
import { samplePdf } from './helpers';
import { until } from '../helpers/until';

const SUITE = 'no-duplicate-faxes';
const SENDS = 100;
const FAULTS: ReadonlyArray<{ fault: CreateFault; commits: boolean }> = [
  { fault: 'commit-then-drop', commits: true },
  { fault: 'reset-mid-response', commits: true },
  { fault: 'timeout', commits: true },
  { fault: '500-after-commit', commits: true },
  { fault: '429-before-commit', commits: false },
];

let t: TestServices;
let sim: RunningSimulator;
let handlers: Handlers;
let pdf = '';
/** the document as the user dropped it: main's handle for it */
let pdfHandle = '';
let client: FaxApiClient;
let tasks: TasksService;
const clock = new ManualClock();
const tasksSettings: Settings = { ...defaultSettings, autoRetry: { enabled: false, attempts: 1, delayMinutes: 1 } };

beforeAll(async () => {
  resetFigures(SUITE);
  sim = await startSimulator({ speed: 200, balance: 100_000 });
  t = await makeTestServices();
  // The app is connected to this simulator, so its own poller watches the same service.
  const connected = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret });
  expect(connected.ok).toBe(true);
  client = createFaxApiClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    getSecret: () => t.services.secrets.get(t.services.connection.currentKey()!),
    timeoutMs: 1_000,
    log: t.deps.log,
  });
  const profile = () => t.services.connection.profile();
  tasks = createTasksService({
    deps: t.deps,
    settings: { get: () => tasksSettings },
    connection: { client: async () => client, session: async () => ({ client, profile: profile() }), profile },
    history: t.services.history,
    clock,
    poll: false,
    grants: t.services.grants,
  });
  // As services.ts wires it: the send's follow-up task query is announced to the tracker (and so to auto-retry).
  const send = createSendFeature({
    dataDir: t.dataDir,
    session: async () => ({ client, profile: profile() }),
    history: t.services.history,
    ingest: (task) => tasks.tracker.ingest(task),
    serviceTimeZone: () => t.services.settings.get().serviceTimeZone,
    contractUnitPrice: () => t.services.settings.get().contractUnitPrice,
    emitProgress: (p) => t.deps.emit('uploadProgress', p),
    log: t.deps.log,
  });
  handlers = { ...t.services.handlers, ...sendHandlers(send, t.services.grants), ...tasksHandlers(tasks) };
  const dir = path.join(t.dataDir, 'docs');
  fs.mkdirSync(dir);
  pdf = await samplePdf(dir, 2);
  pdfHandle = grantDroppedFile(t.services.grants, pdf).handle;
});

afterAll(async () => {
  tasks?.close();
  await t?.cleanup();
  await sim?.stop();
});

const createsSeen = () => sim.counters().byRoute['POST /api/v2/faxes'] ?? 0;
const number = (i: number) => `86109900${String(i).padStart(4, '0')}`;

describe('no duplicate faxes under create-task faults', () => {
  it(`sends ${SENDS} faxes through the real send path: one task where it committed, none where not, no resends`, async () => {
    // One clean send first, so the document's upload is remembered and each faulty send is one create.
    const warm = await dispatch(handlers, 'sendFax', {
      name: 'Warm-up',
      documents: [{ handle: pdfHandle, url: null, name: 'doc.pdf', pages: 2, fileRef: null }],
      numbers: ['861099999999'],
      scheduledAt: null,
    });
    expect(warm.ok && (warm.value as SendResult).overall).toBe('sent');

    let wrongTaskCount = 0;
    let ambiguous = 0;
    let ambiguousShownUnknown = 0;
    let refusedShownRefused = 0;
    let refused = 0;
    let extraCreates = 0;
    let notRecordedUnknown = 0;
    const problems: string[] = [];

    for (let i = 0; i < SENDS; i++) {
      const { fault, commits } = FAULTS[i % FAULTS.length]!;
      sim.setFaults({ create: fault, createFaultCount: 1 });
      const before = createsSeen();
      const r = await dispatch(handlers, 'sendFax', {
        name: `Dup ${i} ${fault}`,
        documents: [{ handle: pdfHandle, url: null, name: 'doc.pdf', pages: 2, fileRef: null }],
        numbers: [number(i)],
        scheduledAt: null,
      });
      extraCreates += Math.max(0, createsSeen() - before - 1);
      const held = sim.tasks().filter((task) => task.recipients.some((rc) => rc.phone_number === number(i))).length;
      if (held !== (commits ? 1 : 0)) {
        wrongTaskCount++;
        problems.push(`send ${i} (${fault}): the service holds ${held} tasks`);
      }
      const overall = r.ok ? (r.value as SendResult).overall : `error ${r.error.code}`;
      if (commits) {
        ambiguous++;
        if (overall === 'outcome_unknown') ambiguousShownUnknown++;
        else problems.push(`send ${i} (${fault}): shown as ${overall}`);
      } else {
        refused++;
        if (overall === 'refused') refusedShownRefused++;
        else problems.push(`send ${i} (${fault}): shown as ${overall}`);
      }
    }
    sim.setFaults({ create: 'none' });

    // Nothing arrives later either: no background resend of an unanswered create.
    const settledCreates = createsSeen();
    await nothingWaitingToSend();
    extraCreates += createsSeen() - settledCreates;

    // What the Tasks screen shows for them.
    const list = await dispatch(handlers, 'listTasks', { limit: 1000 });
    expect(list.ok).toBe(true);
    const rows = list.ok ? (list.value as { rows: TaskRowView[] }).rows : [];
    for (let i = 0; i < SENDS; i++) {
      const { commits } = FAULTS[i % FAULTS.length]!;
      const row = rows.find((x) => x.name === `Dup ${i} ${FAULTS[i % FAULTS.length]!.fault}`);
      if (commits && !row?.outcomeUnknown) {
        notRecordedUnknown++;
        problems.push(`send ${i}: history row ${JSON.stringify(row)?.slice(0, 160)}`);
      }
    }
    if (problems.length) console.warn(problems.slice(0, 20).join('\n'));
    const totalHeld = sim.tasks().length - 1; // minus the warm-up
    const expected = FAULTS.filter((f) => f.commits).length * (SENDS / FAULTS.length);

    recordFigure(SUITE, 'sends', 'sends through the real send path with a create fault', SENDS, exactly(SENDS), FAULTS.map((f) => f.fault).join(', '));
    recordFigure(SUITE, 'wrong-task-count', 'sends where the service holds other than 1 task (committed) or 0 (not)', wrongTaskCount, exactly(0), `of ${SENDS} sends`);
    recordFigure(SUITE, 'tasks-held', 'tasks the service holds in all', totalHeld, exactly(expected), `${expected} committed`);
    recordFigure(SUITE, 'unknown-shown', 'ambiguous sends shown "outcome unknown"', ambiguousShownUnknown, exactly(ambiguous), `of ${ambiguous} ambiguous`);
    recordFigure(SUITE, 'unknown-in-history', 'ambiguous sends not marked "outcome unknown" in the Tasks list', notRecordedUnknown, exactly(0), `of ${ambiguous}`);
    recordFigure(SUITE, 'refused-shown', 'sends refused before commit shown as refused', refusedShownRefused, exactly(refused), `of ${refused}`);
    recordFigure(SUITE, 'resends', 'automatic resends of a create', extraCreates, exactly(0));
  });
});

/**
 * "Nothing more arrives", decided instead of waited for: a create can only come later from a timer
 * (the policy's resend), so no resend may be scheduled in either tasks feature (the app's own runs on
 * the system clock, so it is asked, not waited on), and a day of the lanes' clock passes with each
 * timer's work answered before the next. The caller then compares the service's count of creates.
 */
async function nothingWaitingToSend(): Promise<void> {
  expect([...t.services.tasks.autoRetry.scheduled().keys()]).toEqual([]);
  await clock.advance(24 * 60 * 60_000, () => tasks.autoRetry.idle());
  expect([...tasks.autoRetry.scheduled().keys()]).toEqual([]);
}

/** A BUSY number (the simulator fails numbers ending in 666) unique to one run of one lane. */
const busy = (lane: number, i: number) => `8610${lane}8${String(i).padStart(4, '0')}666`;

/** Sends one task to a BUSY number and waits until the service has failed it. */
async function failedOriginal(lane: number, label: string, i: number): Promise<string> {
  const r = await dispatch(handlers, 'sendFax', {
    name: `${label} ${i}`,
    documents: [{ handle: pdfHandle, url: null, name: 'doc.pdf', pages: 2, fileRef: null }],
    numbers: [busy(lane, i)],
    scheduledAt: null,
  });
  const ref = r.ok ? (r.value as SendResult).parts[0]?.task?.taskRef : undefined;
  if (!ref) throw new Error(`original ${i} was not created: ${JSON.stringify(r).slice(0, 200)}`);
  await until(`original ${i} to fail`, () => sim.tasks().some((x) => x.task_ref === ref && x.recipients.every((rc) => rc.status === 'failed')), 20_000);
  return ref;
}

async function failedOriginals(lane: number, label: string): Promise<string[]> {
  const refs: string[] = [];
  for (let i = 0; i < SENDS; i++) refs.push(await failedOriginal(lane, label, i));
  return refs;
}

const resendRows = (ref: string) => t.services.history.listTasks({ limit: 1000 }).filter((x) => x.resendOf === ref);
const heldResends = (number: string) =>
  sim.tasks().filter((x) => x.name.includes('(resend') && x.recipients.some((rc) => rc.phone_number === number)).length;

interface LaneTally {
  wrongTaskCount: number;
  extraCreates: number;
  extraRows: number;
  wrongState: number;
  problems: string[];
}

function recordLane(lane: string, what: string, tally: LaneTally) {
  if (tally.problems.length) console.warn(tally.problems.slice(0, 20).join('\n'));
  const committed = FAULTS.filter((f) => f.commits).length * (SENDS / FAULTS.length);
  recordFigure(SUITE, `${lane}-runs`, `${what} with a create fault`, SENDS, exactly(SENDS), FAULTS.map((f) => f.fault).join(', '));
  recordFigure(SUITE, `${lane}-wrong-task-count`, `${what}: the service holds other than 1 task (committed) or 0 (not)`, tally.wrongTaskCount, exactly(0), `of ${SENDS}, ${committed} committed`);
  recordFigure(SUITE, `${lane}-duplicates`, `${what}: creates beyond the one intended (duplicates)`, tally.extraCreates, exactly(0));
  recordFigure(SUITE, `${lane}-history-rows`, `${what}: history rows other than one per resend`, tally.extraRows, exactly(0), 'intent written once, not per attempt');
  recordFigure(SUITE, `${lane}-state`, `${what}: shown other than "outcome unknown" (committed) or "not sent" (refused)`, tally.wrongState, exactly(0));
}

function check(tally: LaneTally, i: number, fault: string, commits: boolean, ref: string, number: string, before: number) {
  tally.extraCreates += Math.max(0, createsSeen() - before - 1);
  const held = heldResends(number);
  if (held !== (commits ? 1 : 0)) {
    tally.wrongTaskCount++;
    tally.problems.push(`run ${i} (${fault}): the service holds ${held} resends`);
  }
  const rows = resendRows(ref);
  if (rows.length !== 1) {
    tally.extraRows += Math.abs(rows.length - 1);
    tally.problems.push(`run ${i} (${fault}): ${rows.length} history rows`);
  }
  const want = commits ? 'outcome_unknown' : 'create_failed';
  if (rows[0]?.status !== want) {
    tally.wrongState++;
    tally.problems.push(`run ${i} (${fault}): shown ${rows[0]?.status}, expected ${want}`);
  }
}

describe('no duplicate faxes when resending under create-task faults', () => {
  it(`resends ${SENDS} failed tasks by hand, each under one fault: one task where it committed, none where not`, async () => {
    tasksSettings.autoRetry = { enabled: false, attempts: 1, delayMinutes: 1 };
    const refs = await failedOriginals(1, 'Resend lane');
    const tally: LaneTally = { wrongTaskCount: 0, extraCreates: 0, extraRows: 0, wrongState: 0, problems: [] };
    let errorsShown = 0;
    for (const [i, ref] of refs.entries()) {
      await tasks.tracker.fetch(ref);
      const { fault, commits } = FAULTS[i % FAULTS.length]!;
      sim.setFaults({ create: fault, createFaultCount: 1 });
      const before = createsSeen();
      const r = await dispatch(handlers, 'resendFailed', { taskRef: ref, only: 'retryable' });
      if (!r.ok) errorsShown++;
      check(tally, i, fault, commits, ref, busy(1, i), before);
    }
    sim.setFaults({ create: 'none' });
    const settled = createsSeen();
    await nothingWaitingToSend();
    tally.extraCreates += createsSeen() - settled;
    recordLane('resend', 'resends by hand', tally);
    recordFigure(SUITE, 'resend-errors-shown', 'resends by hand that did not report an error to the user', SENDS - errorsShown, exactly(0), `of ${SENDS}`);
  });

  it(`auto-retries ${SENDS} failed tasks, each under one fault: one task where it committed, none where not`, async () => {
    // One poller only (this lane's, on a manual clock): the app's own would see the originals end first,
    // and a task ends once, so the policy would never hear of it.
    t.services.tasks.tracker.stop();
    tasksSettings.autoRetry = { enabled: true, attempts: 1, delayMinutes: 1 };
    const tally: LaneTally = { wrongTaskCount: 0, extraCreates: 0, extraRows: 0, wrongState: 0, problems: [] };
    let fired = 0;
    // One original per run, so only its retry is waiting when the clock moves on.
    for (let i = 0; i < SENDS; i++) {
      const ref = await failedOriginal(2, 'Retry lane', i);
      const { fault, commits } = FAULTS[i % FAULTS.length]!;
      // The tracker sees the task end (here, or already in the send's follow-up query); the policy schedules its resend in a minute.
      if (t.services.history.getTask(ref)?.status !== 'done') await tasks.tracker.fetch(ref);
      const scheduled = tasks.autoRetry.scheduled().has(ref);
      if (scheduled) fired++;
      else tally.problems.push(`run ${i}: no retry scheduled`);
      sim.setFaults({ create: fault, createFaultCount: 1 });
      const before = createsSeen();
      await clock.advance(60_000);
      // The timer's resend runs in the background: wait for its create to be answered (or time out).
      // (not answered in time: check() below counts it as a problem)
      if (scheduled) await until('the resend answered', () => resendRows(ref).length > 0 && !resendRows(ref).some((x) => x.status === 'creating'), 10_000).catch(() => false);
      check(tally, i, fault, commits, ref, busy(2, i), before);
    }
    sim.setFaults({ create: 'none' });
    // Later timers never send again: the policy made its one attempt per task.
    const settled = createsSeen();
    await nothingWaitingToSend();
    tally.extraCreates += createsSeen() - settled;
    recordLane('auto-retry', 'auto-retries', tally);
    recordFigure(SUITE, 'auto-retry-scheduled', 'failed tasks the policy scheduled a resend for', fired, exactly(SENDS), `of ${SENDS}`);
  });
});
