/**
 * When the office-wide Failures (and the badge and tray counts, their total) change by time alone: the
 * office counts a failed number while its latest failed fax was created within the window
 * (src/main/office/office-views.ts: created_at_ms >= now - days), so the count next drops 1 ms after the
 * oldest listed fax's creation + the window. Asked once at that moment, never on a timer of its own.
 */
import type { FailuresView } from '../tasks/types';

const DAY_MS = 86_400_000;
/** the longest a timer holds (about 24.8 days) */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The moment the oldest counted failure leaves the `days` window; null while none is counted. */
export function officeFailuresChangeAtMs(view: Pick<FailuresView, 'groups'> | undefined, days: number): number | null {
  let oldest: number | null = null;
  for (const g of view?.groups ?? []) for (const f of g.items) if (f.createdAtMs !== null && (oldest === null || f.createdAtMs < oldest)) oldest = f.createdAtMs;
  return oldest === null ? null : oldest + days * DAY_MS + 1;
}

/**
 * How long to wait until `atMs` to read a count again (false: nothing to wait for). A moment already past
 * (the answer was read just before it) waits a second, never a tight loop; a far one what a timer holds.
 */
export function delayUntilChange(atMs: number | null, now: number): number | false {
  if (atMs === null) return false;
  return Math.min(Math.max(atMs - now, 1_000), LONGEST_TIMER_MS);
}
