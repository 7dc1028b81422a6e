/**
 * One send from the Send screen, in order: the input checked, "the same fax
 * again?" asked (here and office-wide) before anything is uploaded and again
 * right before the intent is written, the documents' refs, the tasks created
 * one per part of 100 (create-tasks.ts), and the result; the office-wide claim
 * is taken back when nothing of the send reached the service.
 */
import fs from 'node:fs';
import { planSendParts } from '../../shared/split';
import type { SendResult } from '../../shared/send/types';
import type { FaxApiClient } from '../api/client';
import type { SendFile } from '../history/types';
import { createTasks } from './create-tasks';
import type { LocalComposeDocument as ComposeDocument, LocalSendFaxInput as SendFaxInput } from './local-documents';
import { checkRepeat } from './repeat-window';
import type { SendServiceDeps } from './send-deps';
import { sendFingerprint } from './send-fingerprint';
import { checkDocuments, checkInput } from './send-input';
import { sendOutcome } from './send-outcome';
import { learnUnitPrice } from './unit-price';
import type { UploadStep } from './upload-step';

interface Checked {
  input: SendFaxInput;
  name: string;
  scheduledAt: string | null;
  client: FaxApiClient;
  profile: string;
  fingerprint: string;
  /** "the same fax again?" (a no-op once the user confirmed) */
  guard: () => void;
  /** takes the office-wide claim back (never throws; waits at most as long as the claim did) */
  withdraw: () => Promise<void>;
}

export async function sendFax(deps: SendServiceDeps, uploads: UploadStep, now: () => number, input: SendFaxInput): Promise<SendResult> {
  const { name, scheduledAt } = checkInput(input, now(), deps.serviceTimeZone());
  await checkDocuments(input.documents);
  const { client, profile } = await deps.session();
  const fingerprint = await sendFingerprint(input.documents, input.numbers);
  // Asked before any upload, and again right before the intent is written (a second click may be on its way).
  const guard = () => {
    if (!input.confirmRepeat) checkRepeat(deps.history, now(), profile, fingerprint, name);
  };
  guard();
  const releaseClaim = (await deps.officeGuard?.(profile, fingerprint, name, !!input.confirmRepeat)) ?? undefined;
  const withdraw = async () => {
    await releaseClaim?.().catch((e: unknown) => deps.log.warn('send: the office-wide claim could not be taken back', e));
  };
  try {
    return await sendAfterGuard(deps, uploads, now, { input, name, scheduledAt, client, profile, fingerprint, guard, withdraw });
  } catch (e) {
    await withdraw();
    throw e;
  }
}

/**
 * The documents as the history keeps them. A local one is recorded as the file the user granted (a link
 * they added is followed once, at the grant): every later read of it — a resend's new upload, the
 * office's digest, the report's first page — opens that path without following a link.
 */
async function sendFiles(documents: readonly ComposeDocument[], refs: readonly string[], now: () => number): Promise<SendFile[]> {
  return Promise.all(
    documents.map(async (d, i) => {
      const file = d.path !== null ? (d.granted?.path ?? d.path) : null;
      return {
        path: file ?? d.url ?? '',
        name: d.name,
        size: file !== null ? ((await fs.promises.stat(file).catch(() => null))?.size ?? 0) : 0,
        pages: d.pages,
        fileRef: refs[i] ?? null,
        uploadedAtMs: now(),
      };
    }),
  );
}

async function sendAfterGuard(deps: SendServiceDeps, uploads: UploadStep, now: () => number, c: Checked): Promise<SendResult> {
  const documents = c.input.documents;
  const refs = await uploads.refsFor(documents, false, c.profile);
  const parts = planSendParts(c.name, c.input.numbers);
  const files = await sendFiles(documents, refs, now);
  const outcome = await createTasks(
    {
      client: c.client,
      history: deps.history,
      log: deps.log,
      label: 'send',
      beforeRecord: c.guard,
      onCreated: () => deps.onCreated?.(),
      uploadAgain: async () => {
        uploads.forget(refs);
        return uploads.refsFor(documents, true, c.profile);
      },
    },
    { name: c.name, files, parts, scheduledAt: c.scheduledAt, profile: c.profile, fingerprint: c.fingerprint, contactNames: namesNow(deps, c.input.numbers) },
  );
  const result: SendResult = { sendId: outcome.sendId, ...sendOutcome(outcome.parts), serviceScheduledAt: c.scheduledAt };
  void learnUnitPrice(c.client, result.parts, (t) => deps.history.applyTaskResponse(t), deps.log);
  if (result.overall === 'refused') await c.withdraw();
  const filing = deps.fileDocuments?.(documents.flatMap((d) => (d.path !== null ? [d.path] : [])), result) ?? null;
  return filing ? { ...result, filing } : result;
}

/** A phonebook that cannot be read must not stop the fax: it goes out without names. */
function namesNow(deps: SendServiceDeps, numbers: readonly string[]): ReadonlyMap<string, string> {
  try {
    return deps.contactNames?.(numbers) ?? new Map();
  } catch (e) {
    deps.log.warn('send: the phonebook names could not be read; the task is recorded without them', e);
    return new Map();
  }
}
