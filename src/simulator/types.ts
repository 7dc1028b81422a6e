/** Public and internal record shapes of the simulator. */

export type CreateFault =
  | 'none'
  | 'commit-then-drop'
  | 'reset-mid-response'
  | 'timeout'
  | '500-after-commit'
  | '429-before-commit';

export const CREATE_FAULTS: readonly CreateFault[] = [
  'none',
  'commit-then-drop',
  'reset-mid-response',
  'timeout',
  '500-after-commit',
  '429-before-commit',
];

export interface SimulatorFaults {
  /** Real milliseconds added before every request is handled (not scaled by speed). */
  latencyMs: number;
  /** 0..1: fraction of requests answered 500 before doing anything. */
  errorRate: number;
  /** Every Nth request (counted over all routes) is answered 429 with Retry-After. */
  rateLimit: null | { retryAfterSeconds: number; every: number };
  /** Applies to POST /api/v2/faxes. */
  create: CreateFault;
  /** How many creates the create fault applies to; Infinity = all. */
  createFaultCount: number;
}

export type AccountStatus = 'active' | 'suspended' | 'inactive';

/**
 * The simulator's time: when tasks move, file references expire and webhooks are retried. Tests pass
 * the manual clock that also drives FaxDesk's tracker, so one `advance()` moves both and no test waits
 * on real time. The same shape as FaxDesk's own Clock, written here on purpose: the simulator stands
 * in for an outside service and shares no code with the app.
 */
export interface SimClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: SimClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface SimulatorOptions {
  /** Time for task progress, file expiry and webhook retries (default: the real clock). */
  clock?: SimClock;
  /** 0 = the OS picks a free port (default 0). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'demo-key'. */
  apiKey?: string;
  /** Default 'demo-secret'. */
  apiSecret?: string;
  /** Divides every simulated duration. Default 1. */
  speed?: number;
  /** Starting balance in yuan, default 500 (ignored when a state file already holds an account). */
  balance?: number;
  /** Yuan per page, default 0.3. */
  unitPrice?: number;
  webhookUrl?: string | null;
  /** IANA zone of the service's timestamps, default Asia/Shanghai. */
  timezone?: string;
  /** Persist accounts, file metadata and tasks here (atomic writes). */
  stateFile?: string;
  /** Simulated lifetime of a file_ref, default 24 h (divided by speed). */
  fileRefLifetimeMs?: number;
  /** Default 'FaxDesk Demo'. */
  accountName?: string;
  faults?: Partial<SimulatorFaults>;
  /**
   * Test-only: URL uploads may also fetch from 127.0.0.1/::1, where the tests
   * serve their files. Off by default; demo mode and the CLI never set it, so
   * the simulator fetches public addresses only.
   */
  allowLoopbackRemoteUrls?: boolean;
  /**
   * Developer switch of the CLI (`--allow-private-urls`): URL uploads may also
   * fetch from this machine and private networks (10/8, 172.16/12,
   * 192.168/16, fc00::/7), e.g. a file served from the developer's own
   * machine. Link-local and meta addresses (169.254.169.254, a cloud's
   * metadata service) stay refused. Off by default; demo mode never sets it.
   */
  allowPrivateRemoteUrls?: boolean;
  /** The library logs nothing unless quiet is explicitly false (the CLI sets it). */
  quiet?: boolean;
  /**
   * Told when a task ends (done or failed), at the moment its webhook would be sent: the app's demo
   * mode runs the simulator in its own process and learns of the end this way, as a server would from
   * the webhook. Called after the task's final state is stored; a listener that throws is logged, not
   * the task's problem.
   */
  onTaskEnded?: (taskRef: string, status: 'done' | 'failed') => void;
}

export type TaskStatus = 'pending' | 'sending' | 'done' | 'failed';
export type RecipientStatus = 'pending' | 'sending' | 'success' | 'failed' | 'canceled';

/** The full recipient record, exactly as the spec's task and recipient queries return it. */
export interface RecipientRecord {
  rcpt_ref: string;
  phone_number: string;
  unit_price: number;
  page_count: number;
  charged_amount: number;
  status: RecipientStatus;
  failed_code: string | null;
  failed_reason: string | null;
  completed_at: string | null;
  created_at: string;
}

/** The task as the task query returns it (full recipient records). */
export interface WireTask {
  task_ref: string;
  name: string;
  status: TaskStatus;
  scheduled_at: string;
  created_at: string;
  recipients: RecipientRecord[];
}

/** Internal task record: the wire task plus what the state machine needs. */
export interface TaskRecord extends WireTask {
  file_refs: string[];
  /** Pages of all files together: what a successful recipient is sent. */
  pages: number;
  /** A file could not be converted (unparsable PDF/TIFF): the task fails as a whole. */
  conversionError: string | null;
  /** Real epoch ms at which the task leaves pending (already scaled by speed). */
  startAtMs: number;
  /** Worst-case cost still reserved against the balance, in fen (0.01 yuan). */
  reservedFen: number;
}

/** Read-only view for tests. */
export type SimTask = Readonly<Omit<TaskRecord, 'recipients'>> & {
  readonly recipients: ReadonlyArray<Readonly<RecipientRecord>>;
};

export type UploadMode = 'form' | 'url' | 'binary';

/** Read-only view for tests: what the service stored for an upload. */
export type SimFile = Readonly<Pick<FileRecord, 'file_ref' | 'file_name' | 'file_size' | 'file_ext' | 'mode'>>;

export interface FileRecord {
  file_ref: string;
  file_name: string;
  file_size: number;
  file_ext: string;
  /** How it arrived (absent in files persisted before this was recorded). */
  mode?: UploadMode;
  /** Pages counted at upload; null when the document cannot be converted. */
  pages: number | null;
  conversionError: string | null;
  uploadedAtMs: number;
  /** Real epoch ms (lifetime already scaled by speed). */
  expiresAtMs: number;
}

export interface AccountRecord {
  uid: string;
  name: string;
  balanceFen: number;
  webhook_url: string | null;
  status: AccountStatus;
  apiEnabled: boolean;
  created_at: string;
  updated_at: string;
}
