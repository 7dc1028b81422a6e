/**
 * Settings → Office outbox, and the desk's link to the office database: the
 * connection settings (office.json, the CA certificate copied beside it as
 * office-ca.pem), the password in the keychain bound to server, user and
 * protection (office-passwords.ts), "Test", and the mirror that writes this
 * desk's tasks (office-mirror.ts) while an office database is configured.
 */
import type pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { officeFieldsSchema, type OfficeFields, type OfficeInput, type OfficeResend, type OfficeSpending, type OfficeStatus, type OfficeTaskList, type OfficeTestResult, type OfficeView } from '../../shared/office/types';
import { UserError } from '../errors';
import { fileChanged, NO_FOLLOW, sameFile, type FileGrants } from '../files/grants';
import type { History } from '../history/history';
import type { Logger } from '../log';
import { writeFileAtomic } from '../storage/atomic-write';
import { readJsonFile, writeJsonFile } from '../storage/json-file';
import { openRecovering } from '../storage/open-recovering';
import { computerName, defaultDisplayName } from './desk-identity';
import { describeOfficeFailure, openOffice, testOfficeConnection, type OfficeTarget } from './office-connection';
import { listOfficeTasks, officeFailuresSince, officeFaxForResend, officeResendsOf, officeSpendingSince, type OfficeFaxForResend } from './office-views';
import type { FailuresView } from '../../shared/tasks/types';
import { claimResend, claimSend, withdrawClaim, withdrawResendClaim, type EarlierOfficeResend } from './office-guard';
import { REPEAT_WINDOW_MINUTES, SEND_REPEAT_CODE } from '../../shared/errors/error-details';
import { createOfficeMirror, markingHistory, queueSendDocuments, type OfficeMirror } from './office-mirror';
import type { OfficePasswords } from './office-passwords';
import { DEFAULT_HISTORY, openOutboxQueue, type HistoryInUse, type OutboxQueue } from './outbox-queue';
import { createPollLease, type TaskLease } from './poll-lease';
import { protectionOf } from './protection';
import { createProbeLimit } from '../net/probe-limit';
import type { PolicyOfficeOutbox } from '../../shared/policy';

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
/** failures that say nothing answered in PostgreSQL there (the rest are the server's own answers) */
const NOT_POSTGRES_ANSWERS = new Set(['office.unreachable', 'office.not_postgres', 'office.no_answer']);

const CONNECTION_FIELDS = ['host', 'port', 'database', 'user', 'tls', 'allowPlain'] as const;

const storedSchema = z.object({ fields: officeFieldsSchema, caFileName: z.string().max(255).nullable() }).strict();
type Stored = z.output<typeof storedSchema>;

const MAX_CA_BYTES = 256 * 1024;
/** how long a send waits at most for the office-wide repeat check */
const GUARD_WAIT_MS = 1_500;
const OFF: OfficeStatus = { state: 'off', offlineSinceMs: null, pending: 0, error: null };

