/**
 * Sending a fax: uploads from disk with progress and cancel, one create per
 * 100 numbers, and the local history written before and after each create.
 *
 * The rule that shapes this file (DESIGN.md): create-task has no idempotency
 * key, so a create that may have reached the service is never repeated here.
 * Only a create the service definitively refused is retried, and only for an
 * expired file_ref after uploading the files again.
 */
import fs from 'node:fs';
import type { CreatedTask, Task } from '../../shared/api/schemas';
import type { IpcError } from '../../shared/ipc/define';
import type { LocalComposeDocument as ComposeDocument, LocalSendFaxInput as SendFaxInput } from './local-documents';
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
import type { FaxApiClient } from '../api/client';
import { BusinessError, CancelledError, FaxApiError, ValidationError } from '../api/errors';
import { UserError } from '../errors';
import type { Logger } from '../log';
import { inspectDocument } from './documents';
import { UploadRegistry } from './uploads';
import type { RecordedSend, SendFile, SendIntent } from '../history/types';

/**
 * What the send needs from the local history (src/main/history), kept narrow
 * so either side can change: the whole send is recorded before the first
 * create (the intent), then each task's outcome.
 */
export interface SendHistoryPort {
  recordSend(intent: SendIntent): RecordedSend;
  markCreated(taskId: number, task: CreatedTask): void;
  /** the service definitively refused the create (or it was not attempted): nothing was sent */
  markFailed(taskId: number, error: IpcError): void;
  /** the create may or may not have been carried out */
  markOutcomeUnknown(taskId: number, reason: string): void;
  /** a task-query answer (full recipient records, with unit prices) */
  applyTaskResponse(task: Task): void;
  /** yuan per page of the most recent recipient record seen, or null */
  lastUnitPrice(): number | null;
}

export interface SendServiceDeps {
  dataDir: string;
  client: () => Promise<FaxApiClient>;
  history: SendHistoryPort;
  serviceTimeZone: () => string;
  emitProgress: (p: { uploadId: string; sent: number; total: number }) => void;
  log: Logger;
  now?: () => number;
}

/** A schedule closer than this is refused: by the time the request arrives it may be in the past. */
export const MIN_SCHEDULE_LEAD_MS = 60_000;
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

function ipcErrorOf(e: unknown): IpcError {
  if (e instanceof FaxApiError) return e.toIpcError();
  if (e instanceof UserError) return { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) };
  return { code: 'internal', message: 'Something went wrong inside FaxDesk while sending. Nothing more was sent; check the task list before trying again.' };
}

