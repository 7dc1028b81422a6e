import { z } from 'zod';
import { channel, event } from '../define';
import { MAX_DOCUMENTS } from '../../send/limits';
import { fileHandleSchema } from '../../file-handle';
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
import type { SendRequest } from '../../send/request';

const uploadId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
export { MAX_NUMBERS_PER_SEND } from '../../send/limits';
import { MAX_NUMBERS_PER_SEND } from '../../send/limits';

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
    /** a handle main issued for a local file (never a path) */
    handle: fileHandleSchema.nullable(),
    url: remoteUrlSchema.nullable(),
    name: z.string().min(1).max(1024),
    pages: z.number().int().min(0).max(100_000).nullable(),
    fileRef: z.string().min(1).max(255).nullable(),
  })
  .strict()
  .refine((d) => (d.handle === null) !== (d.url === null), 'A document is either a local file or a URL');

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
  .strict() satisfies z.ZodType<SendRequest, unknown>;
export type SendFaxInput = z.infer<typeof sendFaxInputSchema>;

export { REPEAT_WINDOW_MINUTES, SEND_REPEAT_CODE, sendRepeatDetails, type SendRepeatDetails } from '../../errors/error-details';

export const draftSchema = z
  .object({
    documents: z.array(composeDocumentSchema).max(MAX_DOCUMENTS),
    recipientsText: z.string().max(200_000),
    name: z.string().max(1024),
    scheduleLocal: z.string().max(32),
    cover: coverSchema.nullable(),
  })
  .strict();

/** The cover form's fields, as makeCoverPage draws them (and previewCoverPage shows them before). */
export const coverPageInputSchema = z
  .object({
    from: z.string().max(200),
    to: z.string().max(200),
    subject: z.string().max(300),
    message: z.string().max(4000),
    documentPages: z.number().int().min(0).max(100_000).nullable(),
  })
  .strict();

export const sendChannels = {
  /** checks files the user handed over (type, size, name, pages) before any upload */
  inspectDocuments: channel<DocumentInfo[]>()(z.object({ handles: z.array(fileHandleSchema).min(1).max(20) }).strict()),
  /** uploads one granted file from disk; progress arrives as uploadProgress events with the same uploadId */
  uploadDocument: channel<UploadResult>()(z.object({ uploadId, handle: fileHandleSchema }).strict()),
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
  makeCoverPage: channel<CoverPageResult>()(coverPageInputSchema),
};

export const sendEvents = {
  uploadProgress: event<UploadProgress>(),
};
