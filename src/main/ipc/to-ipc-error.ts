import type { IpcError } from '../../shared/ipc/define';
import { UserError } from '../errors';
import { ioUserErrorAtBoundary } from '../storage/io-error';

/** Errors that know how to present themselves as plain error data (the API client's families). */
export interface ToErrorData {
  toErrorData(): IpcError;
}

function hasToErrorData(e: unknown): e is ToErrorData {
  return typeof e === 'object' && e !== null && typeof (e as ToErrorData).toErrorData === 'function';
}

/**
 * What crosses the door for a thrown error: a UserError (or an error that knows its own plain form)
 * keeps its code and message, an I/O failure says what failed and where, anything else is 'internal'
 * with a generic sentence (the caller logs it). Only the doors call this (register.ts, dispatch.ts,
 * the preview's bridge).
 */
export function toIpcError(e: unknown): IpcError {
  if (hasToErrorData(e)) return e.toErrorData();
  if (e instanceof UserError) {
    return {
      code: e.code,
      message: e.message,
      ...(e.fields ? { fields: e.fields } : {}),
      ...(e.details ? { details: e.details } : {}),
    };
  }
  // A full disk or another I/O failure says what failed and where, not "something went wrong".
  const io = ioUserErrorAtBoundary(e);
  if (io) return { code: io.code, message: io.message };
  return { code: 'internal', message: 'Something went wrong inside FaxDesk. Try again; if it keeps happening, restart the app.' };
}
