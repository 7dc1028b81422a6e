/**
 * Fax Service v2 simulator: a faithful local implementation of
 * spec/fax-service-v2.md, for demo mode, development and tests.
 * Plain Node (no electron); start it with startSimulator() or `npm run sim`.
 */
import type { AddressInfo } from 'node:net';
import type { SimContext, Settings } from './context';
import { FaultState } from './faults';
import { yuanToFen } from './ids';
import { SimServer, type LogEntry } from './server';
import { StateMachine } from './state-machine';
import { Store } from './store';
import { assertTimeZone, formatServiceTime } from './time';
import { Timers } from './timers';
import { realClock, type AccountRecord, type AccountStatus, type SimFile, type SimTask, type SimulatorFaults, type SimulatorOptions, type TaskRecord } from './types';
import { Webhooks, type WebhookDelivery } from './webhook';

export type { SimClock, SimulatorOptions, SimulatorFaults, SimTask, SimFile, UploadMode, CreateFault, AccountStatus, RecipientRecord, WireTask } from './types';
export { signWebhook, type WebhookDelivery } from './webhook';
export { AUTH_MESSAGES, type LogEntry } from './server';

export const DEFAULTS = {
  host: '127.0.0.1',
  apiKey: 'demo-key',
  apiSecret: 'demo-secret',
  speed: 1,
  balance: 500,
  unitPrice: 0.3,
  timezone: 'Asia/Shanghai',
  fileRefLifetimeMs: 24 * 60 * 60 * 1000,
  accountName: 'FaxDesk Demo',
  accountUid: 'tenant_demo',
} as const;

export interface AccountPatch {
  status: AccountStatus;
  apiEnabled: boolean;
  balance: number;
  webhookUrl: string | null;
  name: string;
}

export interface RunningSimulator {
  baseUrl: string;
  port: number;
  apiKey: string;
  apiSecret: string;
  stop(): Promise<void>;
  setFaults(f: Partial<SimulatorFaults>): void;
  setAccount(a: Partial<AccountPatch>): void;
  /** The account holder resets the API secret on the service's site: the old one is refused from now on. */
  resetSecret(next: string): void;
  requestLog(): ReadonlyArray<LogEntry>;
  counters(): { requests: number; byRoute: Record<string, number>; tasksCreated: number };
  taskCount(): number;
  tasks(): ReadonlyArray<SimTask>;
  /** Every stored upload, oldest first: the name as the service recorded it and the mode it came in. */
  files(): ReadonlyArray<SimFile>;
  /**
   * Every webhook delivery (the last 1,000): its task, attempts so far and where it stands. A test
   * waits for 'delivered' or 'gave_up', after which no attempt follows, instead of sleeping.
   */
  webhookDeliveries(): ReadonlyArray<WebhookDelivery>;
  /** Test helper: every file_ref uploaded so far expires now. */
  expireFileRefs(): void;
  now(): Date;
}

function check(cond: boolean, message: string): void {
  if (!cond) throw new RangeError(message);
}

/** The service's settings from the options, each checked; throws a RangeError naming the bad one. */
function checkedSettings(opts: SimulatorOptions): { settings: Settings; balance: number; port: number } {
  const settings: Settings = {
    apiKey: opts.apiKey ?? DEFAULTS.apiKey,
    apiSecret: opts.apiSecret ?? DEFAULTS.apiSecret,
    speed: opts.speed ?? DEFAULTS.speed,
    unitPrice: opts.unitPrice ?? DEFAULTS.unitPrice,
    timezone: opts.timezone ?? DEFAULTS.timezone,
    fileRefLifetimeMs: opts.fileRefLifetimeMs ?? DEFAULTS.fileRefLifetimeMs,
    allowLoopbackRemoteUrls: opts.allowLoopbackRemoteUrls === true,
    allowPrivateRemoteUrls: opts.allowPrivateRemoteUrls === true,
  };
  const balance = opts.balance ?? DEFAULTS.balance;
  const port = opts.port ?? 0;
  check(Number.isInteger(port) && port >= 0 && port <= 65535, 'port must be an integer 0..65535');
  check(Number.isFinite(settings.speed) && settings.speed > 0, 'speed must be a number > 0');
  check(Number.isFinite(balance) && balance >= 0, 'balance must be a number >= 0');
  check(Number.isFinite(settings.unitPrice) && settings.unitPrice >= 0, 'unitPrice must be a number >= 0');
  check(settings.fileRefLifetimeMs > 0, 'fileRefLifetimeMs must be > 0');
  check(settings.apiKey !== '' && settings.apiSecret !== '', 'apiKey and apiSecret must not be empty');
  assertTimeZone(settings.timezone);
  return { settings, balance, port };
}

