import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createFaxApiClient, type FaxApiClient } from '@main/api/client';
import { openHistory, type History } from '@main/history';
import { createLogger } from '@main/log';
import { createRecordingNotifier } from '@main/notify/notifier';
import { ManualClock } from '../../helpers/manual-clock';
import { createTasksService, type TasksService } from '@main/tasks/tasks-service';
import { tasksHandlers, type TasksHandlers } from '@main/ipc/handlers/tasks';
import { defaultSettings, type Settings } from '@shared/settings';
import { createFileGrants, type FileGrants } from '@main/files/grants';
import { scriptedDialogs, type ScriptedDialogs } from '../../helpers/dialogs';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src/simulator/index';
import { toAccountView } from '@main/account/connection';
import type { AccountView } from '@shared/ipc/channels/account';

export { ManualClock };

export async function samplePdf(dir: string, pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 24 });
  const file = path.join(dir, `sample-${pages}p.pdf`);
  fs.writeFileSync(file, await doc.save());
  return file;
}

export interface Rig {
  dir: string;
  sim: RunningSimulator;
  client: FaxApiClient;
  history: History;
  clock: ManualClock;
  settings: Settings;
  notifier: ReturnType<typeof createRecordingNotifier>;
  emitted: Array<{ name: string; payload: unknown }>;
  logLines: string[];
  feature: TasksService;
  /** the feature's IPC handlers, as services.ts spreads them */
  handlers: TasksHandlers;
  /** answers main's save dialog for exports and reports (default: cancelled) */
  dialogs: ScriptedDialogs;
  grants: FileGrants;
  /** every task query FaxDesk made, with the test clock's time */
  taskAsks: Array<{ ref: string; at: number }>;
  /** the account as the window reads it (getAccount): listeners hear it, as with the app's Connection */
  readAccount(): Promise<AccountView>;
  /** the account reads that reached the simulator so far */
  accountReads(): number;
  /**
   * Resolves once every request FaxDesk made to the simulator has been answered, including those the
   * answers set off (a listener's refresh, the tracker's round): an event to await instead of a sleep.
   */
  quiet(): Promise<void>;
  /** records a send in the history and creates it on the simulator, as the Send screen does */
  send(name: string, numbers: string[], file: string, opts?: { scheduledAt?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function makeRig(
  opts: {
    sim?: SimulatorOptions;
    settings?: Partial<Settings>;
    poll?: boolean;
    prepare?: (dir: string) => void;
    simStateFile?: string;
    clientAttempts?: number;
    /** the simulator tells of each task's end, as the Connection passes it on in demo mode (onDemoTaskEnded) */
    demoEnds?: boolean;
    /** whose tasks are followed (default 'account:test'; 'demo' in demo mode) */
    profile?: string;
  } = {},
): Promise<Rig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-tasks-'));
  opts.prepare?.(dir);
  // One clock for the tracker and the service it polls: tests advance it, nothing waits on real time.
  const clock = new ManualClock();
  // Real-life durations (speed 1): the clock, not the speed, makes a test fast.
  const endListeners = new Set<(taskRef: string) => void>();
  const sim = await startSimulator({
    speed: 1,
    clock,
    ...opts.sim,
    ...(opts.simStateFile ? { stateFile: path.join(dir, opts.simStateFile) } : {}),
    // as connection.ts passes it on: on a later turn than the simulator's own
    ...(opts.demoEnds ? { onTaskEnded: (ref: string) => endListeners.forEach((l) => queueMicrotask(() => l(ref))) } : {}),
  });
  const logLines: string[] = [];
  const log = createLogger((l) => logLines.push(l));
  const wire = createFaxApiClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    getSecret: async () => sim.apiSecret,
    log,
    ...(opts.clientAttempts ? { retry: { maxAttempts: opts.clientAttempts, baseDelayMs: 1, maxDelayMs: 1 } } : {}),
  });
  // When (on the test's clock) each task query was made: the simulator's log has real time only.
  const taskAsks: Rig['taskAsks'] = [];
  // Every request in flight, so quiet() can wait for the last answer rather than for a moment.
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    const done = () => void inflight.delete(p);
    p.then(done, done);
    return p;
  };
  const tracked = Object.fromEntries(
    Object.entries(wire).map(([k, v]) => [k, typeof v === 'function' ? (...a: unknown[]) => track((v as (...x: unknown[]) => Promise<unknown>)(...a)) : v]),
  ) as unknown as FaxApiClient;
  const client: FaxApiClient = {
    ...tracked,
    getTask: (ref, o) => {
      taskAsks.push({ ref, at: clock.now() });
      return tracked.getTask(ref, o);
    },
  };
  const profile = opts.profile ?? 'account:test';
  const history = openHistory(path.join(dir, 'history.sqlite'), { now: clock.now, profile: () => profile });
  const settings: Settings = { ...defaultSettings, ...opts.settings };
  const notifier = createRecordingNotifier();
  const emitted: Rig['emitted'] = [];
  const dialogs = scriptedDialogs();
  const grants = createFileGrants();
  // The Connection's account side, as services.ts wires it: each read goes to the simulator and to the listeners.
  const accountListeners = new Set<(a: AccountView) => void>();
  const readAccount = async () => {
    const view = toAccountView(await client.getAccount(), 'account');
    for (const l of accountListeners) l(view);
    return view;
  };
  const feature = createTasksService({
    deps: {
      dataDir: dir,
      log,
      dialogs,
      systemLocale: 'en-US',
      emit: (name, payload) => void emitted.push({ name, payload }),
      notifier,
    },
    settings: { get: () => settings },
    connection: {
      client: async () => client,
      session: async () => ({ client, profile }),
      profile: () => profile,
      refreshAccount: () => readAccount().catch(() => null),
      onAccount: (l) => {
        accountListeners.add(l);
        return () => accountListeners.delete(l);
      },
      ...(opts.demoEnds
        ? {
            onDemoTaskEnded: (l: (taskRef: string) => void) => {
              endListeners.add(l);
              return () => endListeners.delete(l);
            },
          }
        : {}),
    },
    history,
    grants,
    clock,
    poll: opts.poll ?? false,
  });
  return {
    dir,
    sim,
    client,
    history,
    clock,
    settings,
    notifier,
    emitted,
    logLines,
    feature,
    handlers: tasksHandlers(feature),
    dialogs,
    grants,
    readAccount,
    taskAsks,
    accountReads: () => sim.requestLog().filter((e) => e.method === 'GET' && e.path === '/api/v2/account/status').length,
    async quiet() {
      for (;;) {
        await Promise.allSettled([...inflight]);
        await feature.tracker.idle();
        // one turn of the event loop: whatever an answer set off (in its promise callbacks) has started by then
        await new Promise((r) => setImmediate(r));
        if (inflight.size === 0) return;
      }
    },
    async send(name, numbers, file, o = {}) {
      const up = await client.uploadFile(file);
      const { taskIds } = history.recordSend({
        name,
        files: [{ path: file, name: path.basename(file), size: fs.statSync(file).size, pages: null, fileRef: up.file_ref }],
        parts: [{ name, phoneNumbers: numbers }],
        scheduledAt: o.scheduledAt ?? null,
      });
      const created = await client.createTask({ name, file_refs: [up.file_ref], phone_numbers: numbers, ...(o.scheduledAt ? { scheduled_at: o.scheduledAt } : {}) });
      history.recordCreated(taskIds[0]!, created);
      return String(created.task_ref);
    },
    async close() {
      feature.close();
      history.close();
      await sim.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** GETs of one task in the simulator's request log. */
/** Minutes pass on the rig's clock, one at a time; each waits for the auto-retry and the tracker's round to settle. */
export async function pollMinutes(r: Rig, minutes: number): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    await r.clock.advance(60_000, async () => {
      await r.feature.autoRetry.idle();
      await r.feature.tracker.idle();
    });
  }
}

export function taskQueries(sim: RunningSimulator): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of sim.requestLog()) {
    if (e.method !== 'GET' || !e.path.startsWith('/api/v2/faxes/')) continue;
    const ref = decodeURIComponent(e.path.slice('/api/v2/faxes/'.length));
    out.set(ref, (out.get(ref) ?? 0) + 1);
  }
  return out;
}
