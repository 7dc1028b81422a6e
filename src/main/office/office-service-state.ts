/**
 * The office service's shape and the state its parts share (office-service.ts assembles them): the
 * settings as stored, the policy, the outbox queue, the running mirror and the probe limit.
 */
import path from 'node:path';
import { z } from 'zod';
import { officeFieldsSchema, type OfficeInput, type OfficeResend, type OfficeSpending, type OfficeTaskList, type OfficeTestResult, type OfficeView } from '../../shared/office/types';
import type { FailuresView } from '../../shared/tasks/types';
import type { PolicyOfficeOutbox } from '../../shared/policy';
import { UserError } from '../errors';
import type { FileGrants } from '../files/grants';
import type { History } from '../history/history';
import type { Logger } from '../log';
import { createProbeLimit, type ProbeLimit } from '../net/probe-limit';
import { readJsonFile } from '../storage/json-file';
import { openRecovering } from '../storage/open-recovering';
import { computerName, defaultDisplayName } from './desk-identity';
import type { EarlierOfficeResend } from './office-guard';
import type { OfficeMirror } from './office-mirror';
import type { OfficePasswords } from './office-passwords';
import type { OfficeFaxForResend } from './office-views';
import { DEFAULT_HISTORY, openOutboxQueue, type HistoryInUse, type OutboxQueue } from './outbox-queue';
import type { TaskLease } from './poll-lease';
import { readPolicyCa, type CaFile } from './office-ca';

export interface OfficeService {
  view(): Promise<OfficeView>;
  test(input: OfficeInput): Promise<OfficeTestResult>;
  /** stores the settings (and a typed password), then connects */
  save(input: OfficeInput): Promise<OfficeView>;
  /** forgets the office database (its password too); this desk's own history is untouched */
  remove(): Promise<OfficeView>;
  /** the office's faxes, newest first (Tasks → Everyone); office.unavailable while not connected */
  listTasks(page: { offset: number; limit: number; senderDeskId?: string | undefined }): Promise<OfficeTaskList>;
  /** Account: what each desk's faxes cost this month (from the local month's start); office.unavailable while not connected */
  spending(): Promise<OfficeSpending>;
  /** office-wide Failures of the last `days` days; office.unavailable while not connected */
  failures(days: number): Promise<FailuresView>;
  /** "Resent as … by …": the resends of a fax by any desk; office.unavailable while not connected */
  resendsOf(taskRef: string): Promise<OfficeResend[]>;
  /** another desk's fax, to resend from this one; null when not connected or not in the office database */
  faxForResend(taskRef: string): Promise<OfficeFaxForResend | null>;
  /**
   * The office-wide "already resent?" guard (office-guard.ts claimResend), like guardSend: the earlier resend
   * when there is one and the user did not confirm; otherwise this desk's claim, with its withdrawal (for a
   * resend the service refused). Passes (undefined) while the office is not connected or does not answer in time.
   */
  claimResend(taskRef: string, phoneNumbers: readonly string[], name: string, confirmed: boolean): Promise<EarlierOfficeResend | (() => Promise<void>) | undefined>;
  /**
   * The office-wide repeat guard before a send (office-guard.ts): throws 'send.repeat' naming the other
   * desk's sender and computer when it sent this fax within the window, unless `confirmed`. Demo sends,
   * and any moment the office is not connected or does not answer within 1.5 s, pass: a desk never waits
   * for the server to send.
   */
  guardSend(profile: string, fingerprint: string, name: string, confirmed: boolean): Promise<(() => Promise<void>) | void>;
  /**
   * The poll leases (poll-lease.ts) while the office database is connected and writable; null
   * otherwise, and then the tracker polls this desk's own tasks as without an office.
   */
  taskLease(): TaskLease | null;
  /** the history whose writes this desk's mirror follows */
  wrapHistory(history: History): History;
  close(): Promise<void>;
}

