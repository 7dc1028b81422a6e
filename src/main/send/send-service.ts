/**
 * Sending a fax: uploads from disk with progress and cancel, one create per
 * 100 numbers, and the local history written before and after each create.
 *
 * Creating the tasks (intent, outcome unknown, the single re-upload) is
 * create-tasks.ts, shared with resend and auto-retry. This file adds what only
 * a send from the Send screen has: the checks of the input, the split into
 * parts of 100, and "the same fax again" (asked before anything is uploaded).
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { CreatedTask, Task } from '../../shared/api/schemas';
import type { LocalComposeDocument as ComposeDocument, LocalSendFaxInput as SendFaxInput } from './local-documents';
import { REPEAT_WINDOW_MINUTES, SEND_REPEAT_CODE } from '../../shared/errors/error-details';
import { SPEC_NUMBER_PATTERN } from '../../shared/phone/parse';
import { toServiceTime } from '../../shared/service-time';
import { planSendParts } from '../../shared/split';
import {
  defaultTaskName,
  mapServiceField,
  type CostEstimate,
  type CreatedTaskSummary,
  type SendFieldErrors,
  type SendPartResult,
  type SendResult,
  type UploadResult,
} from '../../shared/send/types';
import type { ErrorData } from '../../shared/error-data';
import type { FaxApiClient } from '../api/client';
import { CancelledError, ValidationError } from '../api/errors';
import { UserError } from '../errors';
import type { Logger } from '../log';
import { inspectDocument } from './documents';
import { UploadRegistry } from './uploads';
import type { RepeatMatch, SendFile } from '../history/types';
import { createTasks, type CreateTasksHistory } from './create-tasks';
import { MAX_SCHEDULE_AHEAD_MS, MIN_SCHEDULE_LEAD_MS } from '../../shared/send/limits';

/**
 * What the send needs from the local history (src/main/history), kept narrow
 * so either side can change: the whole send is recorded before the first
 * create (the intent), then each task's outcome.
 */
export interface SendHistoryPort extends CreateTasksHistory {
  /** the latest send of this fingerprint in this profile since `sinceMs` that may have created a task */
  findRepeat(profile: string, fingerprint: string, sinceMs: number): RepeatMatch | null;
  /** a task-query answer (full recipient records, with unit prices) */
  applyTaskResponse(task: Task): void;
  /** yuan per page of the most recent recipient record seen, or null */
  lastUnitPrice(): number | null;
}

export interface SendServiceDeps {
  dataDir: string;
  /** the client and the profile (demo or account) it belongs to */
  session: () => Promise<{ client: FaxApiClient; profile: string }>;
  history: SendHistoryPort;
  /** a task was created: the account is read again so the balance follows the charge */
  onCreated?: () => void;
  serviceTimeZone: () => string;
  emitProgress: (p: { uploadId: string; sent: number; total: number }) => void;
  log: Logger;
  now?: () => number;
  /** the contract price per page from Settings, used until the service reveals one */
  contractUnitPrice?: () => number | null;
  /**
   * The office-wide repeat guard (src/main/office): throws 'send.repeat' when another desk sent this fax
   * within the window, unless confirmed; resolves at once when there is no office database.
   */
  /**
   * The office-wide repeat guard; it may return how to take its claim back, called when nothing of
   * the send reached the service (refused before or at create), so other desks are not told of a fax
   * that was never sent.
   */
  officeGuard?: (profile: string, fingerprint: string, name: string, confirmed: boolean) => Promise<(() => Promise<void>) | void>;
  /**
   * The names the numbers have now (the phonebook's, as the check table shows them), stored with the
   * task when it is created so that a contact renamed later does not rewrite what was sent to whom.
   */
  contactNames?: (numbers: readonly string[]) => ReadonlyMap<string, string>;
  /**
   * The send's outcome files its documents (the hot folder's into sent/ or failed/: intake, wired in
   * services.ts); a move that failed comes back as error data for the result.
   */
  fileDocuments?: (paths: readonly string[], result: SendResult) => ErrorData | null;
}

const PROGRESS_INTERVAL_MS = 100;

