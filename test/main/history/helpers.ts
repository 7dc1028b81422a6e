import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecipientRecord, Task } from '@shared/api/schemas';

export function tempDir(): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-history-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function record(rcptRef: string, phone: string, status: string, extra: Partial<RecipientRecord> = {}): RecipientRecord {
  const done = status === 'success' || status === 'failed' || status === 'canceled';
  return {
    rcpt_ref: rcptRef,
    phone_number: phone,
    unit_price: 0.1,
    page_count: status === 'success' ? 2 : 0,
    charged_amount: status === 'success' ? 0.2 : 0,
    status,
    failed_code: status === 'failed' ? 'BUSY' : null,
    failed_reason: status === 'failed' ? 'Line busy' : null,
    completed_at: done ? '2026-05-01 10:05:00' : null,
    created_at: '2026-05-01 10:00:00',
    ...extra,
  };
}

export function task(taskRef: string, status: string, recipients: RecipientRecord[], extra: Partial<Task> = {}): Task {
  return { task_ref: taskRef, name: `Task ${taskRef}`, status, scheduled_at: null, created_at: '2026-05-01 10:00:00', recipients, ...extra };
}
