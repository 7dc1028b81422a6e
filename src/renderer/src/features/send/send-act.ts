// The pieces of one send from the Send screen, named: what blocks it, whether it is reviewed first,
// and where the service's field errors land.
import type { TFunction } from 'i18next';
import type { CostEstimate, SendFieldErrors } from '@shared/send/types';
import type { Settings } from '@shared/settings';
import { MIN_SCHEDULE_LEAD_MS } from '@shared/send/limits';
import type { DocItem } from './compose-store';

/** Why the Send button cannot be pressed now (the first reason), or null. */
export function sendBlocker(
  t: TFunction<'send'>,
  s: { locked: boolean; docs: readonly DocItem[]; numbers: number; invalid: number; scheduledMs: number | null; now: number },
): string | null {
  if (s.locked) return null;
  if (s.docs.length === 0) return t('actions.needDocument');
  if (s.numbers === 0) return t('actions.needRecipient');
  if (s.invalid > 0) return t('actions.fixInvalid');
  if (s.docs.some((d) => d.upload.kind === 'uploading')) return t('actions.waitUploads');
  if (s.scheduledMs !== null && s.scheduledMs < s.now + MIN_SCHEDULE_LEAD_MS) return t('details.past');
  return null;
}

/** All the documents' pages, or null while any count is unknown. */
export function totalPages(docs: readonly DocItem[]): number | null {
  return docs.every((d) => d.doc.pages !== null) ? docs.reduce((n, d) => n + (d.doc.pages ?? 0), 0) : null;
}

/** Review first when the send is large or costly, or always if the user chose so. */
export function needsReview(review: Settings['review'], recipients: number, estimate: CostEstimate | null): boolean {
  const cost = estimate?.estimate ?? null;
  return review.always || recipients > review.recipientsAbove || (cost !== null && cost > review.costAbove);
}

/** The service's field errors split: `recipients.<i>` onto the i-th number's row, the rest as they are. */
export function splitFieldErrors(fields: SendFieldErrors, numbers: readonly string[]) {
  const serviceErrors: Record<string, string[]> = {};
  const otherErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fields)) {
    const m = /^recipients\.(\d+)$/.exec(key);
    const n = m ? numbers[Number(m[1])] : undefined;
    if (n) serviceErrors[n] = messages;
    else otherErrors[key] = messages;
  }
  return { serviceErrors, otherErrors };
}
