/**
 * The upload step of a send: a document uploaded from disk (with progress and
 * cancel) or from an address, and a ref for each document of a send — the
 * remembered one while the file is unchanged, otherwise a fresh upload.
 */
import type { UploadResult } from '../../shared/send/types';
import type { FaxApiClient } from '../api/client';
import { CancelledError } from '../api/errors';
import { UserError } from '../errors';
import type { GrantedInput } from '../files/grants';
import type { Logger } from '../log';
import { inspectDocument } from './documents';
import { documentError, openDocument } from './open-document';
import type { LocalComposeDocument as ComposeDocument, LocalDocumentInfo } from './local-documents';
import { UploadRegistry } from './uploads';

const PROGRESS_INTERVAL_MS = 100;

export interface UploadStepDeps {
  dataDir: string;
  session: () => Promise<{ client: FaxApiClient; profile: string }>;
  emitProgress: (p: { uploadId: string; sent: number; total: number }) => void;
  log: Logger;
  now: () => number;
}

export interface UploadStep {
  /** uploads a file; with an id it reports progress and can be cancelled */
  /** `granted`: the file the user granted, checked on the descriptor the upload reads (see fileSource) */
  uploadPath(filePath: string, uploadId: string | null, granted?: Pick<GrantedInput, 'identity' | 'name'>): Promise<UploadResult>;
  uploadUrl(url: string, fileName?: string): Promise<UploadResult>;
  cancel(uploadId: string): boolean;
  /** a ref for each document: the remembered one if still plausible (unless `fresh`), otherwise a fresh upload */
  refsFor(documents: readonly ComposeDocument[], fresh: boolean, profile: string): Promise<string[]>;
  /** the service refused these refs: they are not offered again */
  forget(refs: readonly string[]): void;
}

export function createUploadStep(deps: UploadStepDeps): UploadStep {
  const { now } = deps;
  const registry = new UploadRegistry(deps.dataDir, deps.log);
  const active = new Map<string, AbortController>();

  async function uploadPath(filePath: string, uploadId: string | null, granted?: Pick<GrantedInput, 'identity' | 'name'>): Promise<UploadResult> {
    // Registered first, so a cancel during the checks below is honoured too.
    const controller = new AbortController();
    if (uploadId) {
      if (active.has(uploadId)) throw new UserError('upload.busy', 'This document is already being uploaded.');
      active.set(uploadId, controller);
    }
    try {
      return await uploadChecked(filePath, uploadId, controller.signal, granted);
    } finally {
      if (uploadId) active.delete(uploadId);
    }
  }

  async function uploadChecked(filePath: string, uploadId: string | null, signal: AbortSignal, granted?: Pick<GrantedInput, 'identity' | 'name'>): Promise<UploadResult> {
    let lastEmit = 0;
    const onProgress = (sent: number, total: number) => {
      if (!uploadId) return;
      const t = now();
      if (sent < total && t - lastEmit < PROGRESS_INTERVAL_MS) return;
      lastEmit = t;
      deps.emitProgress({ uploadId, sent, total });
    };
    const source = await openDocument(filePath, onProgress, granted);
    let client: FaxApiClient;
    let profile: string;
    let info: LocalDocumentInfo;
    try {
      // Checked again here, on the opened file (its fstat): it may have changed since it was added, and
      // nothing over the limit is ever sent. Unchanged since the attach, this costs no system call.
      info = await inspectDocument(filePath, source.stat);
      if (info.error) throw documentError(info);
      ({ client, profile } = await deps.session());
      if (signal.aborted) throw new CancelledError('upload');
    } catch (e) {
      void source.close();
      throw e;
    }
    // The size and time of the file as it was opened for this upload: a file changed while it uploads
    // is then seen as changed, and nothing is stat'ed after the service's answer.
    const opened = { size: source.size, mtimeMs: source.mtimeMs };
    const uploaded = await client.uploadFile(source, { fileName: info.name, signal });
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    // Remembered only with the file's own size and time: without them a changed file could reuse the ref.
    registry.remember(UploadRegistry.keyOfPath(info.path, profile), { fileRef: result.fileRef, uploadedAt: result.uploadedAt, ...opened });
    return result;
  }

  async function uploadUrl(url: string, fileName?: string): Promise<UploadResult> {
    const { client, profile } = await deps.session();
    const uploaded = await client.uploadFromUrl(url, fileName);
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    registry.remember(UploadRegistry.keyOfUrl(url, profile), { fileRef: result.fileRef, uploadedAt: result.uploadedAt, size: result.size, mtimeMs: null });
    return result;
  }

  async function refsFor(documents: readonly ComposeDocument[], fresh: boolean, profile: string): Promise<string[]> {
    const refs: string[] = [];
    for (const d of documents) {
      if (d.path !== null) {
        // The file the user granted (the path it named then, its device and inode): a ref is reused only
        // for that file, and a fresh upload's one open is the check (another file or a link: 'file.changed').
        const file = d.granted?.path ?? d.path;
        const known = fresh ? null : registry.forPath(file, profile, d.granted?.identity);
        refs.push(known?.fileRef ?? (await uploadPath(file, null, d.granted)).fileRef);
      } else if (d.url !== null) {
        const known = fresh ? null : registry.forUrl(d.url, profile);
        refs.push(known?.fileRef ?? (await uploadUrl(d.url, d.name)).fileRef);
      }
    }
    return refs;
  }

  return {
    uploadPath,
    uploadUrl,
    refsFor,
    cancel(uploadId) {
      const c = active.get(uploadId);
      if (!c) return false;
      c.abort();
      return true;
    },
    forget(refs) {
      for (const r of refs) registry.forget(r);
    },
  };
}
