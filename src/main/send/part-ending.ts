/**
 * How each part of a send ends in the history and in the result: created
 * (reported as sent whatever happens to the local record), outcome unknown
 * (the create may have reached the service: never sent again, the rest not
 * attempted), refused, or not attempted after an earlier part stopped.
 */
import type { CreatedTask } from '../../shared/api/schemas';
import type { ErrorData } from '../../shared/error-data';
import { FaxApiError } from '../api/errors';
import { UserError } from '../errors';
import type { CreatedPart, CreateTasksDeps } from './create-tasks';

export function errorDataOf(e: unknown): ErrorData {
  if (e instanceof FaxApiError) return e.toErrorData();
  if (e instanceof UserError) return { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) };
  return {
    code: 'internal',
    message: 'Something went wrong inside FaxDesk while sending. Nothing more was sent; check the task list before trying again.',
  };
}

const NOT_ATTEMPTED: ErrorData = { code: 'send.not_attempted', message: 'Not sent: an earlier part of this send did not go through.' };

type Base = Pick<CreatedPart, 'index' | 'name' | 'phoneNumbers'>;

export function notAttempted(deps: CreateTasksDeps, taskId: number, base: Base): CreatedPart {
  deps.history.markFailed(taskId, NOT_ATTEMPTED);
  return { ...base, status: 'not_attempted', task: null, error: null, cause: null };
}

export function created(deps: CreateTasksDeps, taskId: number, base: Base, task: CreatedTask): CreatedPart {
  // Created: whatever happens to the local record now, the fax is going out and must be reported as sent.
  try {
    deps.history.markCreated(taskId, task);
  } catch (e) {
    deps.log.error(`${deps.label}: task ${task.task_ref} was created but could not be recorded`, e);
  }
  try {
    deps.onCreated?.(task);
  } catch (e) {
    deps.log.warn(`${deps.label}: after-create handler failed`, e);
  }
  return { ...base, status: 'created', task, error: null, cause: null };
}

/** A part without a task: outcome unknown when the create may have been carried out, otherwise refused. */
export function notCreated(deps: CreateTasksDeps, taskId: number, base: Base, of: number, failure: unknown): CreatedPart {
  if (failure instanceof FaxApiError && failure.outcomeUnknown) {
    deps.history.markOutcomeUnknown(taskId, failure.message);
    deps.log.warn(`${deps.label} part ${base.index + 1}/${of}: outcome unknown (${failure.code}); not sent again`);
    return { ...base, status: 'outcome_unknown', task: null, error: failure.toErrorData(), cause: failure };
  }
  const error = errorDataOf(failure);
  deps.history.markFailed(taskId, error);
  return { ...base, status: 'refused', task: null, error, cause: failure };
}
