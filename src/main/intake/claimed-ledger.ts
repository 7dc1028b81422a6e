import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../storage/json-file';

/**
 * The hot-folder documents the Send screen has taken, kept across restarts:
 * a document that was attached and then removed by the user, or whose move
 * into sent/ failed, stays in the outbox and must never be offered again —
 * not even after FaxDesk restarts. A document is known by its name, size and
 * modification time, so a new file saved under the same name is new.
 * Entries go once their file has left the folder.
 */
const entrySchema = z.object({ name: z.string(), size: z.number(), mtimeMs: z.number() });
const fileSchema = z.object({ version: z.literal(1), folders: z.record(z.string(), z.array(entrySchema)) });
type Entry = z.infer<typeof entrySchema>;

export interface DocumentIdentity {
  name: string;
  size: number;
  mtimeMs: number;
}

const same = (a: DocumentIdentity, b: DocumentIdentity) => a.name === b.name && a.size === b.size && a.mtimeMs === b.mtimeMs;

export class ClaimedLedger {
  private entries: Entry[];

  constructor(
    /** null keeps it in memory only (tests, or no data folder) */
    private readonly file: string | null,
    private readonly folder: string,
    private readonly onError: (message: string) => void = () => {},
  ) {
    this.entries = this.load();
  }

  has(id: DocumentIdentity): boolean {
    return this.entries.some((e) => same(e, id));
  }

  add(id: DocumentIdentity): void {
    if (this.has(id)) return;
    this.entries.push({ name: id.name, size: id.size, mtimeMs: id.mtimeMs });
    this.save();
  }

  /** Forgets the documents whose names are no longer in the folder. */
  keepOnly(presentNames: ReadonlySet<string>): void {
    const kept = this.entries.filter((e) => presentNames.has(e.name));
    if (kept.length === this.entries.length) return;
    this.entries = kept;
    this.save();
  }

  private readAll(): z.infer<typeof fileSchema> {
    if (!this.file) return { version: 1, folders: {} };
    const log = { warn: this.onError };
    return readJsonFile(this.file, { parse: (raw) => fileSchema.parse(raw), log, what: 'the list of hot-folder documents already taken' }) ?? { version: 1, folders: {} };
  }

  private load(): Entry[] {
    return this.readAll().folders[this.folder] ?? [];
  }

  private save(): void {
    if (!this.file) return;
    const all = this.readAll();
    if (this.entries.length) all.folders[this.folder] = this.entries;
    else delete all.folders[this.folder];
    // written whole and renamed into place: a crash leaves the old list, never half of one
    try {
      writeJsonFile(this.file, all, { mode: 0o600 });
    } catch (e) {
      this.onError(`cannot record the hot-folder documents already taken: ${(e as Error).message}`);
    }
  }
}
