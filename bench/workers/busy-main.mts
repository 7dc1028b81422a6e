/**
 * The main process busy, measured from inside: FaxDesk's main services (createMainServices, demo
 * mode, the embedded simulator) with DEMO_TASKS finished demo tasks in the demo state, then at once
 * 20 sends of 50 recipients through the sendFax channel (their uploads, tasks, the demo service
 * moving every recipient through its states and persisting each change), POLLING_TASKS unfinished
 * tasks in the history that are due, so the tracker asks the demo service about every one of them
 * and writes each answer to the history, the window's task list read every 250 ms (listTasks), and
 * 20 PDFs arriving in a hot folder (HotFolder, settle and writer checks). The event loop's delay is
 * sampled throughout (perf_hooks.monitorEventLoopDelay, 10 ms resolution) until every send has gone
 * out and finished, every hot-folder file was offered and every polling task was asked once, or 120 s
 * have passed.
 *
 *   busy DEMO_TASKS POLLING_TASKS   prints {"p50","p99","max" (ms), "sends", "tasksDone",
 *                                   "hotFolderOffered", "polled", "seconds"}
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Conf from 'conf';
import { createMemorySecretStore } from '../../src/main/credentials/secret-store';
import { cancellingDialogs } from '../../src/main/files/dialogs';
import { grantDroppedFile } from '../../src/main/files/grants';
import { HotFolder } from '../../src/main/intake/hot-folder';
import { dispatch } from '../../src/main/ipc/dispatch';
import { openHistory } from '../../src/main/history';
import { createLogger } from '../../src/main/log';
import { createMainServices, type MainServices } from '../../src/main/services';
import type { KeyValueStore } from '../../src/main/settings/settings';
import { writeSnapshotAtomic } from '../../src/simulator/persist';
import { loadSnapshot } from '../../src/simulator/persist-load';
import type { TaskRecord } from '../../src/simulator/types';
import { writePaddedPdf } from '../lib/pdf.mts';

const demoTasks = Number(process.argv[3] ?? 20_000);
const pollingTasks = Number(process.argv[4] ?? 1_000);
/** the scenario's longest run: the 1,000 tasks take one long poll round, the 20 sends' tasks are asked after it */
const LIMIT_MS = 120_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-busy-'));
const hotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-hot-'));

const start = () =>
  createMainServices(
    {
      dataDir,
      version: '0.0.0-bench',
      platform: process.platform,
      shell: 'preview',
      systemLocale: 'en-US',
      log: createLogger(() => {}),
      emit: () => {},
      dialogs: cancellingDialogs,
    },
    { storeFactory: (o) => new Conf(o) as unknown as KeyValueStore, secretStore: createMemorySecretStore(), demoSpeed: 200 },
  );

