/**
 * The upload step of a send: a document uploaded from disk (with progress and
 * cancel) or from an address, and a ref for each document of a send — the
 * remembered one while the file is unchanged, otherwise a fresh upload.
 */
import type { UploadResult } from '../../shared/send/types';
import type { FaxApiClient } from '../api/client';
import { CancelledError } from '../api/errors';
import { UserError } from '../errors';
import type { Logger } from '../log';
import { inspectDocument } from './documents';
import type { LocalComposeDocument as ComposeDocument } from './local-documents';
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
  uploadPath(filePath: string, uploadId: string | null): Promise<UploadResult>;
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

  async function uploadPath(filePath: string, uploadId: string | null): Promise<UploadResult> {
    // Registered first, so a cancel during the checks below is honoured too.
    const controller = new AbortController();
    if (uploadId) {
      if (active.has(uploadId)) throw new UserError('upload.busy', 'This document is already being uploaded.');
      active.set(uploadId, controller);
    }
    try {
      return await uploadChecked(filePath, uploadId, controller.signal);
    } finally {
      if (uploadId) active.delete(uploadId);
    }
  }

  async function uploadChecked(filePath: string, uploadId: string | null, signal: AbortSignal): Promise<UploadResult> {
    // Checked again here: the file may have changed since it was added, and nothing over the limit is ever sent.
    const info = await inspectDocument(filePath);
    if (info.error) throw new UserError(`document.${info.error.code}`, info.error.message, undefined, { name: info.name, size: info.size });
    const { client, profile } = await deps.session();
    if (signal.aborted) throw new CancelledError('upload');
    let lastEmit = 0;
    // The size and time of the file as the client opened it for this upload: a file changed while it
    // uploads is then seen as changed, and nothing is stat'ed after the service's answer.
    let opened = null as { size: number; mtimeMs: number } | null;
    const uploaded = await client.uploadFile(info.path, {
      fileName: info.name,
      signal,
      onOpened: (file) => (opened = file),
      onProgress: (sent, total) => {
        if (!uploadId) return;
        const t = now();
        if (sent < total && t - lastEmit < PROGRESS_INTERVAL_MS) return;
        lastEmit = t;
        deps.emitProgress({ uploadId, sent, total });
      },
    });
    const result: UploadResult = { fileRef: uploaded.file_ref, size: uploaded.file_size, ext: uploaded.file_ext, uploadedAt: now() };
    // Remembered only with the file's own size and time: without them a changed file could reuse the ref.
    if (opened) registry.remember(UploadRegistry.keyOfPath(info.path, profile), { fileRef: result.fileRef, uploadedAt: result.uploadedAt, ...opened });
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
        const known = fresh ? null : registry.forPath(d.path, profile);
        refs.push(known?.fileRef ?? (await uploadPath(d.path, null)).fileRef);
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
