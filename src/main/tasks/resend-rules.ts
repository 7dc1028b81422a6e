/**
 * The rules of "resend to failed" on their own: who a resend goes to, what it is called, that a task of
 * another profile is never resent on this one, and what the user is told when a resend cannot go.
 * The flow itself (upload, create, office-wide claim) is resend.ts.
 */
import { ALREADY_RESENT_CODE, OTHER_PROFILE_CODE } from '../../shared/errors/error-details';
import { truncateName } from '../../shared/split';
import { isRetryableFailure } from '../../shared/task-state';
import { isDemoProfile } from '../account/profile';
import { UserError } from '../errors';
import type { SendFile, TaskDetail } from '../history';
import type { Language } from '../../shared/language';

export type ResendScope = 'all' | 'retryable';

/** Another desk's fax as the office database holds it: file_refs, never the documents. */
export interface OfficeFax {
  taskRef: string;
  name: string;
  documents: Array<{ name: string; pages: number | null; size: number; fileRef: string | null }>;
  recipients: Array<{ phoneNumber: string; status: string | null; failedCode: string | null }>;
  sentBy: { name: string; computerName: string; mine: boolean };
}

/** An earlier resend of the same numbers of the same fax, by any desk of the office. */
export interface EarlierResend {
  taskRef: string | null;
  name: string;
  senderName: string;
  computerName: string;
  mine: boolean;
  atMs: number;
}

/** The numbers a resend would go to (each once, in the original order). */
export function resendTargets(detail: { recipients: readonly Pick<TaskDetail['recipients'][number], 'status' | 'failedCode' | 'phoneNumber'>[] }, scope: ResendScope): string[] {
  const out: string[] = [];
  for (const r of detail.recipients) {
    if (r.status !== 'failed') continue;
    if (scope === 'retryable' && !isRetryableFailure(r.failedCode)) continue;
    if (!out.includes(r.phoneNumber)) out.push(r.phoneNumber);
  }
  return out;
}

/**
 * Names like "Invoice (resend)", "Invoice (resend 2)" — or "发票（重发）",
 * "发票（重发 2）" on a Chinese desk: the original name stays recognisable.
 */
export function resendName(name: string, language: Language = 'en'): string {
  const m = /^(.*?)(?: \(resend(?: (\d+))?\)|（重发(?: (\d+))?）)$/u.exec(name);
  const base = m ? m[1]! : name;
  const n = m ? Number(m[2] ?? m[3] ?? 1) + 1 : 1;
  const suffix = language === 'zh-CN' ? (n === 1 ? '（重发）' : `（重发 ${n}）`) : n === 1 ? ' (resend)' : ` (resend ${n})`;
  return `${truncateName(base, 255 - suffix.length)}${suffix}`;
}

/** The names the task was created with, by number. */
export function namesOf(task: Pick<TaskDetail, 'recipients'>): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of task.recipients) if (r.contactName) names.set(r.phoneNumber, r.contactName);
  return names;
}

function formatTime(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** Refuses any action that would touch a task of another profile on the connected one. */
export function assertSameProfile(task: Pick<TaskDetail, 'profile' | 'name'>, current: string, action: string): void {
  if (task.profile === current) return;
  const message = isDemoProfile(task.profile)
    ? `“${task.name}” is a demo fax: it cannot be ${action} on your account, and nothing was uploaded or sent. Send the documents from the Send screen to fax them for real.`
    : `“${task.name}” belongs to another account than the one connected: it cannot be ${action} here, and nothing was uploaded or sent.`;
  throw new UserError(OTHER_PROFILE_CODE, message, undefined, { name: task.name, ...(isDemoProfile(task.profile) ? { variant: 'demo' } : {}) });
}

/** What a resend starts from: a task of this desk's history, or another desk's fax from the office database. */
export interface ResendSource {
  taskRef: string;
  name: string;
  recipients: Pick<TaskDetail['recipients'][number], 'status' | 'failedCode' | 'phoneNumber'>[];
  files: SendFile[];
  /** another desk's fax: who sent it (their documents are not on this computer) */
  sentBy: OfficeFax['sentBy'] | null;
}

/** Another desk's fax, resent from this desk: its file_refs are all there is to send (the office never holds documents). */
export function officeSource(fax: OfficeFax): ResendSource {
  return {
    taskRef: fax.taskRef,
    name: fax.name,
    recipients: fax.recipients.map((r) => ({ phoneNumber: r.phoneNumber, status: r.status ?? 'pending', failedCode: r.failedCode })),
    files: fax.documents.map((d) => ({ path: '', name: d.name, size: d.size, pages: d.pages, fileRef: d.fileRef })),
    sentBy: fax.sentBy,
  };
}

/** The documents of another desk's fax that the service no longer keeps: only that desk (or the Send screen) has them. */
export function documentsGone(source: ResendSource, name: string): UserError {
  const by = source.sentBy!;
  return new UserError(
    'office.documents_gone',
    `The fax service no longer keeps the document “${name}” of “${source.name}”, and the documents are on ${by.name}’s computer (${by.computerName}), not in the office database. Ask ${by.name} to resend it, or send the documents again from the Send screen. Nothing was sent.`,
    undefined,
    { name, senderName: by.name, computerName: by.computerName },
  );
}

/** Nobody to resend to: says which of the two buttons would have found someone. */
export function nothingToResend(scope: ResendScope): UserError {
  return new UserError(
    'tasks.nothing_to_resend',
    scope === 'retryable'
      ? 'No recipient of this task failed with busy or no answer. Use “Resend to all failed” to include the others.'
      : 'No recipient of this task has failed, so there is nothing to resend.',
    undefined,
    scope === 'retryable' ? { variant: 'retryable' } : undefined,
  );
}

/** This desk already resent some of these numbers of this task (its own history). */
export function alreadyResentHere(earlier: { taskRef: string | null; name: string; createdAtMs: number }): UserError {
  return new UserError(
    ALREADY_RESENT_CODE,
    `These recipients were already resent as “${earlier.name}” at ${formatTime(earlier.createdAtMs)}. Resend them again?`,
    undefined,
    { taskRef: earlier.taskRef, taskName: earlier.name, resentAtMs: earlier.createdAtMs },
  );
}

/** A desk of the office (maybe this one) already resent these numbers: the question names who, where and when. */
export function alreadyResentInOffice(claimed: EarlierResend): UserError {
  return new UserError(
    ALREADY_RESENT_CODE,
    `${claimed.mine ? 'You' : claimed.senderName} already resent these recipients as “${claimed.name}” at ${formatTime(claimed.atMs)} from ${claimed.computerName}. Resend them again?`,
    undefined,
    {
      taskRef: claimed.taskRef,
      taskName: claimed.name,
      resentAtMs: claimed.atMs,
      senderName: claimed.senderName,
      computerName: claimed.computerName,
      ...(claimed.mine ? {} : { variant: 'office' }),
    },
  );
}
