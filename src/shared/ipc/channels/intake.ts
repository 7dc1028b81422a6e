import { z } from 'zod';
import { channel, event } from '../define';
import type { DocumentsOffered, HotFolderStatus } from '../../intake/types';

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
   * Returns and clears every document not yet taken. The Send screen calls it
   * on mount (documents opened before the window was ready) and whenever
   * `documentsOffered` arrives: taking is what claims a document, so one that
   * was attached is never handed over again on the next mount.
   */
  takePendingDocuments: channel<DocumentsOffered>()(z.undefined()),
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
