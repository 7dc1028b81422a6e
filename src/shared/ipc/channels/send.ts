import { z } from 'zod';
import { channel, event, type IpcError } from '../define';
import { MAX_DOCUMENTS } from './intake';
import type {
  ComposeDocument,
  CostEstimate,
  CoverPageResult,
  DocumentInfo,
  SendDraft,
  SendResult,
  UploadProgress,
  UploadResult,
} from '../../send/types';

const localPath = z.string().min(1).max(4096);
const uploadId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
/** Sends bigger than this are refused at the door: 50 tasks of 100 is already a mailing, not a fax. */
export const MAX_NUMBERS_PER_SEND = 5000;

export const remoteUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'Enter a full web address starting with https://');

export const composeDocumentSchema = z
  .object({
    path: localPath.nullable(),
    url: remoteUrlSchema.nullable(),
    name: z.string().min(1).max(1024),
    pages: z.number().int().min(0).max(100_000).nullable(),
    fileRef: z.string().min(1).max(255).nullable(),
  })
  .strict()
  .refine((d) => (d.path === null) !== (d.url === null), 'A document is either a local file or a URL');

const coverSchema = z
  .object({
    enabled: z.boolean(),
    from: z.string().max(200),
    to: z.string().max(200),
    subject: z.string().max(300),
    message: z.string().max(4000),
  })
  .strict();

export const sendFaxInputSchema = z
  .object({
    name: z.string().max(1024),
    documents: z.array(composeDocumentSchema).min(1).max(MAX_DOCUMENTS),
    /** spec-format numbers (country code, digits only), in the order of the screen */
    numbers: z.array(z.string().max(32)).min(1).max(MAX_NUMBERS_PER_SEND),
    /** ms since epoch; null = send now */
    scheduledAt: z.number().int().nullable(),
    /**
     * The user answered "send it again?" for a repeat of an earlier send.
     * Without it, a send of the same documents to the same numbers within the
     * repeat window (30 minutes, read from the history, so across restarts)
     * creates nothing and fails with SEND_REPEAT_CODE.
     */
    confirmRepeat: z.boolean().optional(),
  })
  .strict();
export type SendFaxInput = z.infer<typeof sendFaxInputSchema>;

/**
 * Contract of the repeat question (send-core ↔ send-ui):
 *
 *   sendFax → { ok: false, error: {
 *     code: 'send.repeat',
 *     message: 'You sent this fax (same documents to the same numbers) at 11:06 as "Invoice". Send it again?',
 *     details: {
 *       sentAtMs: number,        // when the earlier send was made (ms since epoch; format in local time)
 *       taskName: string,        // the name the user gave the earlier send
 *       taskRef: string | null,  // its first created task, null if none was created (outcome unknown)
 *       sendId: number,          // its local send id in the history
 *       windowMinutes: number,   // the repeat window that matched (default 30)
 *     } } }
 *
 * Nothing was uploaded or created. To send anyway, call sendFax again with the
 * same input plus `confirmRepeat: true`. `fields` is not set.
 */
export const SEND_REPEAT_CODE = 'send.repeat';
export const REPEAT_WINDOW_MINUTES = 30;

export interface SendRepeatDetails {
  sentAtMs: number;
  taskName: string;
  taskRef: string | null;
  sendId: number;
  windowMinutes: number;
}

/** The repeat details of an error, or null when it is not a 'send.repeat'. */
export function sendRepeatDetails(error: IpcError): SendRepeatDetails | null {
  const d = error.details;
  if (error.code !== SEND_REPEAT_CODE || !d) return null;
  const { sentAtMs, taskName, taskRef, sendId, windowMinutes } = d;
  if (typeof sentAtMs !== 'number' || typeof taskName !== 'string' || typeof sendId !== 'number') return null;
  return {
    sentAtMs,
    taskName,
    taskRef: typeof taskRef === 'string' ? taskRef : null,
    sendId,
    windowMinutes: typeof windowMinutes === 'number' ? windowMinutes : REPEAT_WINDOW_MINUTES,
  };
}

export const draftSchema = z
  .object({
    documents: z.array(composeDocumentSchema).max(MAX_DOCUMENTS),
    recipientsText: z.string().max(200_000),
    name: z.string().max(1024),
    scheduleLocal: z.string().max(32),
    cover: coverSchema.nullable(),
  })
  .strict();

export const sendChannels = {
  /** checks local files (type, size, name, pages) before any upload */
  inspectDocuments: channel<DocumentInfo[]>()(z.object({ paths: z.array(localPath).min(1).max(20) }).strict()),
  /** uploads one local file from disk; progress arrives as uploadProgress events with the same uploadId */
  uploadDocument: channel<UploadResult>()(z.object({ uploadId, path: localPath }).strict()),
  cancelUpload: channel<{ cancelled: boolean }>()(z.object({ uploadId }).strict()),
  /** the service fetches the file itself (URL upload mode) */
  addFromUrl: channel<{ document: ComposeDocument; upload: UploadResult }>()(
    z.object({ url: remoteUrlSchema, fileName: z.string().trim().max(255).optional() }).strict(),
  ),
  sendFax: channel<SendResult>()(sendFaxInputSchema),
  saveDraft: channel<{ savedAt: number }>()(draftSchema),
  loadDraft: channel<SendDraft | null>()(z.undefined()),
  clearDraft: channel<{ cleared: boolean }>()(z.undefined()),
  estimateCost: channel<CostEstimate>()(
    z.object({ pages: z.number().int().min(0).max(100_000).nullable(), recipients: z.number().int().min(0).max(MAX_NUMBERS_PER_SEND) }).strict(),
  ),
  makeCoverPage: channel<CoverPageResult>()(
    z
      .object({
        from: z.string().max(200),
        to: z.string().max(200),
        subject: z.string().max(300),
        message: z.string().max(4000),
        documentPages: z.number().int().min(0).max(100_000).nullable(),
      })
      .strict(),
  ),
};

export const sendEvents = {
  uploadProgress: event<UploadProgress>(),
};
