/**
 * A send's result from its parts' endings: each part's place in the list of
 * numbers, the service's field errors mapped onto the Send screen's rows, the
 * numbers that went out, and the send as a whole — outcome unknown if any part
 * is, refused when none was created, partial when some were.
 */
import type { CreatedTask } from '../../shared/api/schemas';
import { mapServiceField, type CreatedTaskSummary, type SendFieldErrors, type SendPartResult, type SendResult } from '../../shared/send/types';
import { ValidationError } from '../api/errors';
import type { CreatedPart } from './create-tasks';

function summary(task: CreatedTask): CreatedTaskSummary {
  return {
    taskRef: task.task_ref,
    name: task.name,
    scheduledAt: task.scheduled_at,
    recipients: task.recipients.map((r) => ({ rcptRef: r.rcpt_ref, phoneNumber: r.phone_number })),
  };
}

export function overallOf(results: readonly SendPartResult[]): SendResult['overall'] {
  const created = results.filter((r) => r.status === 'created').length;
  const unknown = results.some((r) => r.status === 'outcome_unknown');
  const refused = results.some((r) => r.status === 'refused');
  return unknown ? 'outcome_unknown' : refused ? (created > 0 ? 'partial' : 'refused') : 'sent';
}

export function sendOutcome(parts: readonly CreatedPart[]): Pick<SendResult, 'overall' | 'parts' | 'fields' | 'sentNumbers'> {
  const results: SendPartResult[] = [];
  const fields: SendFieldErrors = {};
  const sentNumbers: string[] = [];
  let offset = 0;
  for (const part of parts) {
    const firstIndex = offset;
    offset += part.phoneNumbers.length;
    if (part.cause instanceof ValidationError) {
      for (const [key, messages] of Object.entries(part.cause.fields)) {
        (fields[mapServiceField(key, firstIndex)] ??= []).push(...messages);
      }
    }
    if (part.task) sentNumbers.push(...part.phoneNumbers);
    results.push({
      index: part.index,
      name: part.name,
      firstIndex,
      count: part.phoneNumbers.length,
      status: part.status,
      task: part.task ? summary(part.task) : null,
      error: part.error,
    });
  }
  return { overall: overallOf(results), parts: results, fields, sentNumbers };
}
