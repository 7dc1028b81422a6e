/**
 * One part's create, tried again only when that is safe: a create refused for
 * an invalid or expired file_ref proves nothing was created, so the documents
 * are uploaded again (once per send) and the same part is tried once more. A
 * create that may have reached the service (outcome unknown) is never repeated.
 */
import type { CreatedTask } from '../../shared/api/schemas';
import { BusinessError } from '../api/errors';
import type { SendFile } from '../history/types';
import type { CreateTasksDeps } from './create-tasks';

/** What the parts of one call share: the documents' current refs and whether the one re-upload was used. */
export interface AttemptState {
  sendId: number;
  files: SendFile[];
  triedUpload: boolean;
  /** how many documents were uploaded again */
  reuploaded: number;
}

export interface Attempt {
  task: CreatedTask | null;
  /** why there is no task (the create's error, or the new upload's) */
  failure: unknown;
}

/** Uploads the documents again after a refused file_ref; false when the upload failed (`failure` says why). */
async function uploadAgain(deps: CreateTasksDeps, state: AttemptState): Promise<{ ok: true } | { ok: false; failure: unknown }> {
  state.triedUpload = true;
  deps.log.info(`${deps.label}: file_ref refused; uploading the documents again`);
  try {
    const refs = await deps.uploadAgain();
    state.reuploaded = refs.length;
    state.files = state.files.map((f, i) => ({ ...f, fileRef: refs[i] ?? null }));
  } catch (uploadError) {
    // The create was refused and the new upload failed: this part (and the rest) is definitely not sent.
    return { ok: false, failure: uploadError };
  }
  try {
    deps.history.updateSendFiles?.(state.sendId, state.files);
  } catch (recordError) {
    deps.log.warn(`${deps.label}: the new file refs could not be recorded`, recordError);
  }
  return { ok: true };
}

export async function attemptCreate(
  deps: CreateTasksDeps,
  state: AttemptState,
  part: { name: string; phoneNumbers: string[] },
  scheduledAt: string | null,
): Promise<Attempt> {
  for (;;) {
    try {
      const task = await deps.client.createTask({
        name: part.name,
        file_refs: state.files.map((f) => f.fileRef ?? ''),
        phone_numbers: part.phoneNumbers,
        ...(scheduledAt ? { scheduled_at: scheduledAt } : {}),
      });
      return { task, failure: null };
    } catch (e) {
      // Only a refusal that proves nothing was created is tried again: never an outcome unknown (the
      // create may have reached the service), never another refusal.
      const refRefused = e instanceof BusinessError && e.code === 'business.file_ref_invalid';
      if (!refRefused || state.triedUpload) return { task: null, failure: e };
      const again = await uploadAgain(deps, state);
      if (!again.ok) return { task: null, failure: again.failure };
    }
  }
}
