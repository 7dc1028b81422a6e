/**
 * Task responses for filling a history: shaped exactly like the service's
 * task-query answers (the simulator's), with deterministic variety — names,
 * numbers, successes, the three failure codes, pages and charges.
 */
import type { TaskResponse } from '../../src/main/history';
import { toServiceTime } from '../../src/shared/service-time';

const TZ = 'Asia/Shanghai';
const FAILURES = [
  { code: 'BUSY', reason: 'The line was busy.' },
  { code: 'NO_ANSWER', reason: 'No answer after 60 seconds.' },
  { code: 'NOT_A_FAX_MACHINE', reason: 'A voice line answered.' },
];

export interface SyntheticTaskOptions {
  index: number;
  recipients: number;
  status: 'done' | 'failed' | 'pending' | 'sending';
  createdAtMs: number;
  /** share of failed recipients in a finished task, 0..1 */
  failedShare?: number;
  refPrefix?: string;
}

export function syntheticTask(o: SyntheticTaskOptions): TaskResponse {
  const created = toServiceTime(new Date(o.createdAtMs), TZ);
  const completed = toServiceTime(new Date(o.createdAtMs + 5 * 60_000), TZ);
  const pages = 1 + (o.index % 4);
  const failEvery = o.failedShare && o.failedShare > 0 ? Math.max(1, Math.round(1 / o.failedShare)) : 0;
  const prefix = o.refPrefix ?? 'bench';
  const recipients = Array.from({ length: o.recipients }, (_, r) => {
    const finished = o.status === 'done' || o.status === 'failed';
    const failed = o.status === 'failed' || (finished && failEvery > 0 && (r + o.index) % failEvery === 0);
    const f = FAILURES[(r + o.index) % FAILURES.length]!;
    const status = !finished ? (o.status === 'sending' && r < 5 ? 'sending' : 'pending') : failed ? 'failed' : 'success';
    return {
      rcpt_ref: `rcpt_${prefix}_${o.index}_${r}`,
      phone_number: `86${String(13_000_000_000 + ((o.index * 131 + r * 7919) % 999_999_999))}`,
      unit_price: 0.3,
      page_count: status === 'success' ? pages : 0,
      charged_amount: status === 'success' ? Math.round(pages * 30) / 100 : 0,
      status,
      failed_code: status === 'failed' ? f.code : null,
      failed_reason: status === 'failed' ? f.reason : null,
      completed_at: finished ? completed : null,
      created_at: created,
    };
  });
  return {
    task_ref: `task_${prefix}_${o.index}`,
    name: `Invoice batch ${o.index}`,
    status: o.status,
    scheduled_at: created,
    created_at: created,
    recipients,
  };
}
