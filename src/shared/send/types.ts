/**
 * Data the Send screen and the send service exchange. Pure types and limits:
 * no Node, no DOM (src/shared runs everywhere).
 */
import type { ErrorData } from '../error-data';
import { MAX_TASK_NAME_LENGTH } from './limits';

/** Spec: "Single file size 10 MB maximum (2 MB or less recommended)". */
export const RECOMMENDED_DOCUMENT_BYTES = 2 * 1024 * 1024;
export { MAX_FILE_NAME_LENGTH } from './limits';

export type { DocumentProblemCode } from './limits';
import type { DocumentProblemCode } from './limits';

export interface DocumentProblem {
  code: DocumentProblemCode;
  /** an English sentence naming the file (and its size where that is the problem); the UI translates by code */
  message: string;
}

/** What FaxDesk knows about one local document before it is uploaded. */
export interface DocumentInfo {
  /** the handle main issued for the file (the window never sees its path) */
  handle: string;
  name: string;
  /** bytes */
  size: number;
  /** lower-case extension without the dot */
  ext: string;
  /** pages of a PDF (read with pdf-lib), 1 for an image, null when unknown (DOC, DOCX, TXT, unreadable PDF) */
  pages: number | null;
  /** set above the service's recommended 2 MB: sending still works */
  warning: 'large' | null;
  /** set when the file cannot be sent at all; nothing is uploaded */
  error: DocumentProblem | null;
}

/** A document as the Send screen lists it: a local file or a remote URL the service fetched. */
export interface ComposeDocument {
  /** handle of a local file main granted; null for a document added from a URL */
  handle: string | null;
  /** the URL a document was added from */
  url: string | null;
  name: string;
  /** pages when known (drives the cost estimate) */
  pages: number | null;
  /** the last upload of it, if any (main re-uploads when the ref has expired) */
  fileRef: string | null;
}

export interface UploadResult {
  fileRef: string;
  size: number;
  ext: string;
  /** ms since epoch */
  uploadedAt: number;
}

export interface UploadProgress {
  uploadId: string;
  sent: number;
  total: number;
}

export interface CreatedTaskSummary {
  taskRef: string;
  name: string;
  /** service time as the service wrote it (null when the send is immediate) */
  scheduledAt: string | null;
  recipients: Array<{ rcptRef: string; phoneNumber: string }>;
}

export type SendPartStatus = 'created' | 'refused' | 'outcome_unknown' | 'not_attempted';

export interface SendPartResult {
  index: number;
  name: string;
  /** position of this part's first number in the send's numbers (0-based) */
  firstIndex: number;
  count: number;
  status: SendPartStatus;
  task: CreatedTaskSummary | null;
  error: ErrorData | null;
}

/**
 * Field errors of the service mapped back onto the screen:
 * `recipients.<i>` is the i-th number of the whole send, `documents.<i>` the
 * i-th document, plus `name` and `scheduledAt`.
 */
export type SendFieldErrors = Record<string, string[]>;

export type SendOverall = 'sent' | 'partial' | 'refused' | 'outcome_unknown';

export interface SendResult {
  /** the local id of this send in history (several tasks share it) */
  sendId: number;
  overall: SendOverall;
  parts: SendPartResult[];
  fields: SendFieldErrors;
  /** numbers for which a task was created (the user must not resend to them) */
  sentNumbers: string[];
  /** the scheduled time as sent to the service, or null */
  serviceScheduledAt: string | null;
  /** main could not file a hot-folder document away after the send (intake.settle_failed): shown beside the result */
  filing?: ErrorData;
}

export interface CostEstimate {
  /** yuan per page: the most recent task's, else the contract price from Settings; null when neither is known */
  unitPrice: number | null;
  /** where unitPrice came from: the service's task records, or the price the user entered */
  priceSource: 'service' | 'contract' | null;
  /** pages × recipients × unit price, null when the price or a page count is unknown */
  estimate: number | null;
  pages: number | null;
}

export interface CoverPageInput {
  from: string;
  to: string;
  subject: string;
  message: string;
  /** pages of the documents that follow the cover (the cover itself is added) */
  documentPages: number | null;
}

export interface CoverPageResult {
  document: DocumentInfo;
  /** true when some characters could not be drawn with the standard PDF fonts and were replaced */
  replacedCharacters: boolean;
}

export interface SendDraft {
  documents: ComposeDocument[];
  recipientsText: string;
  name: string;
  /** the value of the datetime-local input (local wall time), '' when immediate */
  scheduleLocal: string;
  cover: { enabled: boolean; from: string; to: string; subject: string; message: string } | null;
  /** ms since epoch */
  savedAt: number;
}

/** "report.pdf" -> "report"; cut to the service's 255 characters (by code point). */
export function defaultTaskName(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]+$/, '').trim() || fileName.trim();
  const chars = Array.from(base);
  return chars.length > MAX_TASK_NAME_LENGTH ? chars.slice(0, MAX_TASK_NAME_LENGTH).join('') : base;
}

/** 10.5 MB style sizes for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Maps a service field path of part `firstIndex` onto the screen's field names. */
export function mapServiceField(key: string, firstIndex: number): string {
  const phone = /^phone_numbers\.(\d+)$/.exec(key);
  if (phone) return `recipients.${firstIndex + Number(phone[1])}`;
  if (key === 'phone_numbers') return 'recipients';
  const file = /^file_refs\.(\d+)$/.exec(key);
  if (file) return `documents.${file[1]}`;
  if (key === 'file_refs') return 'documents';
  if (key === 'scheduled_at') return 'scheduledAt';
  return key;
}
