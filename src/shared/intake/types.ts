import type { DocumentProblemCode } from '../send/limits';

// What comes in by every route (argv, Open with, second instance, hot folder, printer) and what the window is told of it.

/** How a document reached FaxDesk (the Send screen may word its notice by it). */
export type DocumentSource = 'argv' | 'open-file' | 'second-instance' | 'hot-folder' | 'print';

export interface OfferedDocument {
  /** unique per offer: the renderer de-duplicates the event and takePendingDocuments by it */
  id: string;
  /** what the window names the file by (it never sees the path) */
  handle: string;
  /** base name, for display */
  name: string;
  /** bytes */
  size: number;
  source: DocumentSource;
  /** printed documents: what the print job named (`lp -o phone=…`, the job title), for the Send screen to pre-fill */
  print?: PrintedJob;
}

export interface PrintedJob {
  /** fax numbers as given in the job, in order */
  recipients: string[];
  /** the job title, for the fax's name (null when the job had none) */
  name: string | null;
}

/** The one document vocabulary (src/shared/send/limits.ts). */
export type RejectReason = DocumentProblemCode;

export interface RejectedDocument {
  name: string;
  reason: RejectReason;
  source: DocumentSource;
  /** the hot folder moved it into its failed/ folder, with a note beside it saying why and what to do */
  movedToFailed?: boolean;
}

export interface DocumentsOffered {
  /** every accepted document, oldest first; the Send screen attaches the first MAX_DOCUMENTS it has room for */
  documents: OfferedDocument[];
  /** files that could not be taken, so the user is told instead of seeing nothing */
  rejected: RejectedDocument[];
  /** how many of `documents` lie beyond MAX_DOCUMENTS (listed, not attached, never dropped silently) */
  overflow: number;
  /** set when FaxDesk starts and finds documents printed while it was not running: how many */
  waitingPrinted?: number;
}

export interface HotFolderStatus {
  enabled: boolean;
  /** the folder in use (the default ~/FaxDesk/Outbox when the setting is empty) */
  path: string;
  watching: boolean;
  /** why it is not watching (or cannot read the folder) although enabled, in words a user can act on */
  problem: string | null;
  /** the same, for the renderer's own wording: the folder cannot be created/used, or cannot be read; with the system's error code */
  problemKind?: { kind: 'cannot_use' | 'cannot_read'; code: string };
}