async function openStore(opts: SimulatorOptions, balance: number, created: string): Promise<Store> {
  const account: AccountRecord = {
    uid: DEFAULTS.accountUid,
    name: opts.accountName ?? DEFAULTS.accountName,
    balanceFen: yuanToFen(balance),
    webhook_url: opts.webhookUrl ?? null,
    status: 'active',
    apiEnabled: true,
    created_at: created,
    updated_at: created,
  };
  // a kept state is read and restored a chunk per event-loop turn: the app's main process goes on meanwhile
  const store = opts.stateFile
    ? await Store.open(account, opts.stateFile, (e) => console.error(`[sim] could not write state: ${(e as Error).message}`))
    : new Store(account);
  // Configuration given explicitly wins over a stored account; the balance is a ledger and does not.
  if (opts.webhookUrl !== undefined) store.account.webhook_url = opts.webhookUrl;
  if (opts.accountName !== undefined) store.account.name = opts.accountName;
  return store;
}

/** SimulatorOptions.onTaskEnded, told of a task that ended; a listener that throws is logged, not the task's problem. */
function endListener(listener: SimulatorOptions['onTaskEnded'], log: (line: string) => void): SimContext['taskEnded'] {
  return (task) => {
    if (!listener || (task.status !== 'done' && task.status !== 'failed')) return;
    try {
      listener(task.task_ref, task.status);
    } catch (e) {
      log(`the task-ended listener failed: ${(e as Error).message}`);
    }
  };
}

async function listen(front: SimServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    front.server.once('error', reject);
    front.server.listen(port, host, () => {
      front.server.off('error', reject);
      resolve();
    });
  });
  return (front.server.address() as AddressInfo).port;
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { settings, balance, port } = checkedSettings(opts);
  const quiet = opts.quiet !== false;
  const log = quiet ? () => {} : (line: string) => console.log(`[sim] ${line}`);
  const stopController = new AbortController();
  const clock = opts.clock ?? realClock;
  const stamp = (ms = clock.now()): string => formatServiceTime(ms, settings.timezone);
  const store = await openStore(opts, balance, stamp());

  const timers = new Timers(clock);
  const realTimers = new Timers(realClock);
  const faults = new FaultState(opts.faults);
  let machine: StateMachine | null = null;
  const ctx: SimContext = {
    settings,
    store,
    timers,
    realTimers,
    faults,
    stopSignal: stopController.signal,
    nowMs: () => clock.now(),
    stamp,
    scaled: (ms) => ms / settings.speed,
    schedule: (task) => machine?.schedule(task),
    taskEnded: endListener(opts.onTaskEnded, log),
    log,
  };
  const webhooks = new Webhooks(ctx);
  machine = new StateMachine(ctx, webhooks);
  for (const t of store.tasks.values()) machine.resume(t);

  const front = new SimServer(ctx);
  const host = opts.host ?? DEFAULTS.host;
  const actualPort = await listen(front, port, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let stopping: Promise<void> | null = null;

  return {
    baseUrl: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    apiKey: settings.apiKey,
    apiSecret: settings.apiSecret,
    stop() {
      stopping ??= (async () => {
        stopController.abort();
        timers.stop();
        realTimers.stop();
        await front.close();
        store.flush();
      })();
      return stopping;
    },
    setFaults: (f) => faults.set(f),
    setAccount(a) {
      const acc = store.account;
      if (a.status !== undefined) acc.status = a.status;
      if (a.apiEnabled !== undefined) acc.apiEnabled = a.apiEnabled;
      if (a.balance !== undefined) acc.balanceFen = yuanToFen(a.balance);
      if (a.webhookUrl !== undefined) acc.webhook_url = a.webhookUrl;
      if (a.name !== undefined) acc.name = a.name;
      acc.updated_at = stamp();
      store.changed();
    },
    resetSecret(next) {
      check(next !== '', 'apiSecret must not be empty');
      settings.apiSecret = next;
    },
    requestLog: () => front.requestLog(),
    counters: () => ({ requests: front.requests, byRoute: { ...front.byRoute }, tasksCreated: store.tasksCreated }),
    taskCount: () => store.tasks.size,
    tasks: () => [...store.tasks.values()].map((t: TaskRecord) => structuredClone(t) as SimTask),
    files: () =>
      [...store.files.values()].map((f) => ({ file_ref: f.file_ref, file_name: f.file_name, file_size: f.file_size, file_ext: f.file_ext, ...(f.mode ? { mode: f.mode } : {}) })),
    webhookDeliveries: () => webhooks.deliveries(),
    expireFileRefs() {
      const now = clock.now();
      for (const f of store.files.values()) f.expiresAtMs = Math.min(f.expiresAtMs, now);
      store.changed();
    },
    now: () => new Date(clock.now()),
  };
}