export interface SendService {
  upload(uploadId: string, filePath: string): Promise<UploadResult>;
  cancelUpload(uploadId: string): boolean;
  addFromUrl(url: string, fileName?: string): Promise<{ document: ComposeDocument; upload: UploadResult }>;
  send(input: SendFaxInput): Promise<SendResult>;
  estimateCost(pages: number | null, recipients: number): CostEstimate;
  /** the last unit price seen (tasks view and send both feed the history) */
  lastUnitPrice(): number | null;
}

function summary(task: CreatedTask): CreatedTaskSummary {
  return {
    taskRef: task.task_ref,
    name: task.name,
    scheduledAt: task.scheduled_at,
    recipients: task.recipients.map((r) => ({ rcptRef: r.rcpt_ref, phoneNumber: r.phone_number })),
  };
}

/**
 * What makes two sends "the same fax": the documents' contents (a copy or a
 * re-save with the same bytes is the same document) and the set of numbers.
 */
export async function sendFingerprint(documents: readonly ComposeDocument[], numbers: readonly string[]): Promise<string> {
  const docs: string[] = [];
  for (const d of documents) {
    if (d.path !== null) {
      const hash = createHash('sha256');
      for await (const chunk of fs.createReadStream(d.path)) hash.update(chunk as Buffer);
      docs.push(`file:${hash.digest('hex')}`);
    } else docs.push(`url:${d.url ?? ''}`);
  }
  const set = [...new Set(numbers)].sort();
  return createHash('sha256').update(JSON.stringify([docs.sort(), set])).digest('hex');
}

