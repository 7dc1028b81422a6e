import path from 'node:path';
import type { Handlers } from '../ipc/dispatch';
import { inspectDocument, inspectDocuments } from './documents';
import { writeCoverPage } from './cover-page';
import { readJson, writeJsonAtomic } from './json-file';
import type { SendService } from './send-service';
import type { FileGrants } from '../files/grants';
import { toLocalDocument, toWireDocument, toWireInfo, type StoredDraft } from './local-documents';
import fs from 'node:fs';

export type SendHandlers = Pick<
  Handlers,
  | 'inspectDocuments'
  | 'uploadDocument'
  | 'cancelUpload'
  | 'addFromUrl'
  | 'sendFax'
  | 'saveDraft'
  | 'loadDraft'
  | 'clearDraft'
  | 'estimateCost'
  | 'makeCoverPage'
>;

/**
 * The Send screen's channels. The window names files by handle only; they are
 * resolved to the paths main granted here, at the door. The draft keeps
 * documents by path (never their bytes) in main's own data folder, so it
 * survives a restart: its files are granted again when it is loaded.
 */
export function sendHandlers(service: SendService, dataDir: string, grants: FileGrants, now: () => number = Date.now): SendHandlers {
  const draftFile = path.join(dataDir, 'send', 'draft.json');
  return {
    inspectDocuments: async ({ handles }) => {
      const paths = handles.map((h) => grants.pathOf(h, 'input'));
      return (await inspectDocuments(paths)).map((info) => toWireInfo(grants, info));
    },
    uploadDocument: ({ uploadId, handle }) => service.upload(uploadId, grants.pathOf(handle, 'input')),
    cancelUpload: ({ uploadId }) => ({ cancelled: service.cancelUpload(uploadId) }),
    addFromUrl: async ({ url, fileName }) => {
      const added = await service.addFromUrl(url, fileName);
      return { ...added, document: toWireDocument(grants, added.document) };
    },
    sendFax: (input) => service.send({ ...input, documents: input.documents.map((d) => toLocalDocument(grants, d)) }),
    saveDraft: (draft) => {
      const savedAt = now();
      const documents = draft.documents.map((d) => toLocalDocument(grants, d));
      writeJsonAtomic(draftFile, { ...draft, documents, savedAt } satisfies StoredDraft);
      return { savedAt };
    },
    loadDraft: () => {
      const stored = readJson<StoredDraft>(draftFile);
      if (!stored) return null;
      const documents = Array.isArray(stored.documents) ? stored.documents : [];
      return { ...stored, documents: documents.filter((d) => typeof d.path === 'string' || typeof d.url === 'string').map((d) => toWireDocument(grants, d)) };
    },
    clearDraft: () => {
      try {
        fs.rmSync(draftFile);
        return { cleared: true };
      } catch {
        return { cleared: false };
      }
    },
    estimateCost: ({ pages, recipients }) => service.estimateCost(pages, recipients),
    makeCoverPage: async (input) => {
      const written = await writeCoverPage(dataDir, input);
      return { document: toWireInfo(grants, await inspectDocument(written.path)), replacedCharacters: written.replaced };
    },
  };
}
