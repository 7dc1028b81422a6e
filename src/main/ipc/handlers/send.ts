import type { Handlers } from '../dispatch';
import type { SendFaxInput } from '../../../shared/ipc/channels/send';
import { UserError } from '../../errors';
import type { FileGrants } from '../../files/grants';
import { writeCoverPage } from '../../send/cover-page';
import { inspectDocument, inspectDocuments } from '../../send/documents';
import { createDraftStore } from '../../send/drafts';
import { toLocalDocument, toWireDocument, toWireInfo } from '../../send/local-documents';
import type { SendService } from '../../send/send-service';

/** What makes two send requests "the same compose": the documents and the set of numbers. */
function composeKey(input: SendFaxInput): string {
  return JSON.stringify([input.documents, [...new Set(input.numbers)].sort()]);
}

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
 * resolved to the paths main granted here, at the door (src/main/send/local-documents.ts).
 */
export function sendHandlers(service: SendService, dataDir: string, grants: FileGrants, now: () => number = Date.now): SendHandlers {
  const drafts = createDraftStore(dataDir, now);
  // The renderer guards the button too, but main is the last door: a second request for a send that is
  // still running (a double click that slipped through, a replayed message) is refused, never queued.
  const sending = new Set<string>();
  return {
    inspectDocuments: async ({ handles }) => {
      const paths = handles.map((h) => grants.checkedPath(h));
      return (await inspectDocuments(paths)).map((info) => toWireInfo(grants, info));
    },
    // The file that was granted, not whatever took its name since (checkedPath; the upload opens it without following links).
    uploadDocument: ({ uploadId, handle }) => service.upload(uploadId, grants.checkedPath(handle)),
    cancelUpload: ({ uploadId }) => ({ cancelled: service.cancelUpload(uploadId) }),
    addFromUrl: async ({ url, fileName }) => {
      const added = await service.addFromUrl(url, fileName);
      return { ...added, document: toWireDocument(grants, added.document) };
    },
    sendFax: async (input) => {
      const key = composeKey(input);
      if (sending.has(key)) {
        throw new UserError('send.in_progress', 'This fax is already being sent. Wait for its result on the Send screen; nothing more was sent.');
      }
      // Each document is still the file that was granted (no link or other file in its place): a send
      // that uploads it (no reference yet, or an expired one) must not read something else.
      for (const d of input.documents) if (d.handle !== null) grants.checkedPath(d.handle);
      sending.add(key);
      try {
        return await service.send({ ...input, documents: input.documents.map((d) => toLocalDocument(grants, d)) });
      } finally {
        sending.delete(key);
      }
    },
    saveDraft: (draft) => drafts.save({ ...draft, documents: draft.documents.map((d) => toLocalDocument(grants, d)) }),
    loadDraft: () => {
      const stored = drafts.load();
      return stored && { ...stored, documents: stored.documents.map((d) => toWireDocument(grants, d)) };
    },
    clearDraft: () => drafts.clear(),
    estimateCost: ({ pages, recipients }) => service.estimateCost(pages, recipients),
    makeCoverPage: async (input) => {
      const written = await writeCoverPage(dataDir, input);
      return { document: toWireInfo(grants, await inspectDocument(written.path)), replacedCharacters: written.replaced };
    },
  };
}
