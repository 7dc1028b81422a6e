import type { ErrorData } from '../shared/error-data';

/**
 * An error meant for the user: it carries a stable code and a sentence that
 * says what happened and what to do. Anything else that reaches the IPC
 * boundary is reported as 'internal' without its details (src/main/ipc/to-ipc-error.ts).
 */
export class UserError extends Error {
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** context for a UI that asks a question instead (see ErrorData.details) */
  readonly details: ErrorData['details'];
  constructor(code: string, message: string, fields?: Record<string, string[]>, details?: ErrorData['details']) {
    super(message);
    this.name = 'UserError';
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}
