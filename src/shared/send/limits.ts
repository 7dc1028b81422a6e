/**
 * What a fax may carry: the service's document limits and the files FaxDesk accepts.
 * No zod here: the Send screen (the first screen) reads these without loading the IPC schemas,
 * which import them.
 */

/** The service takes at most 3 files per task (spec: create-task file_refs). */
export const MAX_DOCUMENTS = 3;

/** Spec limits: "Single file size 10 MB maximum". */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * What FaxDesk registers for and accepts. The spec lists PDF, DOC, DOCX, TXT,
 * JPG, PNG "and similar"; TIFF is what fax software traditionally produces.
 */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'tif', 'tiff'] as const;

/** Lower-case extension without the dot, or '' (pure string work: shared code has no node:path). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedDocumentName(fileName: string): boolean {
  return (ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** The service's limit on phone_numbers per create-task. */
export const MAX_RECIPIENTS_PER_TASK = 100;
/** The service's limit on a task name, in characters. */
export const MAX_TASK_NAME_LENGTH = 255;
/** Spec: file names up to 255 characters. */
export const MAX_FILE_NAME_LENGTH = 255;

/** A schedule closer than this is refused: by the time the request arrives it may be in the past. */
export const MIN_SCHEDULE_LEAD_MS = 60_000;
/** The furthest a fax can be scheduled: ten years (a date further out is a typo; past year 9999 the service's time format cannot even write it). */
export const MAX_SCHEDULE_AHEAD_MS = 10 * 366 * 24 * 60 * 60_000;

/**
 * Why a document cannot be sent, whatever way it came in (a drop, a dialog, "Open with", the printer,
 * the hot folder): one vocabulary, worded by the Send screen (send: documents.problem).
 * not_local: a network or web address named on the command line; only local files are faxed from there.
 */
export const DOCUMENT_PROBLEMS = ['not_found', 'not_a_file', 'unsupported_type', 'too_large', 'empty', 'unreadable', 'name_too_long', 'not_local'] as const;
export type DocumentProblemCode = (typeof DOCUMENT_PROBLEMS)[number];

/** The rules on a document's name and size that every route applies (existence and reading are the caller's). */
export function documentRuleProblem(name: string, size: number): DocumentProblemCode | null {
  if (Array.from(name).length > MAX_FILE_NAME_LENGTH) return 'name_too_long';
  if (!isAcceptedDocumentName(name)) return 'unsupported_type';
  if (size > MAX_DOCUMENT_BYTES) return 'too_large';
  if (size === 0) return 'empty';
  return null;
}

/** Sends bigger than this are refused at the door: 50 tasks of 100 is already a mailing, not a fax. */
export const MAX_NUMBERS_PER_SEND = 5000;
