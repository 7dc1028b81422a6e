// What the document viewer and the cover's live preview get from main.

/** What the viewer can draw: a PDF with pdf.js, a PNG or JPEG as it is. Anything else is not sent to the window. */
export type PreviewKind = 'pdf' | 'png' | 'jpeg';

/** Extensions whose bytes main hands to the viewer (checked again against the file's first bytes). */
export const PREVIEW_EXTENSIONS: Readonly<Record<string, PreviewKind>> = { pdf: 'pdf', png: 'png', jpg: 'jpeg', jpeg: 'jpeg' };

export interface DocumentPreview {
  kind: PreviewKind;
  /** the file's bytes, base64 (the preview's loopback bridge carries JSON only) */
  data: string;
  size: number;
}

export interface CoverPreview {
  /** the cover PDF as makeCoverPage would draw it now, base64 */
  data: string;
  /** true when characters the fonts lack would be replaced on the page */
  replacedCharacters: boolean;
}
