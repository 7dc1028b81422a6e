/**
 * Recipient failure codes. The spec withholds the code list; it names BUSY
 * and NO_ANSWER as the ones after which sending again is reasonable, so those
 * are the only codes FaxDesk offers to retry. Everything else is shown raw.
 */
export const RETRYABLE_FAILURE_CODES = ['BUSY', 'NO_ANSWER'] as const;

/** Case and surrounding spaces are ignored: the service's spelling is not specified. */
export function isRetryableCode(code: string | null | undefined): boolean {
  if (typeof code !== 'string') return false;
  return (RETRYABLE_FAILURE_CODES as readonly string[]).includes(code.trim().toUpperCase());
}