async function call<T>(services: MainServices, channel: string, input?: unknown): Promise<T> {
  const r = await dispatch(services.handlers, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

// A demo world that has been used for a long while: DEMO_TASKS finished tasks in its state file.
let services = await start();
await call(services, 'getAccount');
await new Promise((r) => setTimeout(r, 200));
await services.close();
const stateFile = path.join(dataDir, 'demo-service.json');
const state = loadSnapshot(stateFile)!;
const stamp = '2026-01-05 09:00:00';
for (let i = 0; i < demoTasks; i++) {
  state.tasks.push({
    task_ref: `task_bench_${i}`,
    name: `Old fax ${i}`,
    status: 'done',
    scheduled_at: stamp,
    created_at: stamp,
    file_refs: [`file_bench_${i}`],
    pages: 1,
    conversionError: null,
    startAtMs: 0,
    reservedFen: 0,
    recipients: [0, 1].map((r) => ({
      rcpt_ref: `rcpt_bench_${i}_${r}`,
      phone_number: `86138${String(i * 2 + r).padStart(8, '0')}`,
      unit_price: 0.3,
      page_count: 1,
      charged_amount: 0.3,
      status: 'success' as const,
      failed_code: null,
      failed_reason: null,
      completed_at: stamp,
      created_at: stamp,
    })),
  });
}
// POLLING_TASKS unfinished tasks: pending in the demo service (their start an hour away), and in the
// history as last asked 40 s ago, so every one is due (pending: every 30 s) when the services start.
const polling: TaskRecord[] = [];
const seededAt = Date.now();
for (let i = 0; i < pollingTasks; i++) {
  polling.push({
    task_ref: `task_poll_${i}`,
    name: `Waiting fax ${i}`,
    status: 'pending',
    scheduled_at: stamp,
    created_at: stamp,
    file_refs: [`file_poll_${i}`],
    pages: 1,
    conversionError: null,
    startAtMs: seededAt + 3_600_000,
    reservedFen: 0,
    recipients: [0, 1].map((r) => ({
      rcpt_ref: `rcpt_poll_${i}_${r}`,
      phone_number: `86137${String(i * 2 + r).padStart(8, '0')}`,
      unit_price: 0.3,
      page_count: 1,
      charged_amount: 0,
      status: 'pending' as const,
      failed_code: null,
      failed_reason: null,
      completed_at: null,
      created_at: stamp,
    })),
  });
}
state.tasks.push(...polling);
// laid out as the demo service keeps it (one task a line since #27: read as a stream at its first use)
writeSnapshotAtomic(stateFile, state);
const seed = openHistory(path.join(dataDir, 'history.sqlite'), { profile: () => 'demo', now: () => seededAt - 40_000 });
seed.applyTaskResponses(polling);
seed.close();
const pdf = path.join(dataDir, 'letter.pdf');
await writePaddedPdf(pdf, 30_000);

services = await start();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const t0 = performance.now();
let offered = 0;
const hot = new HotFolder({ dir: hotDir, onDocument: () => void offered++, settleMs: 200 });
hot.start();
try {
  const hotFiles = (async () => {
    for (let i = 0; i < 20; i++) {
      await writePaddedPdf(path.join(hotDir, `scan-${i}.pdf`), 50_000);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  let reading = true;
  const reads = (async () => {
    while (reading) {
      await call(services, 'listTasks', { filters: {}, sort: { by: 'created', dir: 'desc' }, limit: 50, offset: 0 });
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const sends = await Promise.all(
    Array.from({ length: 20 }, async (_, s) => {
      const { handle } = grantDroppedFile(services.grants, pdf);
      const numbers = Array.from({ length: 50 }, (_, k) => `86139${String(s * 1000 + k).padStart(8, '0')}`);
      return call<{ overall: string }>(services, 'sendFax', { name: `Busy ${s}`, documents: [{ handle, url: null, name: 'letter.pdf', pages: null, fileRef: null }], numbers, scheduledAt: null });
    }),
  );
  // until every send's task has finished in the demo service and every polling task was asked (or LIMIT_MS)
  let tasksDone = 0;
  let polled = 0;
  const polledOnce = () => services.history.tasksToPoll(Date.now(), ['demo']).filter((t) => t.taskRef.startsWith('task_poll_') && t.dueAtMs > seededAt).length;
  for (; performance.now() - t0 < LIMIT_MS; await new Promise((r) => setTimeout(r, 500))) {
    const list = await call<{ rows: Array<{ status: string }> }>(services, 'listTasks', { filters: {}, sort: { by: 'created', dir: 'desc' }, limit: 50, offset: 0 });
    tasksDone = list.rows.filter((r) => r.status === 'done' || r.status === 'failed').length;
    if (tasksDone < 20 || offered < 20) continue;
    // (the bench's own reading of 1,000 rows, so only once the rest is done)
    polled = polledOnce();
    if (polled >= pollingTasks) break;
  }
  polled = polledOnce();
  reading = false;
  await Promise.all([reads, hotFiles]);
  delay.disable();
  console.log(
    JSON.stringify({
      p50: delay.percentile(50) / 1e6,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      sends: sends.filter((r) => r.overall === 'sent').length,
      tasksDone,
      hotFolderOffered: offered,
      polled,
      seconds: (performance.now() - t0) / 1000,
    }),
  );
} finally {
  hot.stop();
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(hotDir, { recursive: true, force: true });
}
