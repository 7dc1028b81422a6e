import type { Handlers } from '../dispatch';
import type { FileGrants } from '../../files/grants';
import { toLocalDocument, toSendDocument, toWireDocument, toWireInfo } from '../../send/local-documents';
import type { SendFeature } from '../../send/send-feature';

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
 * The Send screen's channels. The window names files by handle only; they are resolved to the paths
 * main granted here, at the door (src/main/send/local-documents.ts), and paths go back as handles.
 * Everything else is the send feature's (src/main/send/send-feature.ts).
 */
export function sendHandlers(send: SendFeature, grants: FileGrants): SendHandlers {
  return {
    inspectDocuments: async ({ handles }) => (await send.inspect(handles.map((h) => grants.checkedPath(h)))).map((info) => toWireInfo(grants, info)),
    // The file that was granted, not whatever took its name since: the upload's one open is the check
    // (no link followed, the descriptor's device, inode and creation time the granted file's; fileSource).
    uploadDocument: ({ uploadId, handle }) => {
      const file = grants.granted(handle);
      return send.upload(uploadId, file.path, file);
    },
    cancelUpload: ({ uploadId }) => ({ cancelled: send.cancelUpload(uploadId) }),
    addFromUrl: async ({ url, fileName }) => {
      const added = await send.addFromUrl(url, fileName);
      return { ...added, document: toWireDocument(grants, added.document) };
    },
    sendFax: (input) => {
      // A document no longer the file that was granted is refused here, before anything is claimed or
      // read. That look is early, not the guarantee: each document carries the granted identity, and the
      // upload's one open checks it on the descriptor every byte is read from (upload-step.ts).
      for (const d of input.documents) if (d.handle !== null) grants.checkedPath(d.handle);
      return send.send({ ...input, documents: input.documents.map((d) => toSendDocument(grants, d)) });
    },
    saveDraft: (draft) => send.saveDraft({ ...draft, documents: draft.documents.map((d) => toLocalDocument(grants, d)) }),
    loadDraft: () => {
      const stored = send.loadDraft();
      return stored && { ...stored, documents: stored.documents.map((d) => toWireDocument(grants, d)) };
    },
    clearDraft: () => send.clearDraft(),
    estimateCost: ({ pages, recipients }) => send.estimateCost(pages, recipients),
    makeCoverPage: async (input) => {
      const made = await send.makeCoverPage(input);
      return { document: toWireInfo(grants, made.document), replacedCharacters: made.replacedCharacters };
    },
  };
}
