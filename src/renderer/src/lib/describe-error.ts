import { i18next } from '../i18n';
import { CallError } from './api';
import { errorKey } from '@shared/errors/error-codes';
import type { IpcError } from '@shared/ipc/define';

/** An error as main sends it inside a result (e.g. one part of a send), not thrown. */
function isIpcError(e: unknown): e is IpcError {
  return typeof e === 'object' && e !== null && !(e instanceof Error) && typeof (e as IpcError).code === 'string' && typeof (e as IpcError).message === 'string';
}

/** A screen where the same failure calls for other advice (errors: inContext). */
export type ErrorContext = 'account' | 'send' | 'url' | 'preview';

const DOCUMENT = 'document.';
const PHONE = 'phonebook.invalid_number.';

/** "857 bytes", "1.5 MB" in the UI's language (Intl knows the units' names, e.g. 字节). */
export function formatSize(bytes: number, language: string = i18next.language || 'en'): string {
  const [value, unit, digits] =
    bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte', 1] : bytes >= 1024 ? [bytes / 1024, 'kilobyte', 0] : [bytes, 'byte', 0];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: bytes < 1024 ? 'long' : 'short', maximumFractionDigits: digits }).format(value);
}

/**
 * What went wrong and what to do, in the UI's language: one translated sentence per code main can
 * send (src/shared/errors/error-codes.ts), with the values main put in the error's details. Never an
 * internal code, and never main's English sentence in the Chinese UI.
 */
export function describeError(error: unknown, context?: ErrorContext): string {
  const t = i18next.t.bind(i18next);
  const ipc = error instanceof CallError ? error.error : isIpcError(error) ? error : null;
  if (!ipc) {
    // A failure of the window itself (the bridge gone, a bug): the console keeps the details.
    console.error(error);
    return t(error instanceof Error && /bridge missing/i.test(error.message) ? 'common:errors.bridgeMissing' : 'errors:unknown');
  }
  const { code } = ipc;
  const details = ipc.details ?? {};
  if (code.startsWith(DOCUMENT)) {
    const size = typeof details['size'] === 'number' && details['size'] > 0 ? formatSize(details['size']) : '> 10 MB';
    return t(`send:documents.problem.${code.slice(DOCUMENT.length)}`, { name: details['name'] ?? '', size, defaultValue: t('errors:codes.file_unreadable') });
  }
  if (code.startsWith(PHONE)) return t(`phonebook:reasons.${code.slice(PHONE.length)}`, { defaultValue: t('errors:unknown') });
  const status = details['status'];
  // An unreadable 5xx is a proxy or gateway failing in front of the service: the spec makes every 5xx temporary.
  const key = code === 'malformed_reply' && typeof status === 'number' && status >= 500 ? 'server' : errorKey(code);
  const values = { ...details, ...(typeof details['variant'] === 'string' ? { context: details['variant'] } : {}) };
  if (context && i18next.exists(`errors:inContext.${context}.${key}`)) return t(`errors:inContext.${context}.${key}`, values);
  if (i18next.exists(`errors:codes.${key}`)) return t(`errors:codes.${key}`, values);
  console.error(`no sentence for error code ${code}`);
  return t('errors:unknown');
}
