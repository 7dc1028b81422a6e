import path from 'node:path';
import type { Handlers } from '../ipc/dispatch';
import type { SendDraft } from '../../shared/send/types';
import { inspectDocument, inspectDocuments } from './documents';
import { writeCoverPage } from './cover-page';
import { readJson, writeJsonAtomic } from './json-file';
import type { SendService } from './send-service';
import fs from 'node:fs';
import type { SendFaxInput } from '../../shared/ipc/channels/send';
import { UserError } from '../errors';

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

/** The Send screen's channels. The draft keeps documents by path (never their bytes), so it survives a restart. */
export function sendHandlers(service: SendService, dataDir: string, now: () => number = Date.now): SendHandlers {
  const draftFile = path.join(dataDir, 'send', 'draft.json');
  // The renderer guards the button too, but main is the last door: a second request for a send that is
  // still running (a double click that slipped through, a replayed message) is refused, never queued.
  const sending = new Set<string>();
  return {
    inspectDocuments: ({ paths }) => inspectDocuments(paths),
    uploadDocument: ({ uploadId, path: p }) => service.upload(uploadId, p),
    cancelUpload: ({ uploadId }) => ({ cancelled: service.cancelUpload(uploadId) }),
    addFromUrl: ({ url, fileName }) => service.addFromUrl(url, fileName),
    sendFax: async (input) => {
      const key = composeKey(input);
      if (sending.has(key)) {
        throw new UserError('send.in_progress', 'This fax is already being sent. Wait for its result on the Send screen; nothing more was sent.');
      }
      sending.add(key);
      try {
        return await service.send(input);
      } finally {
        sending.delete(key);
      }
    },
    saveDraft: (draft) => {
      const savedAt = now();
      writeJsonAtomic(draftFile, { ...draft, savedAt } satisfies SendDraft);
      return { savedAt };
    },
    loadDraft: () => readJson<SendDraft>(draftFile),
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
      return { document: await inspectDocument(written.path), replacedCharacters: written.replaced };
    },
  };
}
