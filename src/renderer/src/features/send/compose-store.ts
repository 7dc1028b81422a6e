import { create } from 'zustand';
import { MAX_DOCUMENTS } from '../../../../shared/send/limits';
import type { DocumentSource } from '../../../../shared/ipc/channels/intake';
import type { ComposeDocument, DocumentProblemCode, SendResult } from '../../../../shared/send/types';

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; uploadId: string; sent: number; total: number }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export interface DocItem {
  /** stable React key */
  key: string;
  doc: ComposeDocument;
  size: number | null;
  warning: 'large' | null;
  upload: UploadState;
  /** a blob: URL of the dropped File, for the thumbnail (null for paths from intake or a draft) */
  previewUrl: string | null;
  /** the dropped File itself (pdf.js reads it; never sent to main) */
  previewFile: File | null;
  previewKind: 'pdf' | 'image' | null;
  isCover: boolean;
  /** how it came from outside the window (printer, hot folder, Open with), shown beside it; absent when added here */
  source?: DocumentSource;
}

export interface Refusal {
  key: string;
  code: DocumentProblemCode | 'other';
  name: string;
  size: number;
  message: string;
  /** the hot folder moved it into its failed/ folder with a note saying why */
  movedToFailed?: boolean;
}

export interface CoverFields {
  from: string;
  to: string;
  subject: string;
  message: string;
}

interface ComposeState {
  docs: DocItem[];
  /** accepted documents beyond the 3 that fit: listed, never attached silently */
  overflow: Array<{ handle: string; name: string }>;
  refused: Refusal[];
  recipientsText: string;
  name: string;
  /** the name a print job gave the fax (its title): it leaves with the job's last document, unless the user changed it */
  printedName: string | null;
  scheduleLocal: string;
  cover: CoverFields;
  coverOpen: boolean;
  result: SendResult | null;
  /** the name the send went out under (the user's, or the first document's) */
  resultName: string;
  /** messages of the service keyed by the number it refused, so they stay on the row while editing */
  serviceErrors: Record<string, string[]>;
  /** field errors on other fields (name, scheduledAt, documents.i) */
  otherErrors: Record<string, string[]>;
  restored: boolean;
  /** a notice about documents from outside (printed while FaxDesk was closed, a hot-folder move that failed) */
  intakeNotice: { kind: 'waiting'; count: number } | { kind: 'settleFailed'; message: string } | null;
  set(patch: Partial<Omit<ComposeState, 'set' | 'updateDoc' | 'moveDoc' | 'removeDoc' | 'reset'>>): void;
  updateDoc(key: string, patch: Partial<DocItem>): void;
  moveDoc(key: string, delta: -1 | 1): void;
  removeDoc(key: string): void;
  reset(): void;
}

const empty = {
  docs: [] as DocItem[],
  overflow: [] as Array<{ handle: string; name: string }>,
  refused: [] as Refusal[],
  recipientsText: '',
  name: '',
  printedName: null as string | null,
  scheduleLocal: '',
  cover: { from: '', to: '', subject: '', message: '' },
  coverOpen: false,
  result: null,
  resultName: '',
  serviceErrors: {},
  otherErrors: {},
  intakeNotice: null,
};

/** The compose form: UI state only (what the user is putting together), never a copy of server data. */
export const useCompose = create<ComposeState>((set) => ({
  ...empty,
  restored: false,
  set: (patch) => set(patch),
  updateDoc: (key, patch) => set((s) => ({ docs: s.docs.map((d) => (d.key === key ? { ...d, ...patch } : d)) })),
  moveDoc: (key, delta) =>
    set((s) => {
      const i = s.docs.findIndex((d) => d.key === key);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= s.docs.length) return s;
      const docs = [...s.docs];
      [docs[i], docs[j]] = [docs[j]!, docs[i]!];
      return { docs };
    }),
  removeDoc: (key) =>
    set((s) => {
      const gone = s.docs.find((d) => d.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      const docs = s.docs.filter((d) => d.key !== key);
      // The print job's title named the fax: with its last printed document gone, so is the name (unless retyped).
      const printGone = gone?.source === 'print' && !docs.some((d) => d.source === 'print');
      const name = printGone && s.printedName !== null && s.name === s.printedName ? '' : s.name;
      // "Only 3 documents… Not attached: …" is about a full list: a free slot ends it.
      const overflow = docs.length < MAX_DOCUMENTS ? [] : s.overflow;
      return { docs, name, overflow, ...(printGone ? { printedName: null } : {}) };
    }),
  reset: () =>
    set((s) => {
      for (const d of s.docs) if (d.previewUrl) URL.revokeObjectURL(d.previewUrl);
      return { ...empty, restored: true };
    }),
}));

/**
 * After a send that created something (or may have), the compose is read-only
 * with its result until "New fax": pressing Send again must not be the way to
 * a second, identical fax. A send the service refused stays editable.
 */
export function composeLocked(s: Pick<ComposeState, 'result'>): boolean {
  return s.result !== null && s.result.overall !== 'refused';
}

let counter = 0;
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * The document a task is named after: the user's own first document, not the cover page FaxDesk drew
 * (which is sent first, but "cover-2026-11-25-….pdf" names nothing the user recognises).
 */
export function namingDocument<T extends { isCover: boolean }>(docs: readonly T[]): T | undefined {
  return docs.find((d) => !d.isCover) ?? docs[0];
}
