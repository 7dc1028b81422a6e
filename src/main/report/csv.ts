import Papa from 'papaparse';
import { escapeCsvCell } from '../storage/csv-cell';
import type { TaskDetailView } from '../../shared/tasks/types';

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/**
 * One row per recipient, every field of the record. Times are given as the
 * service wrote them (its own time zone, which the column names say) and as
 * ISO 8601 instants, so a spreadsheet in any zone reads them right. Text cells are escaped wherever a spreadsheet could run
 * part of them as a formula (storage/csv-cell.ts; names and reasons come from outside).
 */
export function taskCsv(detail: TaskDetailView): string {
  const { task } = detail;
  const rows = detail.recipients.map((r) => ({
    task_ref: task.taskRef ?? '',
    task_name: task.name,
    task_status: task.status,
    rcpt_ref: r.rcptRef,
    phone_number: r.phoneNumber,
    // the phonebook's name when the fax was sent (kept with the task; empty when the number had none)
    contact_name: r.contactName ?? '',
    status: r.status,
    page_count: r.pageCount ?? '',
    unit_price: r.unitPrice ?? '',
    charged_amount: r.chargedAmount ?? '',
    failed_code: r.failedCode ?? '',
    failed_reason: r.failedReason ?? '',
    retryable: r.retryable ? 'yes' : 'no',
    created_at_service_time: r.createdAt ?? '',
    completed_at_service_time: r.completedAt ?? '',
    completed_at_utc: iso(r.completedAtMs),
    // A demo task's CSV must not pass for proof of delivery.
    demo: task.demo ? 'yes: demo mode, nothing was sent' : 'no',
  }));
  const columns = [
    'task_ref', 'task_name', 'task_status', 'rcpt_ref', 'phone_number', 'contact_name', 'status', 'page_count', 'unit_price',
    'charged_amount', 'failed_code', 'failed_reason', 'retryable', 'created_at_service_time', 'completed_at_service_time', 'completed_at_utc', 'demo',
  ];
  // Text from the service and the user (names, reasons) is escaped where any part of it could start a formula.
  const data = rows.map((r) => columns.map((c) => {
    const v = r[c as keyof typeof r];
    return typeof v === 'string' ? escapeCsvCell(v) : v;
  }));
  // A BOM so Excel opens UTF-8 (Chinese names) correctly.
  return '\uFEFF' + Papa.unparse({ fields: columns, data }, { newline: '\r\n' });
}
