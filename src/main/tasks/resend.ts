/**
 * "Resend to failed": a new task with the same documents to the failed
 * recipients of an earlier one (all of them, or only the retryable BUSY /
 * NO_ANSWER ones), recorded in the history and linked to the original.
 *
 * The documents' file_refs are reused while the service accepts them; when
 * create-task refuses one as invalid or expired, the local files are uploaded
 * again and the create is tried once more (safe: the first create was
 * definitively refused, so nothing was sent). A create that may have reached
 * the service is never repeated (DESIGN.md): it is marked outcome unknown.
 */
import { isRetryableFailure } from '../../shared/task-state';
import type { FaxApiClient } from '../api/client';
import { BusinessError, FaxApiError } from '../api/errors';
import { UserError } from '../errors';
import type { History, SendFile, TaskDetail } from '../history';
import type { Logger } from '../log';

export type ResendScope = 'all' | 'retryable';

export interface ResendOutcome {
  taskRef: string;
  taskId: number;
  phoneNumbers: string[];
  reuploaded: number;
}

export interface ResendDeps {
  history: Pick<History, 'getTask' | 'recordSend' | 'recordCreated' | 'markOutcomeUnknown' | 'markCreateFailed'>;
  client: () => Promise<FaxApiClient>;
  log: Logger;
}

/** The numbers a resend would go to (each once, in the original order). */
export function resendTargets(detail: Pick<TaskDetail, 'recipients'>, scope: ResendScope): string[] {
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
export function resendName(name: string, language: 'en' | 'zh-CN' = 'en'): string {
  const m = /^(.*?)(?: \(resend(?: (\d+))?\)|（重发(?: (\d+))?）)$/u.exec(name);
  const base = m ? m[1]! : name;
  const n = m ? Number(m[2] ?? m[3] ?? 1) + 1 : 1;
  const suffix = language === 'zh-CN' ? (n === 1 ? '（重发）' : `（重发 ${n}）`) : n === 1 ? ' (resend)' : ` (resend ${n})`;
  return `${base.slice(0, 255 - suffix.length)}${suffix}`;
}

export async function resendFailed(
  deps: ResendDeps,
  taskRef: string,
  scope: ResendScope,
  language: 'en' | 'zh-CN' = 'en',
): Promise<ResendOutcome> {
  const original = deps.history.getTask(taskRef);
  if (!original) throw new UserError('tasks.not_found', 'This task is not in FaxDesk’s history. Add it with “Look up by reference” first.');
  const numbers = resendTargets(original, scope);
  if (numbers.length === 0) {
    throw new UserError(
      'tasks.nothing_to_resend',
      scope === 'retryable'
        ? 'No recipient of this task failed with busy or no answer. Use “Resend to all failed” to include the others.'
        : 'No recipient of this task has failed, so there is nothing to resend.',
    );
  }
  const files = original.send?.files ?? [];
  if (files.length === 0) {
    throw new UserError(
      'tasks.no_documents',
      'FaxDesk does not have the documents of this task (it was added by reference). Send them again from the Send screen.',
    );
  }
  const client = await deps.client();
  let refs = files.map((f) => f.fileRef);
  let reuploaded = 0;

  async function uploadAgain(f: SendFile): Promise<string> {
    if (!f.path) {
      throw new UserError('tasks.document_missing', `The document “${f.name}” has no local copy to upload again. Send it again from the Send screen.`);
    }
    try {
      // A document added by URL is recorded with its URL as its path: the service fetches it again.
      const up = /^https?:\/\//i.test(f.path) ? await client.uploadFromUrl(f.path, f.name) : await client.uploadFile(f.path, { fileName: f.name });
      reuploaded += 1;
      return up.file_ref;
    } catch (e) {
      if (e instanceof FaxApiError) throw e;
      throw new UserError(
        'tasks.document_unreadable',
        `The document “${f.name}” could not be read at ${f.path}. Put it back there, or send it again from the Send screen.`,
      );
    }
  }

  // A file without a known ref (never uploaded, or forgotten) is uploaded before the first attempt.
  for (const [i, f] of files.entries()) if (!refs[i]) refs[i] = await uploadAgain(f);

  const name = resendName(original.name, language);
  const scheduledAt = null;
  for (let attempt = 1; ; attempt++) {
    const current = files.map((f, i) => ({ ...f, fileRef: refs[i] ?? null }));
    const recorded = deps.history.recordSend({
      name,
      files: current,
      parts: [{ name, phoneNumbers: numbers }],
      scheduledAt,
      resendOf: taskRef,
    });
    const taskId = recorded.taskIds[0]!;
    try {
      const created = await client.createTask({ name, file_refs: refs as string[], phone_numbers: numbers });
      deps.history.recordCreated(taskId, created);
      deps.log.info(`resend of ${taskRef} (${scope}): task ${created.task_ref} to ${numbers.length} number(s)`);
      return { taskRef: String(created.task_ref), taskId, phoneNumbers: numbers, reuploaded };
    } catch (e) {
      if (e instanceof FaxApiError && e.outcomeUnknown) {
        deps.history.markOutcomeUnknown(taskId, e.message);
        throw e;
      }
      deps.history.markCreateFailed(taskId, e instanceof Error ? e.message : String(e));
      if (e instanceof BusinessError && e.code === 'business.file_ref_invalid' && attempt === 1) {
        deps.log.info(`resend of ${taskRef}: file_ref refused, uploading the documents again`);
        refs = [];
        for (const f of files) refs.push(await uploadAgain(f));
        continue;
      }
      throw e;
    }
  }
}
