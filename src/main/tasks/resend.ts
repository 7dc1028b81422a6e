/**
 * "Resend to failed": a new task with the same documents to the failed
 * recipients of an earlier one (all of them, or only the retryable BUSY /
 * NO_ANSWER ones), recorded in the history and linked to the original.
 *
 * The documents' file_refs are reused while the service accepts them. The
 * create itself (intent once, outcome unknown, the single re-upload after a
 * refused file_ref) is create-tasks.ts, shared with the Send screen. Added
 * here: a task of another profile (demo) is never resent on the connected
 * account, and the same recipients of the same task are resent again only
 * when the user confirms.
 */
import { ALREADY_RESENT_CODE, OTHER_PROFILE_CODE } from '../../shared/errors/error-details';
import { truncateName } from '../../shared/split';
import { isRetryableFailure } from '../../shared/task-state';
import { isDemoProfile } from '../account/profile';
import type { FaxApiClient } from '../api/client';
import { FaxApiError } from '../api/errors';
import { UserError } from '../errors';
import { createTasks } from '../send/create-tasks';
import type { History, SendFile, TaskDetail } from '../history';
import type { Logger } from '../log';
import type { Language } from '../../shared/language';

export type ResendScope = 'all' | 'retryable';

export interface ResendOutcome {
  taskRef: string;
  taskId: number;
  phoneNumbers: string[];
  reuploaded: number;
}

export interface ResendDeps {
  history: Pick<
    History,
    'getTask' | 'recordSend' | 'recordCreated' | 'markOutcomeUnknown' | 'markCreateFailed' | 'resendsOf' | 'updateSendFiles'
  >;
  /** the client and the profile it belongs to */
  session: () => Promise<{ client: FaxApiClient; profile: string }>;
  log: Logger;
  /** a task was created (the balance is read again) */
  onCreated?: () => void;
  /** the office outbox while one is configured: another desk's fax to resend, and the office-wide guard */
  office?: ResendOffice;
}

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

export interface ResendOffice {
  /** a fax this desk's history does not hold, from the office database (null: not there, or not connected) */
  faxForResend(taskRef: string): Promise<OfficeFax | null>;
  /** the earlier resend, or this desk's claim (and how to take it back); undefined while the office is away */
  claimResend(taskRef: string, phoneNumbers: readonly string[], name: string, confirmed: boolean): Promise<EarlierResend | (() => Promise<void>) | undefined>;
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
function namesOf(task: Pick<TaskDetail, 'recipients'>): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of task.recipients) if (r.contactName) names.set(r.phoneNumber, r.contactName);
  return names;
}

