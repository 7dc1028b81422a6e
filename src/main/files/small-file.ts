/**
 * A small file read whole, synchronously, by a name that others may write to (the hot folder's print
 * sidecars, a CSV file the user chose): opened once and checked on that descriptor, so what is read is
 * what was checked. readFileSync by name instead (after a stat, or without one):
 * - waited on a named pipe put there until a writer came, holding the main thread (a sync read) for good;
 * - read a file of any size whole into memory, or one that grew after its stat.
 */
import fs from 'node:fs';

/** Why the file was not read: its `code` is the system's (ENOENT, ELOOP…) or one of these. */
export type SmallFileRefusal = 'not_a_file' | 'too_large';

export class SmallFileError extends Error {
  constructor(
    readonly code: SmallFileRefusal | string,
    /** the file's size when it was too large */
    readonly size = 0,
  ) {
    super(`file not read: ${code}`);
  }
}

export interface SmallFileOptions {
  /** the largest file read (a larger one, or one that grows past this while read, is refused) */
  maxBytes: number;
  /** follow a link in the file's place (a file the user chose may be one); false: refused (ELOOP) */
  followLinks: boolean;
}

/**
 * The bytes of an open file whose fstat said `size` (at most `maxBytes`), read to its end but never past
 * one byte more than allowed: a file that grew since its stat is read whole while it stays within the
 * limit, and refused (SmallFileError `too_large`) once it is past it. For a caller that checks the
 * descriptor itself first (the policy: its owner).
 */
export function readOpenedSync(fd: number, size: number, maxBytes: number): Buffer {
  let out = Buffer.allocUnsafe(size + 1);
  let got = 0;
  for (;;) {
    if (got === out.length) out = Buffer.concat([out, Buffer.allocUnsafe(Math.min(out.length, maxBytes + 1 - out.length))]);
    const n = fs.readSync(fd, out, got, out.length - got, got);
    if (n === 0) break;
    got += n;
    if (got > maxBytes) throw new SmallFileError('too_large', got);
  }
  return out.subarray(0, got);
}

/**
 * The bytes of a regular file of at most `maxBytes`. Throws SmallFileError: the system's code when it
 * cannot be opened or read, `not_a_file` for a folder, pipe or device, `too_large` past the limit.
 */
export function readSmallFileSync(file: string, options: SmallFileOptions): Buffer {
  // Non-blocking: a named pipe opens at once (and is refused below) instead of waiting for a writer.
  const flags = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (options.followLinks ? 0 : (fs.constants.O_NOFOLLOW ?? 0));
  let fd: number;
  try {
    fd = fs.openSync(file, flags);
  } catch (e) {
    throw new SmallFileError((e as NodeJS.ErrnoException).code ?? 'EIO');
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new SmallFileError('not_a_file');
    if (st.size > options.maxBytes) throw new SmallFileError('too_large', st.size);
    return readOpenedSync(fd, st.size, options.maxBytes);
  } catch (e) {
    throw e instanceof SmallFileError ? e : new SmallFileError((e as NodeJS.ErrnoException).code ?? 'EIO');
  } finally {
    fs.closeSync(fd);
  }
}
