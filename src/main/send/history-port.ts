/**
 * Adapts the local history (src/main/history) to what the send needs, and
 * finds the last unit price seen for the cost estimate.
 */
import path from 'node:path';
import type { Task } from '../../shared/api/schemas';
import type { History } from '../history';
import { readJsonFile, writeJsonFile } from '../storage/json-file';
import type { SendHistoryPort } from './send-service';

const PRICE_LOOKBACK = 50;

/**
 * `ingest` applies a task response to the history: services.ts passes the
 * tracker's, so the send's follow-up query is announced and notified like any
 * poll, and applied once.
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
