/**
 * Adding, uploading and cancelling documents. The renderer names files only
 * by the handles main issued (a dropped or picked File becomes a handle
 * through window.faxdesk.grantFile); main reads and uploads the bytes.
 */
import { useEffect } from 'react';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import type { DocumentSource } from '@shared/ipc/channels/intake';
import type { ComposeDocument, DocumentInfo } from '@shared/send/types';
import { api, call, CallError } from '../../lib/api';
import { newKey, useCompose, waitingDocument, type DocItem, type Refusal, type WaitingDocument } from './compose-store';
import { isComposeLocked, startNewFax, useSendResult, waitForSend } from './send-result';
import { describeError } from '../../lib/describe-error';

// The async steps of adding and uploading documents; every change to the compose is one of its named actions.
const store = () => useCompose.getState();

function previewKindOf(ext: string): DocItem['previewKind'] {
  if (ext === 'pdf') return 'pdf';
  if (ext === 'png' || ext === 'jpg' || ext === 'jpeg') return 'image';
  return null;
}

function refusalOf(info: DocumentInfo): Refusal {
  return { key: newKey('r'), code: info.error?.code ?? 'other', name: info.name, size: info.size, message: info.error?.message ?? '' };
}

/** A document the service fetches itself (from a web address): nothing to upload. */
export function remoteDocument(doc: ComposeDocument): DocItem {
  return { key: newKey('u'), doc, size: null, warning: null, upload: { kind: 'done' }, previewUrl: null, previewFile: null, previewKind: null, isCover: false };
}

/** The most documents one inspectDocuments call takes (its schema): the rest of a larger burst are listed as not attached. */
export const INSPECT_AT_ONCE = 20;

/**
 * Inspects granted files in main, attaches what fits (up to 3), lists the rest, and starts the uploads.
 * Returns the handles this call listed as not attached (no room), or null when main could not look at
 * them at all (the window said why).
 */
export async function addHandles(
  handles: string[],
  files: Array<File | null> = [],
  names: string[] = [],
  sources: Array<DocumentSource | undefined> = [],
): Promise<{ waiting: string[] } | null> {
  if (handles.length === 0) return { waiting: [] };
  let infos: DocumentInfo[];
  try {
    infos = await call('inspectDocuments', { handles: handles.slice(0, INSPECT_AT_ONCE) });
  } catch (e) {
    store().refuse([{ key: newKey('r'), code: 'other', name: names.join(', '), size: 0, message: describeError(e) }]);
    return null;
  }
  // Added while the fax on the form is on its way (its review, its request): they wait for its outcome, and
  // a fax that went out is never added to — they start the next fax, as documents from outside do (arrivals.ts).
  // named in the open review meanwhile: each new file once, not one already on the form
  const onForm = new Set(store().docs.map((d) => d.doc.handle));
  const fresh = infos.filter((info, i) => !info.error && !onForm.has(info.handle) && infos.findIndex((x) => x.handle === info.handle) === i);
  const waited = await waitForSend(fresh.map((info) => info.name));
  if (isComposeLocked()) startNewFax();
  const refused: Refusal[] = [];
  const added: DocItem[] = [];
  const overflow: WaitingDocument[] = [];
  infos.forEach((info, i) => {
    if (info.error) return void refused.push(refusalOf(info));
    const current = store().docs;
    // main gives one file one handle, so the same handle is the same file
    if (current.some((d) => d.doc.handle === info.handle) || added.some((d) => d.doc.handle === info.handle)) return;
    if (current.length + added.length >= MAX_DOCUMENTS) return void overflow.push(waitingDocument({ handle: info.handle, name: info.name, source: sources[i] }));
    const file = files[i] ?? null;
    const kind = previewKindOf(info.ext);
    added.push({
      key: newKey('d'),
      doc: { handle: info.handle, url: null, name: info.name, pages: info.pages, fileRef: null },
      size: info.size,
      warning: info.warning,
      upload: { kind: 'idle' },
      previewUrl: file && kind === 'image' ? URL.createObjectURL(file) : null,
      previewFile: file && kind === 'pdf' ? file : null,
      previewKind: kind,
      isCover: false,
      ...(sources[i] ? { source: sources[i] } : {}),
    });
  });
  // beyond what one look takes: listed with the others that do not fit, never dropped unseen
  handles.slice(INSPECT_AT_ONCE).forEach((handle, i) => {
    if (!store().docs.some((d) => d.doc.handle === handle)) overflow.push(waitingDocument({ handle, name: names[INSPECT_AT_ONCE + i] ?? '', source: sources[INSPECT_AT_ONCE + i] }));
  });
  store().attach(added, refused, overflow);
  // a refused send's result is about the fax as it was; but one that just came back, with these documents
  // waiting for it, stays in view: its reason is what the user needs now (they are added, not typed)
  if (!waited) useSendResult.getState().clear();
  for (const d of added) void upload(d.key);
  return { waiting: overflow.map((o) => o.handle) };
}

