/**
 * The checks of a send's input before anything is uploaded: every number in
 * the spec's form and listed once, the task's name, the schedule at least a
 * minute and at most ten years ahead, and every local document still sendable.
 */
import { SPEC_NUMBER_PATTERN } from '../../shared/phone/parse';
import { toServiceTime } from '../../shared/service-time';
import { defaultTaskName, type SendFieldErrors } from '../../shared/send/types';
import { MAX_SCHEDULE_AHEAD_MS, MIN_SCHEDULE_LEAD_MS } from '../../shared/send/limits';
import { UserError } from '../errors';
import { inspectDocument } from './documents';
import type { LocalComposeDocument as ComposeDocument, LocalSendFaxInput as SendFaxInput } from './local-documents';

function checkNumbers(numbers: readonly string[]): void {
  const fields: SendFieldErrors = {};
  const seen = new Map<string, number>();
  numbers.forEach((n, i) => {
    if (!SPEC_NUMBER_PATTERN.test(n)) {
      fields[`recipients.${i}`] = [`${n} is not a fax number the service accepts: country code and number, 7 to 15 digits, first digit 1-9.`];
    } else if (seen.has(n)) {
      fields[`recipients.${i}`] = [`${n} is already in the list (row ${(seen.get(n) ?? 0) + 1}).`];
    } else seen.set(n, i);
  });
  if (Object.keys(fields).length) {
    throw new UserError('send.invalid_numbers', 'Some numbers cannot be sent. Correct or remove the highlighted rows.', fields);
  }
}

/** The schedule in service time, or null to send now; refused when it is too soon or too far. */
function checkSchedule(scheduledAt: number | null, nowMs: number, serviceTimeZone: string): string | null {
  if (scheduledAt === null) return null;
  if (scheduledAt < nowMs + MIN_SCHEDULE_LEAD_MS) {
    throw new UserError(
      'send.schedule_past',
      'The scheduled time has passed or is less than a minute away. Pick a later time, or clear it to send now.',
      { scheduledAt: ['Pick a time at least a minute from now.'] },
    );
  }
  if (scheduledAt > nowMs + MAX_SCHEDULE_AHEAD_MS) {
    throw new UserError('send.schedule_too_far', 'The scheduled time is more than ten years away. Check the date.', {
      scheduledAt: ['Pick a time within the next ten years.'],
    });
  }
  return toServiceTime(new Date(scheduledAt), serviceTimeZone);
}

export function checkInput(input: SendFaxInput, nowMs: number, serviceTimeZone: string): { name: string; scheduledAt: string | null } {
  checkNumbers(input.numbers);
  const first = input.documents[0];
  const name = defaultTaskName(input.name.trim() || (first ? first.name : '')) || 'Fax';
  return { name, scheduledAt: checkSchedule(input.scheduledAt, nowMs, serviceTimeZone) };
}

/** Each local document checked again (it may have changed since it was added): the first problem is refused with its row. */
export async function checkDocuments(documents: readonly ComposeDocument[]): Promise<void> {
  for (const [i, d] of documents.entries()) {
    if (d.path === null) continue;
    const info = await inspectDocument(d.path);
    if (info.error) {
      throw new UserError(`document.${info.error.code}`, info.error.message, { [`documents.${i}`]: [info.error.message] }, { name: info.name, size: info.size });
    }
  }
}
