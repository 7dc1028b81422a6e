/**
 * The one place FaxDesk creates tasks: a send from the Send screen, a resend
 * by hand and the auto-retry policy all come through here, so the rules that
 * keep a fax from going out twice exist once (DESIGN.md, "create-task has no
 * idempotency key"):
 *
 * - the intent (one send, one task row per part) is written to the history
 *   once, before the first create leaves, and never again for a retry;
 * - a create that may have reached the service (timeout, reset, 5xx after the
 *   request) is never repeated: the part is marked outcome unknown and the
 *   rest are not attempted;
 * - a create refused for an invalid or expired file_ref is the one exception:
 *   the documents are uploaded again (once per call) and the same part is
 *   tried again — safe, because the refusal proves nothing was created;
 * - every part ends in the history as created, refused, not attempted or
 *   outcome unknown.
 *
 * The tries of one part (and the single re-upload) are create-attempt.ts; how a
 * part ends, in the history and in the result, is part-ending.ts.
 */
import type { CreatedTask } from '../../shared/api/schemas';
import type { ErrorData } from '../../shared/error-data';
import type { SendPartStatus } from '../../shared/send/types';
import { truncateName } from '../../shared/split';
import type { FaxApiClient } from '../api/client';
import type { RecordedSend, SendFile, SendIntent } from '../history/types';
import type { Logger } from '../log';
import { attemptCreate, type AttemptState } from './create-attempt';
import { created, notAttempted, notCreated } from './part-ending';

/** What task creation needs from the history; narrow so either side can change. */
export interface CreateTasksHistory {
  recordSend(intent: SendIntent): RecordedSend;
  markCreated(taskId: number, task: CreatedTask): void;
  /** the service definitively refused the create (or it was not attempted): nothing was sent */
  markFailed(taskId: number, error: ErrorData): void;
  /** the create may or may not have been carried out */
  markOutcomeUnknown(taskId: number, reason: string): void;
  /** the documents were uploaded again: later resends start from the new refs */
  updateSendFiles?(sendId: number, files: SendFile[]): void;
}

export interface CreatePlan {
  /** the name the user gave (the send's name in the history) */
  name: string;
  /** the documents, each with the file_ref to use first */
  files: SendFile[];
  /** one task per part, in order */
  parts: ReadonlyArray<{ name: string; phoneNumbers: string[] }>;
  /** service time, as sent; null = now */
  scheduledAt: string | null;
  resendOf?: string | null;
  /** the profile the client belongs to (demo or an account) */
  profile: string;
  /** documents + numbers of a send, for "the same fax again" */
  fingerprint?: string | null;
  /** number -> the name it has in the phonebook now, recorded with the intent (the history keeps it) */
  contactNames?: ReadonlyMap<string, string>;
}

export interface CreateTasksDeps {
  client: FaxApiClient;
  history: CreateTasksHistory;
  log: Logger;
  /** what the log calls this, e.g. 'send' or 'resend of T1' */
  label: string;
  /** uploads every document again (the service refused a file_ref); the new refs, in order */
  uploadAgain(): Promise<string[]>;
  /**
   * Runs right before the intent is written, with no await in between, so a
   * check here (the same fax again, the same resend again) cannot race a
   * second call: throw to create nothing.
   */
  beforeRecord?(): void;
  /** a task was created (e.g. read the balance again) */
  onCreated?(task: CreatedTask): void;
}

export interface CreatedPart {
  index: number;
  name: string;
  phoneNumbers: string[];
  status: SendPartStatus;
  task: CreatedTask | null;
  /** why it was refused or is unknown, as the user sees it */
  error: ErrorData | null;
  /** the error as thrown (validation fields are mapped by the caller) */
  cause: unknown;
}

export interface CreateTasksResult {
  sendId: number;
  taskIds: number[];
  parts: CreatedPart[];
  /** how many documents were uploaded again after a refused file_ref */
  reuploaded: number;
}

export async function createTasks(deps: CreateTasksDeps, plan: CreatePlan): Promise<CreateTasksResult> {
  const parts = plan.parts.map((p) => ({ name: truncateName(p.name), phoneNumbers: p.phoneNumbers }));
  deps.beforeRecord?.();
  // The intent is on disk before the first byte of any create leaves: once per call, whatever happens below.
  const recorded = deps.history.recordSend({
    name: truncateName(plan.name),
    files: plan.files,
    parts,
    scheduledAt: plan.scheduledAt,
    resendOf: plan.resendOf ?? null,
    profile: plan.profile,
    fingerprint: plan.fingerprint ?? null,
    ...(plan.contactNames ? { contactNames: plan.contactNames } : {}),
  });
  const state: AttemptState = { sendId: recorded.sendId, files: plan.files, triedUpload: false, reuploaded: 0 };
  const out: CreatedPart[] = [];
  let stopped = false;
  for (const [index, part] of parts.entries()) {
    const taskId = recorded.taskIds[index] ?? -1;
    const base = { index, name: part.name, phoneNumbers: part.phoneNumbers };
    if (stopped) {
      out.push(notAttempted(deps, taskId, base));
      continue;
    }
    const { task, failure } = await attemptCreate(deps, state, part, plan.scheduledAt);
    if (task) {
      out.push(created(deps, taskId, base, task));
      continue;
    }
    stopped = true;
    out.push(notCreated(deps, taskId, base, parts.length, failure));
  }
  return { sendId: recorded.sendId, taskIds: recorded.taskIds, parts: out, reuploaded: state.reuploaded };
}