/** Files from a drop or the picker: each is handed to main first, which returns its handle (Electron: webUtils; preview: a copy). */
export async function addFiles(files: File[]): Promise<void> {
  const list = files.slice(0, INSPECT_AT_ONCE);
  // the rest of a larger drop: said, by name, not dropped unseen (the user's own files, still where they are)
  const beyond = files.slice(INSPECT_AT_ONCE);
  if (beyond.length) store().refuse([{ key: newKey('r'), code: 'too_many', name: beyond.map((f) => f.name).join(', '), size: 0, message: '' }]);
  const handles: string[] = [];
  const kept: File[] = [];
  for (const f of list) {
    const granted = await api().grantFile(f);
    if (granted.ok) {
      handles.push(granted.value.handle);
      kept.push(f);
    } else {
      store().refuse([{ key: newKey('r'), code: 'unreadable', name: f.name, size: f.size, message: describeError(granted.error) }]);
    }
  }
  await addHandles(handles, kept, kept.map((f) => f.name));
}

/** Documents restored from a draft: re-inspected (the file may have changed or gone since). */
export async function restoreDocuments(docs: ComposeDocument[]): Promise<void> {
  const local = docs.filter((d) => d.handle !== null);
  const remote = docs.filter((d) => d.url !== null);
  for (const doc of remote) store().addDocument(remoteDocument(doc), 'last');
  const looked = await addHandles(
    local.map((d) => d.handle!),
    [],
    local.map((d) => d.name),
  );
  // main could not look at them (the window says why): listed, to be added again, rather than gone
  // (and kept in the drafts saved meanwhile, so a restart does not lose them either)
  if (!looked) store().wait(local.map((d) => ({ handle: d.handle!, name: d.name, fromDraft: true })));
}

export async function upload(key: string): Promise<void> {
  const item = store().docs.find((d) => d.key === key);
  if (!item || item.doc.handle === null) return;
  const uploadId = newKey('up').replace(/[^A-Za-z0-9_-]/g, '');
  store().setUpload(key, { kind: 'uploading', uploadId, sent: 0, total: item.size ?? 0 });
  try {
    const result = await call('uploadDocument', { uploadId, handle: item.doc.handle });
    store().uploaded(key, result.fileRef);
  } catch (e) {
    const cancelled = e instanceof CallError && e.code === 'cancelled';
    store().setUpload(key, cancelled ? { kind: 'cancelled' } : { kind: 'failed', message: describeError(e, 'send') });
  }
}

export async function cancelUpload(key: string): Promise<void> {
  const item = store().docs.find((d) => d.key === key);
  if (item?.upload.kind !== 'uploading') return;
  await call('cancelUpload', { uploadId: item.upload.uploadId });
}

/** Upload progress from main, matched to the document by upload id. */
export function useUploadProgress(): void {
  useEffect(
    () =>
      api().on('uploadProgress', ({ uploadId, sent, total }) => {
        const item = store().docs.find((d) => d.upload.kind === 'uploading' && d.upload.uploadId === uploadId);
        if (item) store().setUpload(item.key, { kind: 'uploading', uploadId, sent, total });
      }),
    [],
  );
}
