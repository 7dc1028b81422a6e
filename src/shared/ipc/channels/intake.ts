import { z } from 'zod';
import { channel, event } from '../define';
import { fileHandleSchema } from '../../file-handle';
import { SETTLE_OUTCOMES, type DocumentsOffered, type HotFolderStatus } from '../../intake/types';

export {
  SETTLE_OUTCOMES,
  type DocumentSource,
  type DocumentsOffered,
  type HotFolderStatus,
  type OfferedDocument,
  type PrintedJob,
  type RejectedDocument,
  type RejectReason,
  type SettleOutcome,
} from '../../intake/types';

// The document rules live in one zod-free module, src/shared/send/limits.ts, and the intake's words in
// src/shared/intake/types.ts (the window's first screen needs them without the IPC schemas); channel
// files import domain words, never define them.

export const settleOutcomeSchema = z.enum(SETTLE_OUTCOMES);

export const intakeChannels = {
  /**
   * Returns and clears every document not yet taken. The Send screen calls it
   * on mount (documents opened before the window was ready) and whenever
   * `documentsOffered` arrives: taking is what claims a document, so one that
   * was attached is never handed over again on the next mount.
   */
  takePendingDocuments: channel<DocumentsOffered>()(z.undefined()),
  /**
   * After a send: moves a hot-folder document into `sent/` or `failed/`
   * (failed or refused; `reason` is kept beside it). Only documents the hot
   * folder offered are moved; anything else is left where it is (movedTo:
   * null). A move that fails is an error (`intake.settle_failed`) the
   * Send screen shows; the document is never offered again either way.
   */
  settleDocument: channel<{ movedTo: string | null; handle: string | null }>()(
    z.object({ handle: fileHandleSchema, outcome: settleOutcomeSchema, reason: z.string().max(1000).optional() }).strict(),
  ),
  hotFolderStatus: channel<HotFolderStatus>()(z.undefined()),
};

export const intakeEvents = {
  /**
   * Documents arrived (argv, open-file, second instance, hot folder, printer).
   * The payload says what came in this time; claim them with
   * takePendingDocuments (ids match, so nothing is attached twice).
   */
  documentsOffered: event<DocumentsOffered>(),
};
