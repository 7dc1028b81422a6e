// What the Send screen's documents use of the viewer (the viewer itself loads on first use: lazy-viewer).
export { CoverLivePreview } from './cover-preview';
export { DocumentViewer } from './lazy-viewer';
export { useDocumentSource } from './source';
