import type { ErrorData } from '../error-data';

// The details of the errors that ask the user a question (send again? resend again?), and how the
// window reads them. No zod here: the Send screen reads them without loading the IPC schemas.

/**
 * Contract of the repeat question (send-core ↔ send-ui):
 *
 *   sendFax → { ok: false, error: {
 *     code: 'send.repeat',
 *     message: 'You sent this fax (same documents to the same numbers) at 11:06 as "Invoice". Send it again?',
 *     details: {
 *       sentAtMs: number,        // when the earlier send was made (ms since epoch; format in local time)
 *       taskName: string,        // the name the user gave the earlier send
 *       taskRef: string | null,  // its first created task, null if none was created (outcome unknown)
 *       sendId: number,          // its local send id in the history
 *       windowMinutes: number,   // the repeat window that matched (default 30)
 *     } } }
 *
 * Nothing was uploaded or created. To send anyway, call sendFax again with the
 * same input plus `confirmRepeat: true`. `fields` is not set.
 */
export const SEND_REPEAT_CODE = 'send.repeat';
export const REPEAT_WINDOW_MINUTES = 30;

export interface SendRepeatDetails {
  sentAtMs: number;
  taskName: string;
  taskRef: string | null;
  sendId: number;
  windowMinutes: number;
  /** set when another desk of the office sent it (the office outbox): who, and from which computer */
  senderName?: string;
  computerName?: string;
}

/** The details of `error` when it has `code` and every field `required` names has its type; null otherwise. */
function detailsOf(error: ErrorData, code: string, required: Record<string, 'number' | 'string'>): NonNullable<ErrorData['details']> | null {
  const d = error.details;
  if (error.code !== code || !d) return null;
  return Object.entries(required).every(([k, type]) => typeof d[k] === type) ? d : null;
}

const stringOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The repeat details of an error, or null when it is not a 'send.repeat'. */
export function sendRepeatDetails(error: ErrorData): SendRepeatDetails | null {
  const d = detailsOf(error, SEND_REPEAT_CODE, { sentAtMs: 'number', taskName: 'string', sendId: 'number' });
  if (!d) return null;
  return {
    sentAtMs: d.sentAtMs as number,
    taskName: d.taskName as string,
    taskRef: stringOrNull(d.taskRef),
    sendId: d.sendId as number,
    windowMinutes: typeof d.windowMinutes === 'number' ? d.windowMinutes : REPEAT_WINDOW_MINUTES,
    ...(typeof d.senderName === 'string' && typeof d.computerName === 'string' ? { senderName: d.senderName, computerName: d.computerName } : {}),
  };
}

/**
 * A second resend of the same recipients of the same task:
 *   { code: 'tasks.already_resent', message, details: {
 *       taskRef: string | null,  // the earlier resend's task (null if its create got no answer)
 *       taskName: string,
 *       resentAtMs: number } }
 * Nothing was uploaded or created; call again with confirmRepeat: true to resend anyway.
 */
export const ALREADY_RESENT_CODE = 'tasks.already_resent';
/** An action on a task of another profile (demo while an account is connected) */
export const OTHER_PROFILE_CODE = 'tasks.demo_readonly';

export interface AlreadyResentDetails {
  taskRef: string | null;
  taskName: string;
  resentAtMs: number;
  /** another desk's resend (the office outbox): who resent it, from which computer */
  by: { senderName: string; computerName: string } | null;
}

export function alreadyResentDetails(error: ErrorData): AlreadyResentDetails | null {
  const d = detailsOf(error, ALREADY_RESENT_CODE, { taskName: 'string', resentAtMs: 'number' });
  if (!d) return null;
  const senderName = stringOrNull(d.senderName);
  const computerName = stringOrNull(d.computerName);
  const by = d.variant === 'office' && senderName && computerName ? { senderName, computerName } : null;
  return { taskRef: stringOrNull(d.taskRef), taskName: d.taskName as string, resentAtMs: d.resentAtMs as number, by };
}
