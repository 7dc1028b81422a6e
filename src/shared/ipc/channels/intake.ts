import { z } from 'zod';
import { channel, event } from '../define';
import type { DocumentsOffered, HotFolderStatus } from '../../intake/types';
import { fileHandleSchema } from '../../file-handle';

/** The most documents one claim names: a burst of arrivals is handed over whole (the queue keeps no limit of its own). */
const MAX_CLAIMED = 1000;

export {
  type DocumentSource,
  type DocumentsOffered,
  type HotFolderStatus,
  type OfferedDocument,
  type PrintedJob,
  type RejectedDocument,
  type RejectReason,
} from '../../intake/types';

// The document rules live in one zod-free module, src/shared/send/limits.ts, and the intake's words in
// src/shared/intake/types.ts (the window's first screen needs them without the IPC schemas); channel
// files import domain words, never define them.

export const intakeChannels = {
  /**
   * Returns every document not yet on the form: the Send screen calls it on mount (documents opened
   * before the window was ready, or taken by a window that was reloaded or closed before it attached
   * them) and whenever `documentsOffered` arrives. Ids stay the same, so the window drops what it has.
   */
  takePendingDocuments: channel<DocumentsOffered>()(z.undefined()),
  /**
   * The Send screen has put these documents on its form (attached, or after the user answered "a new
   * fax, or this one?"): they are never handed over again, and a hot-folder one is never offered again
   * while it stays. Until then every take hands them over again.
   */
  claimDocuments: channel<void>()(z.object({ handles: z.array(fileHandleSchema).min(1).max(MAX_CLAIMED) }).strict()),
  hotFolderStatus: channel<HotFolderStatus>()(z.undefined()),
};

export const intakeEvents = {
  /**
   * Documents arrived (argv, open-file, second instance, hot folder, printer).
   * The payload says what came in this time; claim them with
   * takePendingDocuments (ids match, so nothing is attached twice).
   */
  documentsOffered: event<DocumentsOffered>(),
  /**
   * The hot folder's status changed (turned on or off, another folder chosen, the folder became unreadable
   * or readable again): the whole new status, so the window sets it without asking.
   */
  hotFolderStatusChanged: event<HotFolderStatus>(),
};
