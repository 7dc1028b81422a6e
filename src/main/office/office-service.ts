/**
 * Settings → Office outbox, and the desk's link to the office database: the
 * connection settings (office.json, the CA certificate copied beside it as
 * office-ca.pem), the password in the keychain bound to server, user and
 * protection (office-passwords.ts), "Test", and the mirror that writes this
 * desk's tasks (office-mirror.ts) while an office database is configured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { officeFieldsSchema, type OfficeFields, type OfficeFailure, type OfficeInput, type OfficeSpending, type OfficeStatus, type OfficeTaskList, type OfficeTestResult, type OfficeView } from '../../shared/office/types';
import type { SecretStore } from '../credentials/secret-store';
import { UserError } from '../errors';
import type { FileGrants } from '../files/grants';
import type { History } from '../history/history';
import type { Logger } from '../log';
import { writeFileAtomic } from '../storage/atomic-write';
import { readJsonFile, writeJsonFile } from '../storage/json-file';
import { openRecovering } from '../storage/open-recovering';
import { computerName, defaultDisplayName } from './desk-identity';
import { describeOfficeFailure, openOffice, testOfficeConnection, type OfficeTarget } from './office-connection';
import { listOfficeTasks, officeFailuresSince, officeSpendingSince } from './office-views';
import { claimSend } from './office-guard';
import { REPEAT_WINDOW_MINUTES, SEND_REPEAT_CODE } from '../../shared/ipc/error-details';
import { createOfficeMirror, markingHistory, type OfficeMirror } from './office-mirror';
import { createOfficePasswords } from './office-passwords';
import { openOutboxQueue, type OutboxQueue } from './outbox-queue';
import { protectionOf } from './protection';

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
  /** office-wide Failures since `sinceMs`; office.unavailable while not connected */
  failures(sinceMs: number): Promise<OfficeFailure[]>;
  /**
   * The office-wide repeat guard before a send (office-guard.ts): throws 'send.repeat' naming the other
   * desk's sender and computer when it sent this fax within the window, unless `confirmed`. Demo sends,
   * and any moment the office is not connected or does not answer within 1.5 s, pass: a desk never waits
   * for the server to send.
   */
  guardSend(profile: string, fingerprint: string, name: string, confirmed: boolean): Promise<void>;
  /** the history whose writes this desk's mirror follows */
  wrapHistory(history: History): History;
  close(): Promise<void>;
}

export interface OfficeServiceDeps {
  dataDir: string;
  log: Logger;
  secrets: SecretStore;
  grants: Pick<FileGrants, 'pathOf'>;
  /** the unwrapped history (the mirror reads each task's current state) */
  history: History;
  onChange(view: OfficeView): void;
  /** the office's tasks changed (LISTEN/NOTIFY): the window re-reads Tasks → Everyone */
  onTasksChanged?: () => void;
  /** extra trust anchors (tests' own certificates) */
  extraCa?: string[];
  retryMs?: { first: number; max: number };
}

const storedSchema = z.object({ fields: officeFieldsSchema, caFileName: z.string().max(255).nullable() }).strict();
type Stored = z.output<typeof storedSchema>;

const MAX_CA_BYTES = 256 * 1024;
/** how long a send waits at most for the office-wide repeat check */
const GUARD_WAIT_MS = 1_500;
const OFF: OfficeStatus = { state: 'off', offlineSinceMs: null, pending: 0, error: null };