export interface OfficeServiceDeps {
  dataDir: string;
  log: Logger;
  /** the office database password's keychain entries (office-passwords.ts) */
  passwords: OfficePasswords;
  grants: Pick<FileGrants, 'pathOf' | 'checkedPath' | 'identityOf'>;
  /** the unwrapped history (the mirror reads each task's current state) */
  history: History;
  /** which history file that is, and whether it was started afresh at this start (default: history.sqlite, as it was) */
  historyInUse?: HistoryInUse;
  onChange(view: OfficeView): void;
  /** the office's tasks changed (LISTEN/NOTIFY): the window re-reads Tasks → Everyone */
  onTasksChanged?: () => void;
  /** extra trust anchors (tests' own certificates) */
  extraCa?: string[];
  retryMs?: { first: number; max: number };
  /** the clock of the per-minute probe limit (tests) */
  now?: () => number;
  /** the service's time (completed_at) in ms, in the service time zone of Settings */
  serviceTimeToMs?: (serviceTime: string | null) => number | null;
  /** the machine-wide policy's office outbox (docs/deploy.md): a default, or locked connection fields */
  policy?: { value: PolicyOfficeOutbox; locked: boolean } | null;
}

/** "Test" and saving a new server dial a host the window names: a person needs a handful a minute, a network scan hundreds. */
export const OFFICE_PROBES_PER_MINUTE = 10;

export const storedSchema = z.object({ fields: officeFieldsSchema, caFileName: z.string().max(255).nullable() }).strict();
export type Stored = z.output<typeof storedSchema>;

/** what the parts of the office service share; `stored` and `mirror` change as the user saves and removes */
export interface OfficeState {
  readonly deps: OfficeServiceDeps;
  /** office.json */
  readonly file: string;
  /** office-ca.pem, the user's copy of the CA */
  readonly caFile: string;
  readonly queue: OutboxQueue;
  readonly computer: string;
  readonly fallbackName: string;
  readonly policy: { value: PolicyOfficeOutbox; locked: boolean } | null;
  readonly policyCa: CaFile | null;
  /** servers (host:port) that answered in PostgreSQL this session: dialling them again probes nothing */
  readonly spokePostgres: Set<string>;
  readonly probes: ProbeLimit;
  stored: Stored | null;
  mirror: OfficeMirror | null;
}

/** A damaged or newer queue file never stops start-up: it is set aside (or left alone) and said in the log. */
function openQueue(deps: OfficeServiceDeps): OutboxQueue {
  const historyInUse = deps.historyInUse ?? DEFAULT_HISTORY;
  const openedQueue = openRecovering(path.join(deps.dataDir, 'office-queue.sqlite'), (f) => openOutboxQueue(f, historyInUse), {
    isNewer: (e) => e instanceof UserError && e.code === 'office.queue_too_new',
    newerFallback: path.join(deps.dataDir, 'office-queue.older-faxdesk.sqlite'),
  });
  if (openedQueue.notice) {
    deps.log.warn(`office outbox queue: ${openedQueue.notice.problem} file kept at ${openedQueue.notice.keptAt}; using ${openedQueue.notice.usingInstead ?? 'memory only'} (${openedQueue.notice.reason})`);
  }
  const queue = openedQueue.value;
  if (queue.droppedMarks > 0) {
    deps.log.warn(`office outbox: ${queue.droppedMarks} change(s) of the task history set aside at this start never reached the office database (the office keeps their earlier state)`);
  }
  return queue;
}

export function createOfficeState(deps: OfficeServiceDeps): OfficeState {
  const file = path.join(deps.dataDir, 'office.json');
  const policy = deps.policy ?? null;
  return {
    deps,
    file,
    caFile: path.join(deps.dataDir, 'office-ca.pem'),
    queue: openQueue(deps),
    stored: readJsonFile(file, { parse: (raw) => storedSchema.parse(raw), log: deps.log, what: 'the office outbox settings' }),
    computer: computerName(),
    fallbackName: defaultDisplayName(),
    policy,
    policyCa: readPolicyCa(policy?.value.caFile, deps.log),
    spokePostgres: new Set<string>(),
    probes: createProbeLimit({
      perMinute: OFFICE_PROBES_PER_MINUTE,
      ...(deps.now ? { now: deps.now } : {}),
      refuse: (wait) => new UserError('office.too_many_tests', `Too many office outbox tests in a short time. Wait ${wait} seconds and try again.`),
    }),
    mirror: null,
  };
}
