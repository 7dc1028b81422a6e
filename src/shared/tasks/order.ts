import { RETRYABLE_FAILURE_CODES } from '../task-state';

/** BUSY, NO_ANSWER first (in that order), then the others by count, then by code. */
export function compareFailureGroups(a: { code: string; count: number }, b: { code: string; count: number }): number {
  const codes: readonly string[] = RETRYABLE_FAILURE_CODES;
  const ra = codes.indexOf(a.code.trim().toUpperCase());
  const rb = codes.indexOf(b.code.trim().toUpperCase());
  if (ra !== -1 || rb !== -1) {
    if (ra === -1) return 1;
    if (rb === -1) return -1;
    return ra - rb;
  }
  return b.count - a.count || a.code.localeCompare(b.code);
}

/** Task refs and rcpt refs: the spec's identifier alphabet. */
export const REF_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;
