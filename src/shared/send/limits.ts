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
export type AcceptedExtension = (typeof ACCEPTED_DOCUMENT_EXTENSIONS)[number];

/** Lower-case extension without the dot, or '' (pure string work: shared code has no node:path). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedDocumentName(fileName: string): boolean {
  return (ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** Sends bigger than this are refused at the door: 50 tasks of 100 is already a mailing, not a fax. */
export const MAX_NUMBERS_PER_SEND = 5000;