export function createOfficeService(deps: OfficeServiceDeps): OfficeService {
  const file = path.join(deps.dataDir, 'office.json');
  const caFile = path.join(deps.dataDir, 'office-ca.pem');
  const passwords = createOfficePasswords(deps.secrets);
  // A damaged or newer queue file never stops start-up: it is set aside (or left alone) and said in the log.
  const openedQueue = openRecovering(path.join(deps.dataDir, 'office-queue.sqlite'), openOutboxQueue, {
    isNewer: (e) => e instanceof UserError && e.code === 'office.queue_too_new',
    newerFallback: path.join(deps.dataDir, 'office-queue.older-faxdesk.sqlite'),
  });
  if (openedQueue.notice) {
    deps.log.warn(`office outbox queue: ${openedQueue.notice.problem} file kept at ${openedQueue.notice.keptAt}; using ${openedQueue.notice.usingInstead ?? 'memory only'} (${openedQueue.notice.reason})`);
  }
  const queue: OutboxQueue = openedQueue.value;
  let stored: Stored | null = readJsonFile(file, { parse: (raw) => storedSchema.parse(raw), log: deps.log, what: 'the office outbox settings' });
  let mirror: OfficeMirror | null = null;
  const computer = computerName();
  const fallbackName = defaultDisplayName();

  const storedCa = (): string[] | undefined => {
    const extra = deps.extraCa ?? [];
    try {
      return [...extra, fs.readFileSync(caFile, 'utf8')];
    } catch {
      return extra.length ? extra : undefined;
    }
  };

  /** the PEM of a CA file the user handed over, checked */
  function readCa(handle: string): { pem: string; name: string } {
    const p = deps.grants.pathOf(handle, 'input');
    const stat = fs.statSync(p);
    const pem = stat.size <= MAX_CA_BYTES ? fs.readFileSync(p, 'utf8') : '';
    if (!/-----BEGIN CERTIFICATE-----/.test(pem)) {
      const message = 'This file is not a CA certificate in PEM form (it starts with -----BEGIN CERTIFICATE-----). Ask your administrator for the office’s CA file.';
      throw new UserError('office.bad_ca_file', message, { caFile: [message] });
    }
    return { pem, name: path.basename(p) };
  }

  async function targetFor(input: OfficeInput): Promise<{ target: OfficeTarget; ca: string[] | undefined }> {
    const fields = officeFieldsSchema.parse(input.fields);
    const protection = protectionOf(fields);
    const password = input.password || (await passwords.get(fields, protection));
    const extra = deps.extraCa ?? [];
    const ca =
      typeof input.caFile === 'object' ? [...extra, readCa(input.caFile.handle).pem] : input.caFile === 'keep' ? storedCa() : extra.length ? extra : undefined;
    return { target: { ...fields, password }, ca };
  }

  const displayNameOf = (fields: OfficeFields) => fields.displayName || fallbackName;

  async function view(): Promise<OfficeView> {
    let hasPassword = false;
    if (stored) {
      try {
        hasPassword = (await passwords.get(stored.fields, protectionOf(stored.fields))) !== null;
      } catch {
        hasPassword = false;
      }
    }
    return {
      configured: stored?.fields ?? null,
      hasPassword,
      caFileName: stored?.caFileName ?? null,
      status: mirror ? mirror.status() : { ...OFF, pending: queue.pendingCount() },
      computerName: computer,
      defaultDisplayName: fallbackName,
    };
  }
  const changed = () => void view().then(deps.onChange, (e: unknown) => deps.log.warn('office outbox: status not sent', e));

  async function startMirror(): Promise<void> {
    await mirror?.stop();
    mirror = null;
    const config = stored;
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

  return {
    view,
    async test(input) {
      const { target, ca } = await targetFor(input);
      return testOfficeConnection(target, { extraCa: ca });
    },
    async save(input) {
      const fields = officeFieldsSchema.parse(input.fields);
      const protection = protectionOf(fields);
      let caFileName = stored?.caFileName ?? null;
      if (typeof input.caFile === 'object') {
        const ca = readCa(input.caFile.handle);
        // a copy: the trust stays when the chosen file is moved or deleted
        writeFileAtomic(caFile, ca.pem);
        caFileName = ca.name;
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
      const pool = mirror?.pool();
      if (!pool) {
        throw new UserError('office.unavailable', 'The office database is not connected: only this desk’s faxes can be shown. Check Settings → Office outbox.');
      }
      try {
        return await listOfficeTasks(pool, queue.deskId, page);
      } catch (e) {
        throw describeOfficeFailure(e, stored?.fields ?? { host: '', port: 0, database: '', user: '' });
      }
    },
    async spending() {
      const pool = mirror?.pool();
      if (!pool) {
        throw new UserError('office.unavailable', 'The office database is not connected: only this desk’s faxes can be shown. Check Settings → Office outbox.');
      }
      const now = new Date();
      const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
      try {
        return await officeSpendingSince(pool, queue.deskId, monthStart);
      } catch (e) {
        throw describeOfficeFailure(e, stored?.fields ?? { host: '', port: 0, database: '', user: '' });
      }
    },
    async failures(sinceMs) {
      const pool = mirror?.pool();
      if (!pool) {
        throw new UserError('office.unavailable', 'The office database is not connected: only this desk’s faxes can be shown. Check Settings → Office outbox.');
      }
      try {
        return await officeFailuresSince(pool, queue.deskId, sinceMs);
      } catch (e) {
        throw describeOfficeFailure(e, stored?.fields ?? { host: '', port: 0, database: '', user: '' });
      }
    },
    async guardSend(profile, fingerprint, name, confirmed) {
      const pool = mirror?.pool();
      const config = stored;
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
      if (!earlier) return;
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
      // while no office database is configured nothing is marked: there is nowhere to replay to
      return markingHistory(history, {
        touched: (ids) => mirror?.hooks.touched(ids),
        sendRecorded: (sendId, intent) => mirror?.hooks.sendRecorded(sendId, intent),
      });
    },
    async close() {
      await mirror?.stop();
      mirror = null;
      queue.close();
    },
  };
}
