import { z } from 'zod';
import { channel } from '../define';
import { ACCEPTED_DOCUMENT_EXTENSIONS } from '../../send/limits';
import { fileHandleSchema } from '../../file-handle';
import type { Settings } from '../../settings';

export { fileHandleSchema };

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
export const filePurposeSchema = z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]]);

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

export const filesChannels = {
  /** main's open dialog (the preview: the browser's file picker); no files when the user cancels */
  chooseFiles: channel<{ files: GrantedFile[] }>()(z.object({ purpose: filePurposeSchema }).strict()),
  /** shows a file main saved in the system's file manager */
  showSavedFile: channel<{ shown: boolean }>()(z.object({ handle: fileHandleSchema }).strict()),
  /** opens a file main saved with the system's default program */
  openSavedFile: channel<{ opened: boolean }>()(z.object({ handle: fileHandleSchema }).strict()),
  /** main's folder dialog sets the hot folder (settings cannot point main at a folder otherwise); unchanged when cancelled */
  chooseHotFolder: channel<{ chosen: boolean; settings: Settings }>()(z.undefined()),
};

/**
 * Not a contract channel: the preload alone uses it to register a dropped
 * File, whose path it reads with webUtils.getPathForFile (the page never sees it).
 */
export const GRANT_DROPPED_FILE_CHANNEL = 'faxdesk-grant:dropped-file';
