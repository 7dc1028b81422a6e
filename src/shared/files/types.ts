import { ACCEPTED_DOCUMENT_EXTENSIONS } from '../send/limits';

/**
 * What each open dialog offers. One table so the Electron dialog and the
 * preview's browser picker filter alike; a feature that needs another kind of
 * file (e.g. vCards) adds a row here.
 */
export const FILE_PURPOSES = {
  documents: { extensions: [...ACCEPTED_DOCUMENT_EXTENSIONS] as string[], multiple: true },
  csv: { extensions: ['csv', 'txt'], multiple: false },
  vcard: { extensions: ['vcf', 'vcard'], multiple: false },
  /** the office database's CA certificate (PEM) */
  certificate: { extensions: ['pem', 'crt', 'cer'], multiple: false },
} as const satisfies Record<string, { extensions: readonly string[]; multiple: boolean }>;
export type FilePurpose = keyof typeof FILE_PURPOSES;
/** A file the user handed over: its handle and its name (for display). */
export interface GrantedFile {
  handle: string;
  name: string;
}

/** A file main saved for the user (an export or a report), to show with Open / Show in folder. */
export interface SavedFile {
  handle: string;
  name: string;
  /** the folder it was saved in, shown to the user */
  folder: string;
}
