/**
 * No duplicate faxes: 100 sends through the real main-process send path
 * (dispatch('sendFax') → send handlers → send service → API client → local
 * history) against the simulator, each with one create-task fault. The
 * service is asked to create each task once; where it committed, it holds
 * exactly one task and the user sees "outcome unknown"; where it did not, it
 * holds none and the user sees a refusal. FaxDesk never resends by itself.
 *
 * The only part not taken from createMainServices is the API client, built
 * here with a 1 s timeout so the timeout fault costs a second, not thirty.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaxApiClient } from '../../src/main/api/client';
import { dispatch, type Handlers } from '../../src/main/ipc/dispatch';
import { historyPort } from '../../src/main/send/history-port';
import { createSendFeature } from '../../src/main/send/send-feature';
import type { SendResult } from '../../src/shared/send/types';
import type { TaskRowView } from '../../src/shared/tasks/types';
import { startSimulator, type CreateFault, type RunningSimulator } from '../../src/simulator/index';
import { makeTestServices, type TestServices } from '../helpers/services';
import { exactly, recordFigure, resetFigures } from './figures';
import { grantDroppedFile } from '../../src/main/files/file-handlers';
import { samplePdf } from './helpers';

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

beforeAll(async () => {
  resetFigures(SUITE);
  sim = await startSimulator({ speed: 200, balance: 100_000 });
  t = await makeTestServices();
  // The app is connected to this simulator, so its own poller watches the same service.
  const connected = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret });
  expect(connected.ok).toBe(true);
  const client = createFaxApiClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    getSecret: () => t.services.secrets.get(),
    timeoutMs: 1_000,
    log: t.deps.log,
  });
  const send = createSendFeature(t.deps, t.services.settings, { client: async () => client }, historyPort(t.services.history, t.dataDir), t.services.grants);
  handlers = { ...t.services.handlers, ...send.handlers };
  const dir = path.join(t.dataDir, 'docs');
  fs.mkdirSync(dir);
  pdf = await samplePdf(dir, 2);
  pdfHandle = grantDroppedFile(t.services.grants, pdf).handle;
});

afterAll(async () => {
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
    await new Promise((r) => setTimeout(r, 1_500));
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
