/**
 * Every code an error (plain ErrorData, src/shared/error-data.ts) can carry: the one vocabulary main speaks and the window translates
 * (describeError in src/renderer/src/lib/describe-error.ts, one sentence per code in both catalogues).
 * test/lint/error-codes.test.ts fails when main throws a code missing here, or a code here has no
 * sentence in either language.
 */

/** The Fax API client's error families (src/main/api/errors.ts), one code per failure the spec allows. */
export const API_ERROR_CODES = [
  'validation',
  'business.file_ref_invalid',
  'business.insufficient_balance',
  'business.account_unavailable',
  'business.remote_file_unavailable',
  'business.rejected',
  'auth.missing_credentials',
  'auth.invalid_credentials',
  'auth.no_api_access',
  'auth.malformed_credentials',
  'auth.failed',
  'not_found.task',
  'not_found.recipient',
  'not_found.endpoint',
  'server',
  'server.outcome_unknown',
  'rate_limited',
  'network.unreachable',
  'network.interrupted',
  'network.outcome_unknown',
  'timeout',
  'timeout.outcome_unknown',
  'malformed_reply',
  'malformed_reply.outcome_unknown',
  'cancelled',
  'file.unreadable',
  'file.too_large',
] as const;

/** Everything else main sends: the IPC door, local files and storage, and each feature's refusals. */
export const APP_ERROR_CODES = [
  'internal',
  'ipc.unknown_channel',
  'ipc.invalid_input',
  'ipc.untrusted_sender',
  'file.not_a_file',
  'file.not_granted',
  'file.changed',
  'file.write_failed',
  'storage.disk_full',
  'storage.write_failed',
  'connection.no_service',
  'connection.too_many_tests',
  'credentials.bad_address',
  'credentials.keychain_failed',
  'credentials.empty_secret',
  'credentials.secret_required',
  'settings.invalid',
  'settings.locked',
  'history.invalid_ref',
  'history.too_new',
  'intake.settle_failed',
  'send.in_progress',
  'send.invalid_numbers',
  'send.schedule_past',
  'send.schedule_too_far',
  'send.repeat',
  'send.not_attempted',
  'upload.busy',
  'preview.too_large',
  'preview.unreadable',
  'preview.unsupported',
  'tasks.not_found',
  'tasks.nothing_to_resend',
  'tasks.no_documents',
  'tasks.document_missing',
  'tasks.document_unreadable',
  'tasks.demo_readonly',
  'tasks.already_resent',
  'phonebook.duplicate_number',
  'phonebook.duplicate_group',
  'phonebook.not_found',
  'phonebook.file_not_found',
  'phonebook.not_a_file',
  'phonebook.file_too_large',
  'phonebook.unreadable',
  'phonebook.csv_too_many_rows',
  'phonebook.vcard_too_many',
  'directory.unreachable',
  'directory.tls_untrusted',
  'directory.tls_name',
  'directory.tls_expired',
  'directory.tls_failed',
  'directory.tls_required',
  'directory.bad_credentials',
  'directory.no_password',
  'directory.password_weaker',
  'directory.no_directory',
  'directory.too_many_tests',
  'directory.too_large',
  'directory.no_results',
  'directory.size_limit',
  'directory.time_limit',
  'directory.bad_base',
  'directory.bad_filter',
  'directory.no_access',
  'directory.plain_refused',
  'directory.keychain_failed',
  'directory.not_found',
  'directory.too_many',
  'directory.server_error',
  'directory.canceled',
  'office.plain_refused',
  'office.no_password',
  'office.tls_untrusted',
  'office.tls_name',
  'office.tls_expired',
  'office.tls_unavailable',
  'office.tls_failed',
  'office.not_postgres',
  'office.no_answer',
  'office.unreachable',
  'office.bad_password',
  'office.not_allowed',
  'office.no_database',
  'office.no_permission',
  'office.schema_newer',
  'office.failed',
  'office.queue_too_new',
  'office.bad_ca_file',
  'office.unavailable',
  'office.too_many_tests',
  'office.documents_gone',
  'office.resend_in_demo',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type ErrorCode = ApiErrorCode | (typeof APP_ERROR_CODES)[number];

/**
 * Codes made of a prefix and another vocabulary's word, translated by that vocabulary:
 * `document.<DocumentProblemCode>` (send: documents.problem) and
 * `phonebook.invalid_number.<PhoneReason>` (phonebook: reasons).
 */
export const ERROR_CODE_FAMILIES = ['document.', 'phonebook.invalid_number.'] as const;

const KNOWN: ReadonlySet<string> = new Set<string>([...API_ERROR_CODES, ...APP_ERROR_CODES]);

export function isKnownErrorCode(code: string): code is ErrorCode {
  return KNOWN.has(code);
}

/** The catalogue key of a code: dots become underscores (i18next reads dots as nesting). */
export function errorKey(code: string): string {
  return code.replace(/\./g, '_');
}
