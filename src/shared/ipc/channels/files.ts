import { z } from 'zod';
import { channel } from '../define';
import { FILE_PURPOSES, type FilePurpose, type GrantedFile } from '../../files/types';
import { fileHandleSchema } from '../../file-handle';
import type { Settings } from '../../settings';

export { fileHandleSchema };
export { FILE_PURPOSES, type FilePurpose, type GrantedFile, type SavedFile } from '../../files/types';

export const filePurposeSchema = z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]]);

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
