/**
 * The send as services.ts wires it, like every other feature: the upload-and-create core
 * (send-service.ts) over the local history, plus what the Send screen keeps between sends — its
 * draft (drafts.ts), the cover page (cover-page.ts), the check of its documents — and main's own
 * guard against the same send twice at once (in-flight.ts). src/main/ipc/handlers/send.ts is its door and only maps handles to paths.
 */
import path from 'node:path';
import type { Task } from '../../shared/api/schemas';
import type { CostEstimate, CoverPageInput } from '../../shared/send/types';
import type { History } from '../history';
import { readJsonFile, writeJsonFile } from '../storage/json-file';
import { writeCoverPage } from './cover-page';
import { inspectDocument, inspectDocuments } from './documents';
import { createDraftStore } from './drafts';
import { onceInFlight } from './in-flight';
import type { LocalDocumentInfo, StoredDraft } from './local-documents';
import { createSendService, type SendHistoryPort, type SendService, type SendServiceDeps } from './send-service';

const PRICE_LOOKBACK = 50;

/**
 * The local history as the send needs it, and the last unit price seen for the cost estimate.
 * `ingest` applies a task response: services.ts passes the tracker's, so the send's follow-up query
 * is announced and notified like any poll, and applied once.
 */
export function historyPort(history: History, dataDir: string, ingest: (task: Task) => void = (task) => history.applyTaskResponse(task)): SendHistoryPort {
  const priceFile = path.join(dataDir, 'send', 'unit-price.json');
  let remembered = readJsonFile<{ unitPrice: number }>(priceFile)?.unitPrice ?? null;
  return {
    recordSend: (intent) => history.recordSend(intent),
    markCreated: (taskId, task) => void history.recordCreated(taskId, task),
    markFailed: (taskId, error) => history.markCreateFailed(taskId, error.message),
    markOutcomeUnknown: (taskId, reason) => history.markOutcomeUnknown(taskId, reason),
    updateSendFiles: (sendId, files) => history.updateSendFiles(sendId, files),
    findRepeat: (profile, fingerprint, sinceMs) => history.findRepeat(profile, fingerprint, sinceMs),
    applyTaskResponse(task) {
      ingest(task);
      const price = task.recipients.find((r) => Number.isFinite(r.unit_price) && r.unit_price > 0)?.unit_price;
      if (price !== undefined && price !== remembered) {
        remembered = price;
        writeJsonFile(priceFile, { unitPrice: price });
      }
    },
    lastUnitPrice() {
      // Charged tasks give the price actually billed (charges / pages); the most recent one wins.
      // Any profile: the demo's price is only an estimate, but better than none before the first real fax.
      for (const t of history.listTasks({ sort: { by: 'created', dir: 'desc' }, limit: PRICE_LOOKBACK })) {
        if (t.counts.pages > 0 && t.counts.charges > 0) return Math.round((t.counts.charges / t.counts.pages) * 10_000) / 10_000;
      }
      return remembered;
    },
  };
}

export type SendFeatureDeps = Omit<SendServiceDeps, 'history'> & {
  /** the local history (wrapped by the office outbox in services.ts) */
  history: History;
  /** applies a task response (default: straight to the history) */
  ingest?: (task: Task) => void;
};

export interface SendFeature extends SendService {
  /** what the Send screen shows of each document before it is sent (never throws: problems are data) */
  inspect(paths: readonly string[]): Promise<LocalDocumentInfo[]>;
  saveDraft(draft: Omit<StoredDraft, 'savedAt'>): { savedAt: number };
  /** null when there is none (or it was unreadable) */
  loadDraft(): StoredDraft | null;
  clearDraft(): { cleared: boolean };
  /** writes the cover page as a PDF in main's data folder, to be sent first */
  makeCoverPage(input: CoverPageInput): Promise<{ document: LocalDocumentInfo; replacedCharacters: boolean }>;
  estimateCost(pages: number | null, recipients: number): CostEstimate;
}

export function createSendFeature(deps: SendFeatureDeps): SendFeature {
  const core = createSendService({ ...deps, history: historyPort(deps.history, deps.dataDir, deps.ingest) });
  const drafts = createDraftStore(deps.dataDir, deps.now);
  return {
    ...core,
    send: onceInFlight((input) => core.send(input)),
    inspect: (paths) => inspectDocuments(paths),
    saveDraft: (draft) => drafts.save(draft),
    loadDraft: () => drafts.load(),
    clearDraft: () => drafts.clear(),
    async makeCoverPage(input) {
      const written = await writeCoverPage(deps.dataDir, input);
      return { document: await inspectDocument(written.path), replacedCharacters: written.replaced };
    },
  };
}
