import { z } from 'zod';
import { channel } from '../define';
import { fileHandleSchema } from '../../file-handle';
import { coverPageInputSchema } from './send';
import type { CoverPreview, DocumentPreview } from '../../send/preview';

export { PREVIEW_EXTENSIONS, type CoverPreview, type DocumentPreview, type PreviewKind } from '../../send/preview';


export const previewChannels = {
  /**
   * Read-only: the bytes of a document the window already holds an input handle for (a drop, main's
   * dialog, Open with, the printer, the hot folder, a reloaded draft), for the viewer. PDF, PNG and
   * JPEG only, at most the send limit; nothing is written.
   */
  readDocumentPreview: channel<DocumentPreview>()(z.object({ handle: fileHandleSchema }).strict()),
  /** the cover page drawn from the form's fields in memory, for its live preview; no file is read or written */
  previewCoverPage: channel<CoverPreview>()(coverPageInputSchema),
};
