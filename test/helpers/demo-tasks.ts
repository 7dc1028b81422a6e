// A demo service's kept state for tests that read or write it at scale (the simulator's journal, the app's
// start-up check of the demo state): one account and finished tasks of `recipients` numbers each.
import type { AccountRecord, TaskRecord } from '../../src/simulator/types';

export const demoStamp = '2026-11-27 08:00:00';

export function demoAccount(): AccountRecord {
  return { uid: 'U1', name: 'Demo', balanceFen: 50_000, webhook_url: null, status: 'active', apiEnabled: true, created_at: demoStamp, updated_at: demoStamp };
}

/** Task `i`, done, every number reached. */
export function demoTask(i: number, recipients = 10): TaskRecord {
  return {
    task_ref: `T${String(i).padStart(8, '0')}`,
    name: `Demo fax ${i}`,
    status: 'done',
    scheduled_at: demoStamp,
    created_at: demoStamp,
    file_refs: [`F${i}`],
    pages: 2,
    conversionError: null,
    startAtMs: 0,
    reservedFen: 0,
    recipients: Array.from({ length: recipients }, (_, r) => ({
      rcpt_ref: `R${i}-${r}`,
      phone_number: `86138${String(i * 100 + r).padStart(8, '0')}`,
      unit_price: 0.3,
      page_count: 2,
      charged_amount: 0.6,
      status: 'success' as const,
      failed_code: null,
      failed_reason: null,
      completed_at: demoStamp,
      created_at: demoStamp,
    })),
  };
}
