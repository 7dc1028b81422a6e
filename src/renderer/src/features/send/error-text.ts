import type { TFunction } from 'i18next';
import { CallError } from '../../lib/api';

/** An error of the send path in the UI language when its code has a sentence under `under`, else as main worded it. */
export function sendErrorText(t: TFunction<'send'>, code: string, message: string, under: 'errors' | 'url.errors' | 'preview.errors' = 'errors'): string {
  return t(`${under}.${code.replace(/\./g, '_')}`, { defaultValue: '' }) || message;
}

/** The same for a caught error (a CallError from main, or anything else by its message). */
export function caughtErrorText(t: TFunction<'send'>, e: unknown, under: 'errors' | 'url.errors' = 'errors'): string {
  return e instanceof CallError ? sendErrorText(t, e.code, e.message, under) : (e as Error).message;
}
