import type { IpcError } from '../shared/ipc/define';
import { ioUserErrorAtBoundary } from './storage/io-error';

/**
 * An error meant for the user: it carries a stable code and a sentence that
 * says what happened and what to do. Anything else that reaches the IPC
 * boundary is reported as 'internal' without its details.
 */
export class UserError extends Error {
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** context for a UI that asks a question instead (see IpcError.details) */
  readonly details: IpcError['details'];
  constructor(code: string, message: string, fields?: Record<string, string[]>, details?: IpcError['details']) {
    super(message);
    this.name = 'UserError';
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

/** Errors that know how to present themselves across IPC. */
export interface ToIpcError {
  toIpcError(): IpcError;
}

function hasToIpcError(e: unknown): e is ToIpcError {
  return typeof e === 'object' && e !== null && typeof (e as ToIpcError).toIpcError === 'function';
}

export function toIpcError(e: unknown): IpcError {
  if (hasToIpcError(e)) return e.toIpcError();
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