export function createOfficeService(deps: OfficeServiceDeps): OfficeService {
  const file = path.join(deps.dataDir, 'office.json');
  const caFile = path.join(deps.dataDir, 'office-ca.pem');
  const passwords = deps.passwords;
  // A damaged or newer queue file never stops start-up: it is set aside (or left alone) and said in the log.
  const historyInUse = deps.historyInUse ?? DEFAULT_HISTORY;
  const openedQueue = openRecovering(path.join(deps.dataDir, 'office-queue.sqlite'), (f) => openOutboxQueue(f, historyInUse), {
    isNewer: (e) => e instanceof UserError && e.code === 'office.queue_too_new',
    newerFallback: path.join(deps.dataDir, 'office-queue.older-faxdesk.sqlite'),
  });
  if (openedQueue.notice) {
    deps.log.warn(`office outbox queue: ${openedQueue.notice.problem} file kept at ${openedQueue.notice.keptAt}; using ${openedQueue.notice.usingInstead ?? 'memory only'} (${openedQueue.notice.reason})`);
  }
  const queue: OutboxQueue = openedQueue.value;
  if (queue.droppedMarks > 0) {
    deps.log.warn(`office outbox: ${queue.droppedMarks} change(s) of the task history set aside at this start never reached the office database (the office keeps their earlier state)`);
  }
  let stored: Stored | null = readJsonFile(file, { parse: (raw) => storedSchema.parse(raw), log: deps.log, what: 'the office outbox settings' });
  let mirror: OfficeMirror | null = null;
  const computer = computerName();
  const fallbackName = defaultDisplayName();
  const policy = deps.policy ?? null;
  /** the policy's CA file, read once at start (a path IT wrote, not one the window handed over) */
  const policyCa = ((): { pem: string; name: string } | null => {
    const p = policy?.value.caFile;
    if (!p) return null;
    try {
      const pem = fs.statSync(p).size <= MAX_CA_BYTES ? fs.readFileSync(p, 'utf8') : '';
      if (/-----BEGIN CERTIFICATE-----/.test(pem)) return { pem, name: path.basename(p) };
      deps.log.warn(`policy: officeOutbox caFile ${p} is not a PEM CA certificate; the system's authorities are used`);
    } catch (e) {
      deps.log.warn(`policy: officeOutbox caFile ${p} could not be read (${(e as Error).message}); the system's authorities are used`);
    }
    return null;
  })();
  const policyFields = (displayName: string): OfficeFields | null => {
    if (!policy) return null;
    const { host, port, database, user, tls, allowPlain } = policy.value;
    return officeFieldsSchema.parse({ host, port, database, user, tls, allowPlain, displayName });
  };
  /** what applies: locked policy fields (the user's display name kept), the user's own, or the policy's default */
  const effective = (): Stored | null => {
    if (policy?.locked) return { fields: policyFields(stored?.fields.displayName ?? '')!, caFileName: policyCa?.name ?? null };
    if (stored) return stored;
    return policy ? { fields: policyFields('')!, caFileName: policyCa?.name ?? null } : null;
  };
  /** whether the policy's CA applies (rather than the copy the user chose) */
  const fromPolicy = () => Boolean(policy && (policy.locked || !stored));

  const storedCa = (): string[] | undefined => {
    const extra = deps.extraCa ?? [];
    if (fromPolicy()) return policyCa ? [...extra, policyCa.pem] : extra.length ? extra : undefined;
    try {
      return [...extra, fs.readFileSync(caFile, 'utf8')];
    } catch {
      return extra.length ? extra : undefined;
    }
  };

  /**
   * The PEM of a CA file the user handed over, checked: the file that was granted (no link in its place,
   * the same device and inode once open, as every read of a granted file), at most 256 KB, a certificate.
   */
  async function readCa(handle: string): Promise<{ pem: string; name: string }> {
    const name = path.basename(deps.grants.pathOf(handle, 'input'));
    const p = deps.grants.checkedPath(handle);
    const unreadable = () => new UserError('file.unreadable', `FaxDesk could not read ${name}. Check that it still exists, or choose it again.`);
    let file: fs.promises.FileHandle;
    try {
      file = await fs.promises.open(p, fs.constants.O_RDONLY | NO_FOLLOW);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw fileChanged(name);
      throw unreadable();
    }
    let pem: string;
    try {
      const stat = await file.stat();
      if (!sameFile(deps.grants.identityOf(handle), stat)) throw fileChanged(name);
      if (!stat.isFile()) throw unreadable();
      // at most the limit, however the file grows after its size was read
      const buf = Buffer.alloc(stat.size <= MAX_CA_BYTES ? stat.size : 0);
      let total = 0;
      while (total < buf.length) {
        const { bytesRead } = await file.read(buf, total, buf.length - total, total);
        if (bytesRead === 0) break;
        total += bytesRead;
      }
      pem = buf.subarray(0, total).toString('utf8');
    } catch (e) {
      if (e instanceof UserError) throw e;
      throw unreadable();
    } finally {
      await file.close();
    }
    if (!/-----BEGIN CERTIFICATE-----/.test(pem)) {
      const message = 'This file is not a CA certificate in PEM form (it starts with -----BEGIN CERTIFICATE-----). Ask your administrator for the office’s CA file.';
      throw new UserError('office.bad_ca_file', message, { caFile: [message] });
    }
    return { pem, name };
  }

  /** a locked policy: the connection fields are the policy's; anything else typed is refused with settings.locked */
  function lockedCheck(fields: OfficeFields, input: OfficeInput): OfficeFields {
    if (!policy?.locked) return fields;
    const wanted = policyFields(fields.displayName)!;
    const changedField = CONNECTION_FIELDS.find((k) => fields[k] !== wanted[k]) ?? (typeof input.caFile === 'object' ? 'caFile' : undefined);
    if (changedField) {
      const message = 'Your administrator set the office database connection for this computer, so it cannot be changed here; nothing was saved. Ask your IT department to change it.';
      throw new UserError('settings.locked', message, { [changedField]: [message] });
    }
    return wanted;
  }

  async function targetFor(input: OfficeInput): Promise<{ target: OfficeTarget; ca: string[] | undefined }> {
    const fields = lockedCheck(officeFieldsSchema.parse(input.fields), input);
    const protection = protectionOf(fields);
    const password = input.password || (await passwords.get(fields, protection));
    const extra = deps.extraCa ?? [];
    const ca =
      typeof input.caFile === 'object'
        ? [...extra, (await readCa(input.caFile.handle)).pem]
        : input.caFile === 'keep' || policy?.locked
          ? storedCa()
          : extra.length
            ? extra
            : undefined;
    return { target: { ...fields, password }, ca };
  }

  const displayNameOf = (fields: OfficeFields) => fields.displayName || fallbackName;

  /** A read of the office's shared view: 'office.unavailable' while not connected, a database failure in plain words. */
  async function readOffice<T>(read: (pool: pg.Pool) => Promise<T>): Promise<T> {
    const pool = mirror?.pool();
    if (!pool) {
      throw new UserError('office.unavailable', 'The office database is not connected: only this desk’s faxes can be shown. Check Settings → Office outbox.');
    }
    try {
      return await read(pool);
    } catch (e) {
      throw describeOfficeFailure(e, effective()?.fields ?? { host: '', port: 0, database: '', user: '' });
    }
  }

  /** servers (host:port) that answered in PostgreSQL this session: dialling them again probes nothing */
  const spokePostgres = new Set<string>();
  const serverKey = (f: Pick<OfficeFields, 'host' | 'port'>) => `${f.host.toLowerCase()}:${f.port}`;
  const probes = createProbeLimit({
    perMinute: OFFICE_PROBES_PER_MINUTE,
    ...(deps.now ? { now: deps.now } : {}),
    refuse: (wait) => new UserError('office.too_many_tests', `Too many office outbox tests in a short time. Wait ${wait} seconds and try again.`),
  });
  /** Runs a dial of `target`, counted as a probe until that server has answered in PostgreSQL. */
  async function dialing<T>(target: Pick<OfficeFields, 'host' | 'port'>, dial: () => Promise<T>): Promise<T> {
    const key = serverKey(target);
    if (!spokePostgres.has(key)) probes.admit();
    try {
      const result = await dial();
      spokePostgres.add(key);
      return result;
    } catch (e) {
      if (e instanceof UserError && !NOT_POSTGRES_ANSWERS.has(e.code)) spokePostgres.add(key);
      throw e;
    }
  }

  async function view(): Promise<OfficeView> {
    let hasPassword = false;
    const current = effective();
    if (current) {
      try {
        hasPassword = (await passwords.get(current.fields, protectionOf(current.fields))) !== null;
      } catch {
        hasPassword = false;
      }
    }
    return {
      configured: current?.fields ?? null,
      hasPassword,
      caFileName: current?.caFileName ?? null,
      managed: policy ? (policy.locked ? 'locked' : 'default') : null,
      status: mirror ? mirror.status() : { ...OFF, pending: queue.pendingCount() },
      computerName: computer,
      defaultDisplayName: fallbackName,
    };
  }
  const changed = () => void view().then(deps.onChange, (e: unknown) => deps.log.warn('office outbox: status not sent', e));

  async function startMirror(): Promise<void> {
    await mirror?.stop();
    mirror = null;
    const config = effective();
    if (!config) return;
    mirror = createOfficeMirror({
      queue,
      history: deps.history,
      desk: () => ({ displayName: displayNameOf(config.fields), computerName: computer }),
      server: config.fields,
      connect: async () => {
        const protection = protectionOf(config.fields);
        const password = await passwords.get(config.fields, protection);
        return openOffice({ ...config.fields, password }, { extraCa: storedCa(), appliedBy: computer, onPoolError: (e) => {
            deps.log.warn(`office outbox: ${e.message}`);
            mirror?.connectionLost(e);
          },
        });
      },
      log: deps.log,
      onStatus: changed,
      ...(deps.onTasksChanged ? { onOfficeTasksChanged: deps.onTasksChanged } : {}),
      ...(deps.retryMs ? { retryMs: deps.retryMs } : {}),
    });
    void mirror.flush();
  }

  void startMirror();

  /** one lease keeper per pool: a new pool (reconnect) gets a new one */
  let lease: { pool: object; keeper: TaskLease } | null = null;
  const taskLease = (): TaskLease | null => {
    const pool = mirror?.pool();
    if (!pool || mirror?.status().state !== 'online') return null;
    if (lease?.pool !== pool) lease = { pool, keeper: createPollLease(pool, queue.deskId) };
    return lease.keeper;
  };

  return {
    view,
    async test(input) {
      const { target, ca } = await targetFor(input);
      return dialing(target, () => testOfficeConnection(target, { extraCa: ca }));
    },
    async save(input) {
      const fields = lockedCheck(officeFieldsSchema.parse(input.fields), input);
      // saving connects at once: a new server is dialled like a test
      if ((!stored || serverKey(stored.fields) !== serverKey(fields)) && !spokePostgres.has(serverKey(fields))) probes.admit();
      const protection = protectionOf(fields);
      let caFileName = stored?.caFileName ?? null;
      if (policy?.locked) {
        // the CA is the policy's: the user's own copy is neither taken nor touched
      } else if (typeof input.caFile === 'object') {
        const ca = await readCa(input.caFile.handle);
        // a copy: the trust stays when the chosen file is moved or deleted
        writeFileAtomic(caFile, ca.pem);
        caFileName = ca.name;
      } else if (input.caFile === 'keep' && fromPolicy() && policyCa) {
        // the policy's default CA, kept as the user's own copy once they save their own settings
        writeFileAtomic(caFile, policyCa.pem);
        caFileName = policyCa.name;
      } else if (input.caFile === 'none') {
        fs.rmSync(caFile, { force: true });
        caFileName = null;
      }
      if (input.password) await passwords.set(fields, protection, input.password);
      stored = { fields, caFileName };
      writeJsonFile(file, stored, { indent: 2 });
      await startMirror();
      changed();
      return view();
    },
    async remove() {
      await mirror?.stop();
      mirror = null;
      if (stored) await passwords.clear(stored.fields).catch((e: unknown) => deps.log.warn('office outbox: password not removed', e));
      stored = null;
      fs.rmSync(file, { force: true });
      fs.rmSync(caFile, { force: true });
      changed();
      return view();
    },
    async listTasks(page) {
      return readOffice((pool) => listOfficeTasks(pool, queue.deskId, page));
    },
    async spending() {
      const now = new Date();
      const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
      return readOffice((pool) => officeSpendingSince(pool, queue.deskId, monthStart));
    },
    async failures(days) {
      const toMs = deps.serviceTimeToMs ?? (() => null);
      return readOffice((pool) => officeFailuresSince(pool, queue.deskId, Date.now() - days * 86_400_000, toMs));
    },
    async resendsOf(taskRef) {
      return readOffice((pool) => officeResendsOf(pool, queue.deskId, taskRef));
    },
    async faxForResend(taskRef) {
      if (!mirror?.pool()) return null;
      return readOffice((pool) => officeFaxForResend(pool, queue.deskId, taskRef));
    },
    async claimResend(taskRef, phoneNumbers, name, confirmed) {
      const pool = mirror?.pool();
      const config = effective();
      if (!pool || !config || mirror?.status().state !== 'online') return undefined;
      const nowMs = Date.now();
      const desk = { deskId: queue.deskId, displayName: displayNameOf(config.fields), computerName: computer };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), GUARD_WAIT_MS);
      });
      const earlier = await Promise.race([claimResend(pool, { taskRef, phoneNumbers, desk, name, nowMs, confirmed }), late])
        .catch((e: unknown) => {
          deps.log.warn(`office outbox: the office-wide resend check was skipped: ${e instanceof Error ? e.message : String(e)}`);
          return 'late' as const;
        })
        .finally(() => clearTimeout(timer));
      if (earlier === 'late') return undefined;
      if (earlier) return earlier;
      return () => withdrawResendClaim(pool, { taskRef, phoneNumbers, deskId: desk.deskId, nowMs });
    },
    async guardSend(profile, fingerprint, name, confirmed) {
      const pool = mirror?.pool();
      const config = effective();
      if (!pool || !config || profile === 'demo' || mirror?.status().state !== 'online') return;
      const nowMs = Date.now();
      const desk = { deskId: queue.deskId, displayName: displayNameOf(config.fields), computerName: computer };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), GUARD_WAIT_MS);
      });
      const earlier = await Promise.race([
        claimSend(pool, { fingerprint, desk, name, nowMs, sinceMs: nowMs - REPEAT_WINDOW_MINUTES * 60_000, confirmed }),
        late,
      ])
        .catch((e: unknown) => {
          deps.log.warn(`office outbox: the office-wide repeat check was skipped: ${e instanceof Error ? e.message : String(e)}`);
          return null;
        })
        .finally(() => clearTimeout(timer));
      if (earlier === 'late') {
        deps.log.warn('office outbox: the office-wide repeat check did not answer in time and was skipped');
        return;
      }
      if (!earlier) return () => withdrawClaim(pool, { fingerprint, deskId: desk.deskId, nowMs });
      const at = new Date(earlier.atMs).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
      throw new UserError(
        SEND_REPEAT_CODE,
        `${earlier.senderName} sent this fax (the same documents to the same numbers) at ${at} from ${earlier.computerName} as “${earlier.name}”. Send it again?`,
        undefined,
        {
          sentAtMs: earlier.atMs,
          taskName: earlier.name || name,
          taskRef: null,
          sendId: 0,
          windowMinutes: REPEAT_WINDOW_MINUTES,
          senderName: earlier.senderName,
          computerName: earlier.computerName,
        },
      );
    },
    wrapHistory(history) {
      // While no office database is configured nothing is marked: there is nowhere to replay to. While one
      // is but its mirror is still starting (at start-up, when the history recovers interrupted sends, or
      // between two connections), the marks go to the queue, which the mirror drains when it starts.
      return markingHistory(history, {
        touched: (ids) => {
          if (mirror) mirror.hooks.touched(ids);
          else if (effective() && ids.length) queue.mark(ids);
        },
        sendRecorded: (sendId, intent) => {
          if (mirror) mirror.hooks.sendRecorded(sendId, intent);
          else if (effective()) queueSendDocuments(queue, sendId, intent);
        },
      });
    },
    taskLease,
    async close() {
      // closing: this desk's tasks go to another running desk at its next round, not 2 minutes later
      await taskLease()
        ?.release()
        .catch((e: unknown) => deps.log.warn('office outbox: poll leases not released (they expire in 2 minutes)', e));
      await mirror?.stop();
      mirror = null;
      queue.close();
    },
  };
}
