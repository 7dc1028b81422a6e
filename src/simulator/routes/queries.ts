/** GET task, GET recipient and GET account. */
import type { ServerResponse } from 'node:http';
import type { SimContext } from '../context';
import { fail, ok } from '../http';
import type { RecipientRecord, TaskRecord, WireTask } from '../types';

export const TASK_MESSAGES = {
  ok: 'Task details retrieved',
  invalid: 'Invalid task_ref format',
  notFound: 'Fax job not found',
  serverError: 'Failed to fetch task',
} as const;

export const RECIPIENT_MESSAGES = {
  ok: 'Recipient details retrieved',
  invalid: 'Invalid rcpt_ref format',
  notFound: 'Recipient not found',
  serverError: 'Failed to fetch recipient',
} as const;

/** The spec keys the format error `uid`, whichever identifier was wrong. */
export function identifierErrors(raw: string | null): string[] | null {
  if (raw === null) return ['The uid field must be a valid UTF-8, percent-encoded string.'];
  if (raw === '') return ['The uid field is required.'];
  const out: string[] = [];
  if ([...raw].length > 255) out.push('The uid field must not be greater than 255 characters.');
  if (!/^[A-Za-z0-9_-]*$/.test(raw)) out.push('The uid field must only contain letters, numbers, dashes and underscores.');
  return out.length ? out : null;
}

export function recipientView(r: RecipientRecord): RecipientRecord {
  return { ...r };
}

export function taskView(t: TaskRecord): WireTask {
  return {
    task_ref: t.task_ref,
    name: t.name,
    status: t.status,
    scheduled_at: t.scheduled_at,
    created_at: t.created_at,
    recipients: t.recipients.map(recipientView),
  };
}

export function getTask(res: ServerResponse, ctx: SimContext, ref: string | null): void {
  const bad = identifierErrors(ref);
  if (bad) return fail(res, 400, TASK_MESSAGES.invalid, { uid: bad });
  const task = ctx.store.tasks.get(ref as string);
  if (!task) return fail(res, 404, TASK_MESSAGES.notFound, '');
  ok(res, TASK_MESSAGES.ok, taskView(task));
}

export function getRecipient(res: ServerResponse, ctx: SimContext, ref: string | null): void {
  const bad = identifierErrors(ref);
  if (bad) return fail(res, 400, RECIPIENT_MESSAGES.invalid, { uid: bad });
  const r = ctx.store.recipient(ref as string);
  if (!r) return fail(res, 404, RECIPIENT_MESSAGES.notFound, '');
  ok(res, RECIPIENT_MESSAGES.ok, recipientView(r));
}

export function getAccount(res: ServerResponse, ctx: SimContext): void {
  ok(res, 'Account details retrieved', ctx.store.accountView());
}
