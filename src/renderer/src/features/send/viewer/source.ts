/**
 * What the viewer and the thumbnails draw, wherever the document came from: the File of a drop or the
 * file picker is read in the window; a document the window holds only a handle for (main's dialog,
 * Open with, the printer, the hot folder, a reloaded draft, the cover FaxDesk drew) is read by main
 * through readDocumentPreview. The bytes are server data to the window, so they live in react-query.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CoverPageInput } from '@shared/send/types';
import { extensionOf } from '@shared/send/limits';
import { call } from '@renderer/lib/api';
import type { DocItem } from '../compose-store';
import { useDebounced } from '@renderer/lib/use-debounced';

export type ViewerSource =
  | { kind: 'pdf'; data: Uint8Array }
  | { kind: 'image'; url: string }
  /** nothing FaxDesk can draw here: `ext` names the type (TIFF, DOCX…); 'url' for a document the service fetches itself */
  | { kind: 'unsupported'; ext: string };

export interface SourceState {
  source: ViewerSource | null;
  /** a main-side refusal or read failure, with its code for a sentence in the UI language */
  error: { code: string; message: string } | null;
}

function fromBase64(data: string): Uint8Array {
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const previewKeys = {
  file: (key: string) => ['send', 'preview', 'file', key] as const,
  handle: (handle: string) => ['send', 'preview', 'handle', handle] as const,
  cover: (input: CoverPageInput) => ['send', 'preview', 'cover', input] as const,
};

/** Kept while a document is on screen and a minute after: a 10 MB PDF is not held for the whole session. */
const KEEP = { staleTime: Infinity, gcTime: 60_000, retry: false } as const;

const handleQuery = (handle: string) =>
  queryOptions({
    queryKey: previewKeys.handle(handle),
    // A PDF as bytes for pdf.js; an image as a data: URL of main's base64, which an <img> shows as
    // is (no blob: URL to create and revoke with the component).
    queryFn: async (): Promise<{ kind: 'pdf'; bytes: Uint8Array } | { kind: 'image'; url: string }> => {
      const r = await call('readDocumentPreview', { handle });
      return r.kind === 'pdf' ? { kind: 'pdf', bytes: fromBase64(r.data) } : { kind: 'image', url: `data:${r.kind === 'png' ? 'image/png' : 'image/jpeg'};base64,${r.data}` };
    },
    ...KEEP,
  });

const fileQuery = (key: string, file: File) =>
  queryOptions({ queryKey: previewKeys.file(key), queryFn: async () => new Uint8Array(await file.arrayBuffer()), ...KEEP });

function errorOf(e: unknown): SourceState['error'] {
  if (!e) return null;
  const err = e as { code?: unknown; message?: unknown };
  return { code: typeof err.code === 'string' ? err.code : 'other', message: String(err.message ?? '') };
}

/** The viewer's source for one attached document. */
export function useDocumentSource(item: DocItem): SourceState {
  const { previewKind, previewFile, previewUrl, doc } = item;
  const viaMain = previewKind !== null && !previewFile && !previewUrl && doc.handle !== null;
  const file = useQuery({ ...fileQuery(item.key, previewFile ?? new File([], '')), enabled: previewKind === 'pdf' && previewFile !== null });
  const handle = useQuery({ ...handleQuery(doc.handle ?? ''), enabled: viaMain });
  return useMemo<SourceState>(() => {
    if (doc.handle === null && doc.url !== null) return { source: { kind: 'unsupported', ext: 'url' }, error: null };
    if (previewKind === null) return { source: { kind: 'unsupported', ext: extensionOf(doc.name) }, error: null };
    if (previewKind === 'image' && previewUrl) return { source: { kind: 'image', url: previewUrl }, error: null };
    if (previewFile) return { source: file.data ? { kind: 'pdf', data: file.data } : null, error: errorOf(file.error) };
    if (!viaMain) return { source: null, error: { code: 'file.not_granted', message: '' } };
    if (handle.error) return { source: null, error: errorOf(handle.error) };
    if (!handle.data) return { source: null, error: null };
    return { source: handle.data.kind === 'pdf' ? { kind: 'pdf', data: handle.data.bytes } : handle.data, error: null };
  }, [doc.handle, doc.url, doc.name, previewKind, previewUrl, previewFile, viaMain, file.data, file.error, handle.data, handle.error]);
}

/**
 * The cover page as makeCoverPage would draw it from the form now, redrawn by main once typing pauses;
 * the last drawing stays on screen meanwhile.
 */
export function useCoverSource(input: CoverPageInput): SourceState & { replacedCharacters: boolean; updating: boolean } {
  // by value: the form makes a new object on every render, which must not restart the wait
  const typed = JSON.stringify(input);
  const settledKey = useDebounced(typed, 400);
  const settled = useMemo(() => JSON.parse(settledKey) as CoverPageInput, [settledKey]);
  const q = useQuery({
    queryKey: previewKeys.cover(settled),
    queryFn: async () => {
      const r = await call('previewCoverPage', settled);
      return { bytes: fromBase64(r.data), replacedCharacters: r.replacedCharacters };
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 10_000,
    retry: false,
  });
  const data = q.data?.bytes;
  const source = useMemo<ViewerSource | null>(() => (data ? { kind: 'pdf', data } : null), [data]);
  return { source, error: errorOf(q.error), replacedCharacters: q.data?.replacedCharacters ?? false, updating: q.isFetching || settledKey !== typed };
}
