/**
 * Sending a fax: uploads from disk with progress and cancel, one create per
 * 100 numbers, and the local history written before and after each create.
 *
 * This file only wires the steps, each a rule of its own: the upload step
 * (upload-step.ts), the checks of the input (send-input.ts), "the same fax
 * again" (repeat-window.ts, send-fingerprint.ts), the send in order
 * (send-flow.ts), creating the tasks with the intent and outcome unknown
 * (create-tasks.ts, shared with resend and auto-retry), the result
 * (send-outcome.ts) and the price behind the estimate (unit-price.ts).
 */
import type { CostEstimate, SendResult, UploadResult } from '../../shared/send/types';
import type { GrantedInput } from '../files/grants';
import type { LocalComposeDocument as ComposeDocument, LocalSendFaxInput as SendFaxInput } from './local-documents';
import type { SendServiceDeps } from './send-deps';
import { sendFax } from './send-flow';
import { estimateCost } from './unit-price';
import { createUploadStep } from './upload-step';

export type { SendHistoryPort, SendServiceDeps } from './send-deps';

export interface SendService {
  /** `granted`: the file the user granted, checked on the descriptor the upload reads */
  upload(uploadId: string, filePath: string, granted?: Pick<GrantedInput, 'identity' | 'name'>): Promise<UploadResult>;
  cancelUpload(uploadId: string): boolean;
  addFromUrl(url: string, fileName?: string): Promise<{ document: ComposeDocument; upload: UploadResult }>;
  send(input: SendFaxInput): Promise<SendResult>;
  estimateCost(pages: number | null, recipients: number): CostEstimate;
  /** the last unit price seen (tasks view and send both feed the history) */
  lastUnitPrice(): number | null;
}

export function createSendService(deps: SendServiceDeps): SendService {
  const now = deps.now ?? Date.now;
  const uploads = createUploadStep({ dataDir: deps.dataDir, session: deps.session, emitProgress: deps.emitProgress, log: deps.log, now });
  const lastUnitPrice = () => deps.history.lastUnitPrice();
  return {
    upload: (uploadId, filePath, granted) => uploads.uploadPath(filePath, uploadId, granted),
    cancelUpload: (uploadId) => uploads.cancel(uploadId),
    async addFromUrl(url, fileName) {
      const upload = await uploads.uploadUrl(url, fileName);
      const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'document';
      const name = fileName?.trim() || fromUrl;
      return { document: { path: null, url, name, pages: null, fileRef: upload.fileRef }, upload };
    },
    send: (input) => sendFax(deps, uploads, now, input),
    lastUnitPrice,
    // The service's price wins: it is what the account is actually charged.
    estimateCost: (pages, recipients) => estimateCost(lastUnitPrice(), () => deps.contractUnitPrice?.() ?? null, pages, recipients),
  };
}
