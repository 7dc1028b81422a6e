import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ioUserError } from './io-error';

export interface AtomicWriteOptions {
  /** file permissions of a new file (e.g. 0o600 for anything private) */
  mode?: number;
  /** what is being saved, for the error the user reads ("the cover page"); default "a file" */
  what?: string;
  /** the error to throw for a failure (default: an I/O failure becomes a sentence naming `what`, the file and the cause) */
  explain?: (e: unknown) => unknown;
}

/** An I/O failure becomes a sentence naming the file and the cause; anything else is passed on. */
function explain(e: unknown, file: string, options: AtomicWriteOptions): unknown {
  if (options.explain) return options.explain(e);
  return ioUserError(e, options.what ?? 'a file', file) ?? e;
}

/** A temporary name beside `file` (io-error.ts recognises it to name the real file in a message). */
function tmpPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.tmp`);
}

const writeOptions = (options: AtomicWriteOptions) => ({ flush: true, ...(options.mode === undefined ? {} : { mode: options.mode }) });

/**
 * Replaces `file` in one step: the bytes go to a temporary file beside it,
 * are flushed to disk, and the temporary file is renamed over the target. A
 * crash or a full disk leaves the old file whole, and the temporary file is
 * removed on any failure, so no partial file is ever left behind.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const tmp = tmpPathFor(file);
  try {
    fs.writeFileSync(tmp, data, writeOptions(options));
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw explain(e, file, options);
  }
}

/** The same, for code on the async file API (large PDFs). */
export async function writeFileAtomicAsync(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const tmp = tmpPathFor(file);
  try {
    await fs.promises.writeFile(tmp, data, writeOptions(options));
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw explain(e, file, options);
  }
}
