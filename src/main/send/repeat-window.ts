/**
 * "The same fax again": a send of the same documents to the same numbers in
 * the same profile within the window is asked about first ('send.repeat'),
 * with when and as what it went out. The fingerprint is send-fingerprint.ts.
 */
import { REPEAT_WINDOW_MINUTES, SEND_REPEAT_CODE } from '../../shared/errors/error-details';
import type { RepeatMatch } from '../history/types';
import { UserError } from '../errors';

/** What the window needs from the history: the latest send of this fingerprint since `sinceMs`. */
export interface RepeatLookup {
  findRepeat(profile: string, fingerprint: string, sinceMs: number): RepeatMatch | null;
}

/** Throws 'send.repeat' when this fax (documents + numbers) went out in this profile within the window. */
export function checkRepeat(history: RepeatLookup, nowMs: number, profile: string, fingerprint: string, name: string): void {
  const windowMs = REPEAT_WINDOW_MINUTES * 60_000;
  const earlier = history.findRepeat(profile, fingerprint, nowMs - windowMs);
  if (!earlier) return;
  const at = new Date(earlier.createdAtMs).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  throw new UserError(
    SEND_REPEAT_CODE,
    `You sent this fax (the same documents to the same numbers) at ${at} as “${earlier.name}”. Send it again?`,
    undefined,
    {
      sentAtMs: earlier.createdAtMs,
      taskName: earlier.name || name,
      taskRef: earlier.taskRef,
      sendId: earlier.sendId,
      windowMinutes: REPEAT_WINDOW_MINUTES,
    },
  );
}
