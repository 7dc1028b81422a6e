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
 * when the user confirms. Who, what name and the refusals: resend-rules.ts.
 */
import { isDemoProfile } from '../account/profile';
import type { FaxApiClient } from '../api/client';
import { FaxApiError, LocalFileError } from '../api/errors';
import { UserError } from '../errors';
import { createTasks } from '../send/create-tasks';
import type { History, SendFile } from '../history';
import type { Logger } from '../log';
import type { Language } from '../../shared/language';
import {
  alreadyResentHere,
  alreadyResentInOffice,
  assertSameProfile,
  documentsGone,
  namesOf,
  nothingToResend,
  officeSource,
  resendName,
  resendTargets,
  type EarlierResend,
  type OfficeFax,
  type ResendScope,
  type ResendSource,
} from './resend-rules';

export { assertSameProfile, resendName, resendTargets, type EarlierResend, type OfficeFax, type ResendScope } from './resend-rules';

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

export interface ResendOffice {
  /** a fax this desk's history does not hold, from the office database (null: not there, or not connected) */
  faxForResend(taskRef: string): Promise<OfficeFax | null>;
  /** the earlier resend, or this desk's claim (and how to take it back); undefined while the office is away */
  claimResend(taskRef: string, phoneNumbers: readonly string[], name: string, confirmed: boolean): Promise<EarlierResend | (() => Promise<void>) | undefined>;
}

export interface ResendOptions {
  language?: Language;
  /** the user answered "resend again?" for recipients resent before */
  confirmRepeat?: boolean;
}

/** What the resend starts from, on which account, refused before anything is uploaded when it cannot go. */
async function startingPoint(deps: ResendDeps, taskRef: string, scope: ResendScope) {
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
  if (numbers.length === 0) throw nothingToResend(scope);
  if (source.files.length === 0) {
    throw new UserError(
      'tasks.no_documents',
      'FaxDesk does not have the documents of this task (it was added by reference). Send them again from the Send screen.',
    );
  }
  return { local, source, numbers, client, profile };
}

/** This desk's own guard: asked before any upload, and again right before the intent is written (a second click may be on its way). */
function repeatGuard(deps: ResendDeps, taskRef: string, numbers: readonly string[], options: ResendOptions): () => void {
  return () => {
    if (options.confirmRepeat) return;
    const earlier = deps.history.resendsOf(taskRef).find((r) => r.phoneNumbers.some((n) => numbers.includes(n)));
    if (earlier) throw alreadyResentHere(earlier);
  };
}

/** Office-wide, in the database: two desks resending these numbers at once, one goes ahead, the other is asked. Returns how to take the claim back. */
async function claimInOffice(deps: ResendDeps, taskRef: string, numbers: string[], name: string, options: ResendOptions): Promise<() => Promise<void>> {
  const claimed = await deps.office?.claimResend(taskRef, numbers, name, options.confirmRepeat === true);
  if (claimed && typeof claimed === 'object') throw alreadyResentInOffice(claimed);
  return async () => {
    if (typeof claimed !== 'function') return;
    await claimed().catch((e: unknown) => deps.log.warn(`resend of ${taskRef}: the office-wide claim was not withdrawn`, e));
  };
}

/** Uploads a document again (its file_ref unknown or refused); counts the uploads. */
function uploader(client: FaxApiClient, source: ResendSource) {
  const counter = { uploads: 0 };
  async function uploadAgain(f: SendFile): Promise<string> {
    // another desk's document: the office holds only its file_ref (none, or one the service no longer accepts);
    // the document itself is on that desk's computer. Thrown before anything is uploaded; the claim is taken back.
    if (source.sentBy) throw documentsGone(source, f.name);
    if (!f.path) {
      throw new UserError('tasks.document_missing', `The document “${f.name}” has no local copy to upload again. Send it again from the Send screen.`, undefined, {
        name: f.name,
      });
    }
    try {
      // A document added by URL is recorded with its URL as its path: the service fetches it again.
      const up = /^https?:\/\//i.test(f.path) ? await client.uploadFromUrl(f.path, f.name) : await client.uploadFile(f.path, { fileName: f.name });
      counter.uploads += 1;
      return up.file_ref;
    } catch (e) {
      // The service's answers as they are (and a file grown past its limit); a copy that cannot be read (a
      // LocalFileError too) is named, with where to put it back.
      if (e instanceof FaxApiError && !(e instanceof LocalFileError && e.code === 'file.unreadable')) throw e;
      throw new UserError(
        'tasks.document_unreadable',
        `The document “${f.name}” could not be read at ${f.path}. Put it back there, or send it again from the Send screen.`,
        undefined,
        { name: f.name },
      );
    }
  }
  return { uploadAgain, counter };
}

export async function resendFailed(
  deps: ResendDeps,
  taskRef: string,
  scope: ResendScope,
  options: ResendOptions = {},
): Promise<ResendOutcome> {
  const { local, source, numbers, client, profile } = await startingPoint(deps, taskRef, scope);
  const files = source.files;
  const guard = repeatGuard(deps, taskRef, numbers, options);
  guard();
  const name = resendName(source.name, options.language);
  const withdraw = await claimInOffice(deps, taskRef, numbers, name, options);
  const { uploadAgain, counter } = uploader(client, source);

  let outcome: Awaited<ReturnType<typeof createTasks>>;
  try {
    // A file without a known ref (never uploaded, or forgotten) is uploaded before the create.
    const current: SendFile[] = [];
    for (const f of files) current.push(f.fileRef ? f : { ...f, fileRef: await uploadAgain(f) });
    outcome = await createTasks(
      {
        client,
        history: historyPort(deps),
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
    return { taskRef: String(part.task.task_ref), taskId: outcome.taskIds[0]!, phoneNumbers: numbers, reuploaded: counter.uploads };
  }
  // Refused (nothing created): other desks are not asked about a resend that never went. Outcome unknown keeps the claim.
  if (part.status === 'refused') await withdraw();
  // Refused or outcome unknown (a resend is one part, so it is always attempted, with the error as thrown): recorded
  // as such, and the user sees why.
  throw part.cause;
}

/** The history as create-tasks records a send in it. */
function historyPort(deps: ResendDeps): Parameters<typeof createTasks>[0]['history'] {
  return {
    recordSend: (intent) => deps.history.recordSend(intent),
    markCreated: (id, task) => void deps.history.recordCreated(id, task),
    markFailed: (id, error) => deps.history.markCreateFailed(id, error.message),
    markOutcomeUnknown: (id, reason) => deps.history.markOutcomeUnknown(id, reason),
    updateSendFiles: (sendId, f) => deps.history.updateSendFiles(sendId, f),
  };
}
