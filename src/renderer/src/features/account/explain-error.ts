import type { TFunction } from 'i18next';
import { CallError } from '../../lib/api';

/** Error codes (or code families) with their own explanation in the account namespace. */
const explained = new Set([
  'auth.missing_credentials',
  'auth.invalid_credentials',
  'auth.no_api_access',
  'auth.malformed_credentials',
  'auth.failed',
  'not_found.endpoint',
  'network',
  'timeout',
  'server',
  'malformed_reply',
  'rate_limited',
  'credentials.keychain_failed',
  'credentials.empty_secret',
  'credentials.secret_required',
  'credentials.no_account',
  'connection.no_service',
  'connection.too_many_tests',
]);

/** A sentence that says what went wrong and what to do, in the UI language. */
export function explainError(t: TFunction, error: unknown): string {
  if (error instanceof CallError) {
    const family = error.code.split('.')[0] ?? '';
    // An unreadable 5xx is a proxy or gateway failing in front of the service (the spec: every 5xx
    // is temporary), not an address that answers like something else.
    const status = error.error.details?.['status'];
    if (family === 'malformed_reply' && typeof status === 'number' && status >= 500) return t('account:errors.server');
    const key = explained.has(error.code) ? error.code : explained.has(family) ? family : null;
    if (key) return t(`account:errors.${key.replace(/\./g, '_')}`);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