export function createSendService(deps: SendServiceDeps): SendService {
  const now = deps.now ?? Date.now;
  const registry = new UploadRegistry(deps.dataDir);
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
    if (info.error) throw new UserError(`document.${info.error.code}`, info.error.message);
    const client = await deps.client();
    if (signal.aborted) throw new CancelledError('upload');
    let lastEmit = 0;
    const uploaded = await client.uploadFile(info.path, {
      fileName: info.name,
      signal,
      onProgress: (sent, total) => {
        if (!uploadId) return;
        const t = now();
        if (sent < total && t - lastEmit < PROGRESS_INTERVAL_MS) return;
        lastEmit = t;
        deps.emitProgress({ uploadId, sent, total });
      },
    });
    const st = await fs.promises.stat(info.path);
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    registry.remember(UploadRegistry.keyOfPath(info.path), {
      fileRef: result.fileRef,
      uploadedAt: result.uploadedAt,
      size: st.size,
      mtimeMs: st.mtimeMs,
    });
    return result;
  }

  async function uploadUrl(url: string, fileName?: string): Promise<UploadResult> {
    const client = await deps.client();
    const uploaded = await client.uploadFromUrl(url, fileName);
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    registry.remember(UploadRegistry.keyOfUrl(url), { fileRef: result.fileRef, uploadedAt: result.uploadedAt, size: result.size, mtimeMs: null });
    return result;
  }

  /** A ref for each document: the remembered one if still plausible, otherwise a fresh upload. */
  async function refsFor(documents: ComposeDocument[], fresh: boolean): Promise<string[]> {
    const refs: string[] = [];
    for (const d of documents) {
      if (d.path !== null) {
        const known = fresh ? null : registry.forPath(d.path);
        refs.push(known?.fileRef ?? (await uploadPath(d.path, null)).fileRef);
      } else if (d.url !== null) {
        const known = fresh ? null : registry.forUrl(d.url);
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
      scheduledAt = toServiceTime(new Date(input.scheduledAt), deps.serviceTimeZone());
    }
    return { name, scheduledAt };
  }

  async function send(input: SendFaxInput): Promise<SendResult> {
    const { name, scheduledAt } = checkInput(input);
    const documents = input.documents;
    for (const [i, d] of documents.entries()) {
      if (d.path === null) continue;
      const info = await inspectDocument(d.path);
      if (info.error) throw new UserError(`document.${info.error.code}`, info.error.message, { [`documents.${i}`]: [info.error.message] });
    }
    const client = await deps.client();
    let refs = await refsFor(documents, false);
    let reuploaded = false;

    const parts = planSendParts(name, input.numbers);
    const files = async (): Promise<SendFile[]> =>
      Promise.all(
        documents.map(async (d, i) => ({
          path: d.path ?? d.url ?? '',
          name: d.name,
          size: d.path ? ((await fs.promises.stat(d.path).catch(() => null))?.size ?? 0) : 0,
          pages: d.pages,
          fileRef: refs[i] ?? null,
          uploadedAtMs: now(),
        })),
      );
    // The intent is on disk before the first byte of any create leaves.
    const recorded = deps.history.recordSend({
      name,
      files: await files(),
      parts: parts.map((p) => ({ name: p.name, phoneNumbers: p.phoneNumbers })),
      scheduledAt,
    });
    const results: SendPartResult[] = [];
    const fields: SendFieldErrors = {};
    const sentNumbers: string[] = [];
    let stopped: 'refused' | 'outcome_unknown' | null = null;
    let offset = 0;

    for (const part of parts) {
      const firstIndex = offset;
      offset += part.phoneNumbers.length;
      const taskId = recorded.taskIds[part.index] ?? -1;
      const base = { index: part.index, name: part.name, firstIndex, count: part.phoneNumbers.length };
      if (stopped) {
        deps.history.markFailed(taskId, {
          code: 'send.not_attempted',
          message: 'Not sent: an earlier part of this send did not go through.',
        });
        results.push({ ...base, status: 'not_attempted', task: null, error: null });
        continue;
      }
      for (let attempt = 1; ; attempt++) {
        let task: Awaited<ReturnType<typeof client.createTask>>;
        try {
          task = await client.createTask({
            name: part.name,
            file_refs: refs,
            phone_numbers: part.phoneNumbers,
            ...(scheduledAt ? { scheduled_at: scheduledAt } : {}),
          });
        } catch (e) {
          if (e instanceof FaxApiError && e.outcomeUnknown) {
            deps.history.markOutcomeUnknown(taskId, e.message);
            deps.log.warn(`send ${recorded.sendId} part ${part.index + 1}/${parts.length}: outcome unknown (${e.code}); not resent`);
            results.push({ ...base, status: 'outcome_unknown', task: null, error: e.toIpcError() });
            stopped = 'outcome_unknown';
            break;
          }
          // Refused for an invalid or expired file_ref: nothing was created, so uploading again and retrying once cannot duplicate a fax.
          let failure: unknown = e;
          if (e instanceof BusinessError && e.code === 'business.file_ref_invalid' && attempt === 1 && !reuploaded) {
            deps.log.info(`send ${recorded.sendId}: file_ref refused; uploading the documents again`);
            for (const r of refs) registry.forget(r);
            reuploaded = true;
            try {
              refs = await refsFor(documents, true);
              continue;
            } catch (uploadError) {
              // The create was refused and the new upload failed: this part (and the rest) is definitely not sent.
              failure = uploadError;
            }
          }
          const error = ipcErrorOf(failure);
          deps.history.markFailed(taskId, error);
          if (failure instanceof ValidationError) {
            for (const [key, messages] of Object.entries(failure.fields)) {
              (fields[mapServiceField(key, firstIndex)] ??= []).push(...messages);
            }
          }
          results.push({ ...base, status: 'refused', task: null, error });
          stopped = 'refused';
          break;
        }
        // Created: whatever happens to the local record now, the fax is going out and must be reported as sent.
        try {
          deps.history.markCreated(taskId, task);
        } catch (e) {
          deps.log.error(`send ${recorded.sendId}: task ${task.task_ref} was created but could not be recorded`, e);
        }
        sentNumbers.push(...part.phoneNumbers);
        results.push({ ...base, status: 'created', task: summary(task), error: null });
        break;
      }
    }

    const created = results.filter((r) => r.status === 'created').length;
    const overall: SendResult['overall'] =
      stopped === 'outcome_unknown' ? 'outcome_unknown' : stopped === 'refused' ? (created > 0 ? 'partial' : 'refused') : 'sent';
    if (created > 0) void learnUnitPrice(client, results);
    return { sendId: recorded.sendId, overall, parts: results, fields, sentNumbers, serviceScheduledAt: scheduledAt };
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
      const price = lastUnitPrice();
      const estimate = price === null || pages === null ? null : Math.round(price * pages * recipients * 100) / 100;
      return { unitPrice: price, estimate, pages };
    },
  };
}