export function createSendService(deps: SendServiceDeps): SendService {
  const now = deps.now ?? Date.now;
  const registry = new UploadRegistry(deps.dataDir, deps.log);
  const active = new Map<string, AbortController>();

  async function uploadPath(filePath: string, uploadId: string | null): Promise<UploadResult> {
    // Registered first, so a cancel during the checks below is honoured too.
    const controller = new AbortController();
    if (uploadId) {
      if (active.has(uploadId)) throw new UserError('upload.busy', 'This document is already being uploaded.');
      active.set(uploadId, controller);
    }
    try {
      return await uploadChecked(filePath, uploadId, controller.signal);
    } finally {
      if (uploadId) active.delete(uploadId);
    }
  }

  async function uploadChecked(filePath: string, uploadId: string | null, signal: AbortSignal): Promise<UploadResult> {
    // Checked again here: the file may have changed since it was added, and nothing over the limit is ever sent.
    const info = await inspectDocument(filePath);
    if (info.error) throw new UserError(`document.${info.error.code}`, info.error.message, undefined, { name: info.name, size: info.size });
    const { client, profile } = await deps.session();
    if (signal.aborted) throw new CancelledError('upload');
    let lastEmit = 0;
    // The size and time of the file as the client opened it for this upload: a file changed while it
    // uploads is then seen as changed, and nothing is stat'ed after the service's answer.
    let opened = null as { size: number; mtimeMs: number } | null;
    const uploaded = await client.uploadFile(info.path, {
      fileName: info.name,
      signal,
      onOpened: (file) => (opened = file),
      onProgress: (sent, total) => {
        if (!uploadId) return;
        const t = now();
        if (sent < total && t - lastEmit < PROGRESS_INTERVAL_MS) return;
        lastEmit = t;
        deps.emitProgress({ uploadId, sent, total });
      },
    });
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    // Remembered only with the file's own size and time: without them a changed file could reuse the ref.
    if (opened) registry.remember(UploadRegistry.keyOfPath(info.path, profile), { fileRef: result.fileRef, uploadedAt: result.uploadedAt, ...opened });
    return result;
  }

  async function uploadUrl(url: string, fileName?: string): Promise<UploadResult> {
    const { client, profile } = await deps.session();
    const uploaded = await client.uploadFromUrl(url, fileName);
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    registry.remember(UploadRegistry.keyOfUrl(url, profile), { fileRef: result.fileRef, uploadedAt: result.uploadedAt, size: result.size, mtimeMs: null });
    return result;
  }

  /** A ref for each document: the remembered one if still plausible, otherwise a fresh upload. */
  async function refsFor(documents: ComposeDocument[], fresh: boolean, profile: string): Promise<string[]> {
    const refs: string[] = [];
    for (const d of documents) {
      if (d.path !== null) {
        const known = fresh ? null : registry.forPath(d.path, profile);
        refs.push(known?.fileRef ?? (await uploadPath(d.path, null)).fileRef);
      } else if (d.url !== null) {
        const known = fresh ? null : registry.forUrl(d.url, profile);
        refs.push(known?.fileRef ?? (await uploadUrl(d.url, d.name)).fileRef);
      }
    }
    return refs;
  }

  function checkInput(input: SendFaxInput): { name: string; scheduledAt: string | null } {
    const fields: SendFieldErrors = {};
    const seen = new Map<string, number>();
    input.numbers.forEach((n, i) => {
      if (!SPEC_NUMBER_PATTERN.test(n)) {
        fields[`recipients.${i}`] = [`${n} is not a fax number the service accepts: country code and number, 7 to 15 digits, first digit 1-9.`];
      } else if (seen.has(n)) {
        fields[`recipients.${i}`] = [`${n} is already in the list (row ${(seen.get(n) ?? 0) + 1}).`];
      } else seen.set(n, i);
    });
    if (Object.keys(fields).length) {
      throw new UserError('send.invalid_numbers', 'Some numbers cannot be sent. Correct or remove the highlighted rows.', fields);
    }
    const first = input.documents[0];
    const name = defaultTaskName(input.name.trim() || (first ? first.name : '')) || 'Fax';
    let scheduledAt: string | null = null;
    if (input.scheduledAt !== null) {
      if (input.scheduledAt < now() + MIN_SCHEDULE_LEAD_MS) {
        throw new UserError(
          'send.schedule_past',
          'The scheduled time has passed or is less than a minute away. Pick a later time, or clear it to send now.',
          { scheduledAt: ['Pick a time at least a minute from now.'] },
        );
      }
      if (input.scheduledAt > now() + MAX_SCHEDULE_AHEAD_MS) {
        throw new UserError('send.schedule_too_far', 'The scheduled time is more than ten years away. Check the date.', {
          scheduledAt: ['Pick a time within the next ten years.'],
        });
      }
      scheduledAt = toServiceTime(new Date(input.scheduledAt), deps.serviceTimeZone());
    }
    return { name, scheduledAt };
  }

  /** Throws 'send.repeat' when this fax (documents + numbers) went out in this profile within the window. */
  function checkRepeat(profile: string, fingerprint: string, name: string): void {
    const windowMs = REPEAT_WINDOW_MINUTES * 60_000;
    const earlier = deps.history.findRepeat(profile, fingerprint, now() - windowMs);
    if (!earlier) return;
    const at = new Date(earlier.createdAtMs).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    throw new UserError(
      SEND_REPEAT_CODE,
      `You sent this fax (the same documents to the same numbers) at ${at} as “${earlier.name}”. Send it again?`,
      undefined,
      {
        sentAtMs: earlier.createdAtMs,
        taskName: earlier.name || name,
        taskRef: earlier.taskRef,
        sendId: earlier.sendId,
        windowMinutes: REPEAT_WINDOW_MINUTES,
      },
    );
  }

  async function send(input: SendFaxInput): Promise<SendResult> {
    const { name, scheduledAt } = checkInput(input);
    const documents = input.documents;
    for (const [i, d] of documents.entries()) {
      if (d.path === null) continue;
      const info = await inspectDocument(d.path);
      if (info.error) {
        throw new UserError(`document.${info.error.code}`, info.error.message, { [`documents.${i}`]: [info.error.message] }, { name: info.name, size: info.size });
      }
    }
    const { client, profile } = await deps.session();
    const fingerprint = await sendFingerprint(documents, input.numbers);
    // Asked before any upload, and again right before the intent is written (a second click may be on its way).
    const guard = () => {
      if (!input.confirmRepeat) checkRepeat(profile, fingerprint, name);
    };
    guard();
    const releaseClaim = (await deps.officeGuard?.(profile, fingerprint, name, !!input.confirmRepeat)) ?? undefined;
    const withdraw = () => {
      void releaseClaim?.().catch((e: unknown) => deps.log.warn('send: the office-wide claim could not be taken back', e));
    };
    try {
      return await sendAfterGuard();
    } catch (e) {
      withdraw();
      throw e;
    }

    async function sendAfterGuard(): Promise<SendResult> {
      const refs = await refsFor(documents, false, profile);
      const parts = planSendParts(name, input.numbers);
      const files: SendFile[] = await Promise.all(
        documents.map(async (d, i) => ({
          path: d.path ?? d.url ?? '',
          name: d.name,
          size: d.path ? ((await fs.promises.stat(d.path).catch(() => null))?.size ?? 0) : 0,
          pages: d.pages,
          fileRef: refs[i] ?? null,
          uploadedAtMs: now(),
        })),
      );
      const outcome = await createTasks(
        {
          client,
          history: deps.history,
          log: deps.log,
          label: 'send',
          beforeRecord: guard,
          onCreated: () => deps.onCreated?.(),
          uploadAgain: async () => {
            for (const r of refs) registry.forget(r);
            return refsFor(documents, true, profile);
          },
        },
        { name, files, parts, scheduledAt, profile, fingerprint, contactNames: namesNow(input.numbers) },
      );

      const results: SendPartResult[] = [];
      const fields: SendFieldErrors = {};
      const sentNumbers: string[] = [];
      let offset = 0;
      for (const part of outcome.parts) {
        const firstIndex = offset;
        offset += part.phoneNumbers.length;
        if (part.cause instanceof ValidationError) {
          for (const [key, messages] of Object.entries(part.cause.fields)) {
            (fields[mapServiceField(key, firstIndex)] ??= []).push(...messages);
          }
        }
        if (part.task) sentNumbers.push(...part.phoneNumbers);
        results.push({
          index: part.index,
          name: part.name,
          firstIndex,
          count: part.phoneNumbers.length,
          status: part.status,
          task: part.task ? summary(part.task) : null,
          error: part.error,
        });
      }
      const created = results.filter((r) => r.status === 'created').length;
      const unknown = results.some((r) => r.status === 'outcome_unknown');
      const refused = results.some((r) => r.status === 'refused');
      const overall: SendResult['overall'] = unknown ? 'outcome_unknown' : refused ? (created > 0 ? 'partial' : 'refused') : 'sent';
      if (created > 0) void learnUnitPrice(client, results);
      if (overall === 'refused') withdraw();
      const result: SendResult = { sendId: outcome.sendId, overall, parts: results, fields, sentNumbers, serviceScheduledAt: scheduledAt };
      const filing = deps.fileDocuments?.(documents.flatMap((d) => (d.path !== null ? [d.path] : [])), result) ?? null;
      return filing ? { ...result, filing } : result;
    }
  }

  /** A phonebook that cannot be read must not stop the fax: it goes out without names. */
  function namesNow(numbers: readonly string[]): ReadonlyMap<string, string> {
    try {
      return deps.contactNames?.(numbers) ?? new Map();
    } catch (e) {
      deps.log.warn('send: the phonebook names could not be read; the task is recorded without them', e);
      return new Map();
    }
  }

  /** One query after a send: the create answer has no prices, the task query has (and feeds history and the estimate). */
  async function learnUnitPrice(client: FaxApiClient, results: SendPartResult[]) {
    const ref = results.find((r) => r.task)?.task?.taskRef;
    if (!ref) return;
    try {
      deps.history.applyTaskResponse(await client.getTask(ref));
    } catch (e) {
      // Only an estimate: the tasks view learns the price on its next poll.
      deps.log.info(`send: could not read task ${ref} for its unit price: ${(e as Error).message}`);
    }
  }

  const lastUnitPrice = () => deps.history.lastUnitPrice();

  return {
    upload: (uploadId, filePath) => uploadPath(filePath, uploadId),
    cancelUpload(uploadId) {
      const c = active.get(uploadId);
      if (!c) return false;
      c.abort();
      return true;
    },
    async addFromUrl(url, fileName) {
      const upload = await uploadUrl(url, fileName);
      const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'document';
      const name = fileName?.trim() || fromUrl;
      return {
        document: { path: null, url, name, pages: null, fileRef: upload.fileRef },
        upload,
      };
    },
    send,
    lastUnitPrice,
    estimateCost(pages, recipients) {
      // The service's price wins: it is what the account is actually charged.
      const seen = lastUnitPrice();
      const contract = seen === null ? (deps.contractUnitPrice?.() ?? null) : null;
      const price = seen ?? contract;
      const priceSource = seen !== null ? 'service' : contract !== null ? 'contract' : null;
      const estimate = price === null || pages === null ? null : Math.round(price * pages * recipients * 100) / 100;
      return { unitPrice: price, priceSource, estimate, pages };
    },
  };
}
