import { alreadyResentDetails, sendRepeatDetails, type AlreadyResentDetails, type SendRepeatDetails } from '@shared/errors/error-details';
import type { ErrorData } from '@shared/error-data';
import { CallError } from './api';

/**
 * What the window does about an error besides wording it (describeError, beside this file, words
 * every error). Some errors are questions or point at fields: the screen opens that flow instead of,
 * or as well as, showing the sentence.
 */
export type FollowUp =
  /** 'send.repeat': the same fax was sent lately; ask "send it again?" (nothing was sent) */
  | { kind: 'askSendAgain'; details: SendRepeatDetails }
  /** 'tasks.already_resent': these recipients were resent before; ask "resend again?" */
  | { kind: 'askResendAgain'; details: AlreadyResentDetails }
  /** 'ipc.invalid_input' and refusals that name fields: mark the fields; a form shows no top error for input it checks itself */
  | { kind: 'markFields'; fields: Record<string, string[]>; inputOnly: boolean };

type Step = (error: ErrorData) => FollowUp | null;

/**
 * The one ordered chain (as GitHub Desktop's error handlers): each step claims the error by returning
 * its follow-up, or passes it on with null; the first claim wins. A new question goes here, with its
 * details reader in src/shared/errors/error-details.ts and its sentence in the error catalogues.
 */
export const FOLLOW_UPS: readonly Step[] = [
  (e) => {
    const details = sendRepeatDetails(e);
    return details ? { kind: 'askSendAgain', details } : null;
  },
  (e) => {
    const details = alreadyResentDetails(e);
    return details ? { kind: 'askResendAgain', details } : null;
  },
  (e) => (e.fields && Object.keys(e.fields).length > 0 ? { kind: 'markFields', fields: e.fields, inputOnly: e.code === 'ipc.invalid_input' } : null),
];

/** The error as main sent it, whether thrown by call() or kept in a result (one part of a send). */
function errorDataOf(error: unknown): ErrorData | null {
  if (error instanceof CallError) return error.error;
  const e = error as Partial<ErrorData> | null;
  return typeof e === 'object' && e !== null && !(error instanceof Error) && typeof e.code === 'string' && typeof e.message === 'string' ? (e as ErrorData) : null;
}

/** The follow-up the first step of the chain claims, or null: then the sentence alone is shown. */
export function followUpOf(error: unknown): FollowUp | null {
  const data = errorDataOf(error);
  if (!data) return null;
  for (const step of FOLLOW_UPS) {
    const followUp = step(data);
    if (followUp) return followUp;
  }
  return null;
}
