import { create } from 'zustand';
import type { DocumentSource, PrintedJob } from '@shared/ipc/channels/intake';
import { displayFax } from '@shared/phonebook/format';
import type { ComposeDocument, DocumentProblemCode } from '@shared/send/types';

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
  /** 'too_many': beyond the files one drop is looked at for (named together) */
  code: DocumentProblemCode | 'too_many' | 'other';
  name: string;
  size: number;
  message: string;
  /** the hot folder moved it into its failed/ folder with a note saying why */
  movedToFailed?: boolean;
}

/** A document accepted but not attached, for want of room: where it came from goes with it. */
export interface WaitingDocument {
  handle: string;
  name: string;
  source?: DocumentSource | undefined;
  /** a document of the restored draft that main could not look at: still the draft's until added or dismissed */
  fromDraft?: true | undefined;
}

/** Only what the list keeps of a document (an offered one carries more). */
export const waitingDocument = ({ handle, name, source, fromDraft }: WaitingDocument): WaitingDocument => ({
  handle,
  name,
  ...(source ? { source } : {}),
  ...(fromDraft ? { fromDraft } : {}),
});

export interface CoverFields {
  from: string;
  to: string;
  subject: string;
  message: string;
}

interface ComposeState {
  docs: DocItem[];
  /**
   * accepted documents beyond the 3 that fit: listed, never attached silently, until the user adds them
   * (once there is room) or dismisses them; a printed or hot-folder one stays unclaimed in main until then,
   * and across "New fax" (arrivals.ts)
   */
  overflow: WaitingDocument[];
  refused: Refusal[];
  recipientsText: string;
  name: string;
  /** the name a print job gave the fax (its title): it leaves with the job's last document, unless the user changed it */
  printedName: string | null;
  scheduleLocal: string;
  cover: CoverFields;
  coverOpen: boolean;
  /** messages of the service keyed by the number it refused, so they stay on the row while editing */
  serviceErrors: Record<string, string[]>;
  /** field errors on other fields (name, scheduledAt, documents.i) */
  otherErrors: Record<string, string[]>;
  restored: boolean;
  /** a notice about documents from outside (printed while FaxDesk was closed, a hot-folder move that failed) */
  intakeNotice: IntakeNotice | null;
  /** a field the user edits (name, schedule, cover text, …) */
  set(patch: Partial<ComposeFields>): void;
  moveDoc(key: string, delta: -1 | 1): void;
  removeDoc(key: string): void;
  reset(): void;
  /** documents checked by main: the ones that fit attached, the rest listed (refused with the reason, or beyond the limit) */
  attach(added: DocItem[], refused: Refusal[], overflow: WaitingDocument[]): void;
  /** documents main could not look at: listed first, to be added again (each once) */
  wait(documents: readonly WaitingDocument[]): void;
  /** one document more: a cover page goes first, a document from a web address last */
  addDocument(item: DocItem, place: 'first' | 'last'): void;
  refuse(refused: Refusal[]): void;
  setUpload(key: string, upload: UploadState): void;
  /** the upload finished: the service's file_ref goes with the document */
  uploaded(key: string, fileRef: string): void;
  /** main filed the document elsewhere (a refused hot-folder document in failed/) and granted it there */
  moved(key: string, handle: string): void;
  noteIntake(notice: IntakeNotice | null): void;
  setRecipients(text: string): void;
  /** numbers from the phonebook, written as a person writes them (+86 10 8800 0001), after what is typed */
  appendNumbers(numbers: string[]): void;
  /** what print jobs carried (`lp -o phone=…`, the job title): their numbers after what is typed, their title unless a name is */
  prefillFromPrint(jobs: readonly PrintedJob[]): void;
}

type ComposeFields = Omit<ComposeState, FunctionKeys<ComposeState>>;
type FunctionKeys<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T];

export type IntakeNotice = { kind: 'waiting'; count: number } | { kind: 'settleFailed'; message: string };

