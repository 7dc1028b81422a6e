export { DocumentsPanel } from './documents-panel';
