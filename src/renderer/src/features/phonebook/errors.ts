import type { TFunction } from 'i18next';
import { CallError } from '../../lib/api';

const KNOWN = new Set([
  'duplicate_number',
  'duplicate_group',
  'not_found',
  'file_not_found',
  'not_a_file',
  'file_too_large',
  'unreadable',
  'bad_path',
  'write_failed',
  'csv_too_many_rows',
]);

/** A phonebook error in the UI's language where its code is known; main's sentence otherwise. */
export function phonebookErrorText(t: TFunction<'phonebook'>, error: unknown): string {
  if (error instanceof CallError) {
    const code = error.code.replace(/^phonebook\./, '');
    const reason = /^invalid_number\.(\w+)$/.exec(code)?.[1];
    if (reason) return t(`reasons.${reason}`, { defaultValue: error.message });
    if (KNOWN.has(code)) return t(`errors.${code}`);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
