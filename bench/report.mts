/**
 * Transmission report: how long one report takes to build when a recipient's
 * failure reason is 32,000 characters (a service that sends a whole log back).
 * Report building runs in the main process, so while it lasts every IPC call
 * waits; the layout must be linear in the text (it was quadratic: 78 s).
 */
import { buildTransmissionReport } from '../src/main/report/transmission-report';
import type { RecipientView, TaskDetailView } from '../src/shared/tasks/types';
import { figure, type Figure } from './lib/report.mts';

const REASON_CHARS = 32_000;

function longReasonTask(): TaskDetailView {
  const words: string[] = [];
  for (let i = 0, n = 0; n < REASON_CHARS; i++) {
    const w = `line${i}:${'x'.repeat(i % 11)}`;
    words.push(w);
    n += w.length + 1;
  }
  const reason = words.join(' ').slice(0, REASON_CHARS);
  const recipient = (i: number): RecipientView => ({
    rcptRef: `r${i}`,
    phoneNumber: `86138001380${String(i).padStart(2, '0')}`,
    contactName: null,
    status: 'failed',
    pageCount: 0,
    unitPrice: 0.1,
    chargedAmount: 0,
    failedCode: 'LINE_ERROR',
    failedReason: i === 0 ? reason : 'Line busy',
    completedAt: null,
    completedAtMs: Date.now(),
    createdAt: null,
    createdAtMs: Date.now(),
    retryable: false,
  });
  return {
    task: {
      id: 'bench', taskRef: 'bench', name: 'Long failure reason', status: 'failed', outcomeUnknown: false,
      createdAtMs: Date.now(), scheduledAtMs: null, recipients: { total: 20, success: 0, failed: 20, pending: 0, canceled: 0 },
      pages: 0, charges: 0, resendOf: null, checkedAtMs: Date.now(), error: null, source: 'sent', demo: false, readOnly: false,
    },
    recipients: Array.from({ length: 20 }, (_, i) => recipient(i)),
    resentAs: [],
    files: [],
    nextCheckAtMs: null,
    serviceTimeZone: 'Asia/Shanghai',
  };
}

export async function reportFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const detail = longReasonTask();
  await buildTransmissionReport(detail); // warm-up: fonts, JIT
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await buildTransmissionReport(detail);
    times.push(performance.now() - t0);
    log(`  report with a ${REASON_CHARS}-character reason: ${times[i]!.toFixed(0)} ms`);
  }
  return [figure(`transmission report, ${REASON_CHARS / 1000}k-character failure reason`, 'ms', '< 1000 ms', times, (m) => m < 1000, '20 recipients, the whole reason wrapped')];
}