export interface ResendOptions {
  language?: Language;
  /** the user answered "resend again?" for recipients resent before */
  confirmRepeat?: boolean;
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
interface ResendSource {
  taskRef: string;
  name: string;
  recipients: Pick<TaskDetail['recipients'][number], 'status' | 'failedCode' | 'phoneNumber'>[];
  files: SendFile[];
  /** another desk's fax: who sent it (their documents are not on this computer) */
  sentBy: OfficeFax['sentBy'] | null;
}

/** Another desk's fax, resent from this desk: its file_refs are all there is to send (the office never holds documents). */
function officeSource(fax: OfficeFax): ResendSource {
  return {
    taskRef: fax.taskRef,
    name: fax.name,
    recipients: fax.recipients.map((r) => ({ phoneNumber: r.phoneNumber, status: r.status ?? 'pending', failedCode: r.failedCode })),
    files: fax.documents.map((d) => ({ path: '', name: d.name, size: d.size, pages: d.pages, fileRef: d.fileRef })),
    sentBy: fax.sentBy,
  };
}

/** The documents of another desk's fax that the service no longer keeps: only that desk (or the Send screen) has them. */
function documentsGone(source: ResendSource, name: string): UserError {
  const by = source.sentBy!;
  return new UserError(
    'office.documents_gone',
    `The fax service no longer keeps the document “${name}” of “${source.name}”, and the documents are on ${by.name}’s computer (${by.computerName}), not in the office database. Ask ${by.name} to resend it, or send the documents again from the Send screen. Nothing was sent.`,
    undefined,
    { name, senderName: by.name, computerName: by.computerName },
  );
}

export async function resendFailed(
  deps: ResendDeps,
  taskRef: string,
  scope: ResendScope,
  options: ResendOptions = {},
): Promise<ResendOutcome> {
  const local = deps.history.getTask(taskRef);
  // Not sent (or added) here: another desk's fax, when the office database has it.
  const fax = local ? null : await deps.office?.faxForResend(taskRef);
  if (!local && !fax) throw new UserError('tasks.not_found', 'This task is not in FaxDesk’s history. Add it with “Look up by reference” first.');
  const { client, profile } = await deps.session();
  // Before anything else: a demo task's documents never reach a real account (nor the office's faxes the demo service).
  if (local) assertSameProfile(local, profile, 'resent');
  else if (isDemoProfile(profile)) {
    throw new UserError(
      'office.resend_in_demo',
      'FaxDesk is in demo mode: another desk’s fax is resent on the office’s fax account only. Connect the account in Account, then resend. Nothing was sent.',
    );
  }
  const source: ResendSource = local
    ? { taskRef, name: local.name, recipients: local.recipients, files: local.send?.files ?? [], sentBy: null }
    : officeSource(fax!);
  const numbers = resendTargets(source, scope);
  if (numbers.length === 0) {
    throw new UserError(
      'tasks.nothing_to_resend',
      scope === 'retryable'
        ? 'No recipient of this task failed with busy or no answer. Use “Resend to all failed” to include the others.'
        : 'No recipient of this task has failed, so there is nothing to resend.',
      undefined,
      scope === 'retryable' ? { variant: 'retryable' } : undefined,
    );
  }
  const files = source.files;
  if (files.length === 0) {
    throw new UserError(
      'tasks.no_documents',
      'FaxDesk does not have the documents of this task (it was added by reference). Send them again from the Send screen.',
    );
  }
  if (source.sentBy) {
    const missing = files.find((f) => !f.fileRef);
    if (missing) throw documentsGone(source, missing.name);
  }
  // Asked before any upload, and again right before the intent is written (a second click may be on its way).
  const guard = () => {
    if (options.confirmRepeat) return;
    const earlier = deps.history.resendsOf(taskRef).find((r) => r.phoneNumbers.some((n) => numbers.includes(n)));
    if (!earlier) return;
    throw new UserError(
      ALREADY_RESENT_CODE,
      `These recipients were already resent as “${earlier.name}” at ${formatTime(earlier.createdAtMs)}. Resend them again?`,
      undefined,
      { taskRef: earlier.taskRef, taskName: earlier.name, resentAtMs: earlier.createdAtMs },
    );
  };
  guard();

  const name = resendName(source.name, options.language ?? 'en');
  // Office-wide, in the database: two desks resending these numbers at once, one goes ahead, the other is asked.
  const claimed = await deps.office?.claimResend(taskRef, numbers, name, options.confirmRepeat === true);
  if (claimed && typeof claimed === 'object') {
    throw new UserError(
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
  const withdraw = async () => {
    if (typeof claimed !== 'function') return;
    await claimed().catch((e: unknown) => deps.log.warn(`resend of ${taskRef}: the office-wide claim was not withdrawn`, e));
  };

  let uploads = 0;
  async function uploadAgain(f: SendFile): Promise<string> {
    // another desk's document: the office holds only its file_ref, which the service no longer accepts
    if (source.sentBy) throw documentsGone(source, f.name);
    if (!f.path) {
      throw new UserError('tasks.document_missing', `The document “${f.name}” has no local copy to upload again. Send it again from the Send screen.`, undefined, {
        name: f.name,
      });
    }
    try {
      // A document added by URL is recorded with its URL as its path: the service fetches it again.
      const up = /^https?:\/\//i.test(f.path) ? await client.uploadFromUrl(f.path, f.name) : await client.uploadFile(f.path, { fileName: f.name });
      uploads += 1;
      return up.file_ref;
    } catch (e) {
      if (e instanceof FaxApiError) throw e;
      throw new UserError(
        'tasks.document_unreadable',
        `The document “${f.name}” could not be read at ${f.path}. Put it back there, or send it again from the Send screen.`,
        undefined,
        { name: f.name },
      );
    }
  }

  let outcome: Awaited<ReturnType<typeof createTasks>>;
  try {
    // A file without a known ref (never uploaded, or forgotten) is uploaded before the create.
    const current: SendFile[] = [];
    for (const f of files) current.push(f.fileRef ? f : { ...f, fileRef: await uploadAgain(f) });

    outcome = await createTasks(
      {
        client,
        history: {
          recordSend: (intent) => deps.history.recordSend(intent),
          markCreated: (id, task) => void deps.history.recordCreated(id, task),
          markFailed: (id, error) => deps.history.markCreateFailed(id, error.message),
          markOutcomeUnknown: (id, reason) => deps.history.markOutcomeUnknown(id, reason),
          updateSendFiles: (sendId, f) => deps.history.updateSendFiles(sendId, f),
        },
        log: deps.log,
        label: `resend of ${taskRef} (${scope})`,
        beforeRecord: guard,
        onCreated: () => deps.onCreated?.(),
        uploadAgain: async () => {
          const refs: string[] = [];
          for (const f of files) refs.push(await uploadAgain(f));
          return refs;
        },
      },
      { name, files: current, parts: [{ name, phoneNumbers: numbers }], scheduledAt: null, resendOf: taskRef, profile, contactNames: local ? namesOf(local) : new Map<string, string>() },
    );
  } catch (e) {
    await withdraw();
    throw e;
  }
  const part = outcome.parts[0]!;
  if (part.task) {
    deps.log.info(`resend of ${taskRef} (${scope}): task ${part.task.task_ref} to ${numbers.length} number(s)`);
    return { taskRef: String(part.task.task_ref), taskId: outcome.taskIds[0]!, phoneNumbers: numbers, reuploaded: uploads };
  }
  // Refused (nothing created): other desks are not asked about a resend that never went. Outcome unknown keeps the claim.
  if (part.status === 'refused' || part.status === 'not_attempted') await withdraw();
  // Refused or outcome unknown: recorded as such; the user sees why.
  if (part.cause instanceof Error) throw part.cause;
  throw new UserError(part.error?.code ?? 'internal', part.error?.message ?? 'The resend did not go through.', part.error?.fields, part.error?.details);
}