const empty = {
  docs: [] as DocItem[],
  overflow: [] as WaitingDocument[],
  refused: [] as Refusal[],
  recipientsText: '',
  name: '',
  printedName: null as string | null,
  scheduleLocal: '',
  cover: { from: '', to: '', subject: '', message: '' },
  coverOpen: false,
  serviceErrors: {},
  otherErrors: {},
  intakeNotice: null,
};

/** The compose form: UI state only (what the user is putting together), never a copy of server data. */
export const useCompose = create<ComposeState>((set) => ({
  ...empty,
  restored: false,
  set: (patch) => set(patch),
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
      // the documents not attached stay listed: with a free slot, the notice offers to add them
      return { docs, name, ...(printGone ? { printedName: null } : {}) };
    }),
  reset: () =>
    set((s) => {
      for (const d of s.docs) if (d.previewUrl) URL.revokeObjectURL(d.previewUrl);
      // printed or hot-folder documents that did not fit the last fax still wait (main holds them for the
      // window until they are added or dismissed); files the user dropped are theirs to drop again
      return { ...empty, overflow: s.overflow.filter((o) => o.source !== undefined), restored: true };
    }),
  attach: (added, refused, overflow) =>
    set((s) => ({
      docs: [...s.docs, ...added],
      refused: [...s.refused, ...refused],
      overflow: [
        ...s.overflow.filter((o) => !added.some((a) => a.doc.handle === o.handle)),
        ...overflow.filter((o, i) => !s.overflow.some((x) => x.handle === o.handle) && overflow.findIndex((x) => x.handle === o.handle) === i),
      ],
    })),
  wait: (documents) =>
    set((s) => ({
      overflow: [...documents.map(waitingDocument), ...s.overflow.filter((o) => !documents.some((d) => d.handle === o.handle))],
    })),
  addDocument: (item, place) => set((s) => ({ docs: place === 'first' ? [item, ...s.docs] : [...s.docs, item] })),
  refuse: (refused) => set((s) => ({ refused: [...s.refused, ...refused] })),
  setUpload: (key, upload) => set((s) => ({ docs: s.docs.map((d) => (d.key === key ? { ...d, upload } : d)) })),
  uploaded: (key, fileRef) => set((s) => ({ docs: s.docs.map((d) => (d.key === key ? { ...d, upload: { kind: 'done' }, doc: { ...d.doc, fileRef } } : d)) })),
  moved: (key, handle) => set((s) => ({ docs: s.docs.map((d) => (d.key === key ? { ...d, doc: { ...d.doc, handle } } : d)) })),
  noteIntake: (intakeNotice) => set({ intakeNotice }),
  setRecipients: (recipientsText) => set({ recipientsText }),
  appendNumbers: (numbers) =>
    set((s) => {
      const text = s.recipientsText.trimEnd();
      return { recipientsText: (text ? `${text}\n` : '') + numbers.map(displayFax).join('\n') };
    }),
  prefillFromPrint: (jobs) =>
    set((s) => {
      if (jobs.length === 0) return s;
      const typed = s.recipientsText.split(/\r?\n/).map((l) => l.trim());
      const numbers = jobs.flatMap((j) => j.recipients).filter((n, i, all) => all.indexOf(n) === i && !typed.includes(n));
      const printed = s.name.trim() ? null : (jobs.find((j) => j.name)?.name ?? null);
      const recipientsText = [s.recipientsText.replace(/\s+$/, ''), ...numbers].filter(Boolean).join('\n');
      return { recipientsText, ...(printed !== null ? { name: printed, printedName: printed } : {}) };
    }),
}));

let counter = 0;
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * The document a task is named after: the user's own first document, not the cover page FaxDesk drew
 * (which is sent first, but "cover-2026-11-25-….pdf" names nothing the user recognises).
 */
export function namingDocument<T extends { isCover: boolean }>(docs: readonly T[]): T | undefined {
  return docs.find((d) => !d.isCover) ?? docs[0];
}
