import type { TFunction } from 'i18next';
import { CallError } from '../../lib/api';

const KNOWN = new Set([
  'unreachable',
  'tls_untrusted',
  'tls_name',
  'tls_expired',
  'tls_failed',
  'tls_required',
  'bad_credentials',
  'no_password',
  'no_results',
  'size_limit',
  'time_limit',
  'bad_base',
  'bad_filter',
  'no_access',
  'plain_refused',
  'keychain_failed',
  'not_found',
  'too_many',
]);

/** A directory error in the UI's language where its code is known; main's sentence otherwise. */
export function directoryErrorText(t: TFunction<'directory'>, error: unknown): string {
  if (error instanceof CallError) {
    const code = error.code.replace(/^directory\./, '');
    if (KNOWN.has(code)) return t(`errors.${code}` as 'errors.unreachable');
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
