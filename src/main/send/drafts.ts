import fs from 'node:fs';
import path from 'node:path';
import { readJsonFile, writeJsonFile } from '../storage/json-file';
import type { StoredDraft } from './local-documents';

/** Where the compose is kept, under main's own data folder. */
export const DRAFT_FILE = path.join('send', 'draft.json');

/**
 * The Send screen's draft, kept across restarts: documents by path (never
 * their bytes), granted again when it is loaded.
 */
export interface DraftStore {
  save(draft: Omit<StoredDraft, 'savedAt'>): { savedAt: number };
  /** null when there is none (or it was unreadable); documents without a path or address are dropped */
  load(): StoredDraft | null;
  clear(): { cleared: boolean };
}

export function createDraftStore(dataDir: string, now: () => number = Date.now): DraftStore {
  const file = path.join(dataDir, DRAFT_FILE);
  return {
    save(draft) {
      const savedAt = now();
      writeJsonFile(file, { ...draft, savedAt } satisfies StoredDraft);
      return { savedAt };
    },
    load() {
      const stored = readJsonFile<StoredDraft>(file);
      if (!stored) return null;
      const documents = Array.isArray(stored.documents) ? stored.documents : [];
      return { ...stored, documents: documents.filter((d) => typeof d.path === 'string' || typeof d.url === 'string') };
    },
    clear() {
      try {
        fs.rmSync(file);
        return { cleared: true };
      } catch {
        return { cleared: false };
      }
    },
  };
}
