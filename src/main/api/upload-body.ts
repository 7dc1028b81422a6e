/**
 * The body of a binary upload, streamed from disk: chunks are read only as
 * fetch pulls them, so memory stays at a few chunks whatever the file size.
 */
import fs from 'node:fs';
import { LocalFileError } from './errors';

/** The service's single-file limit. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface FileSource {
  size: number;
  /** a fresh stream per attempt */
  open(): AsyncIterable<Uint8Array>;
  /** set when reading the file failed mid-way */
  readonly error: LocalFileError | null;
}

export async function fileSource(filePath: string, onProgress?: (sent: number, total: number) => void): Promise<FileSource> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(filePath);
  } catch (e) {
    throw new LocalFileError('file.unreadable', (e as NodeJS.ErrnoException).code ?? 'cannot open');
  }
  if (!stat.isFile()) throw new LocalFileError('file.unreadable', 'not a file');
  if (stat.size > MAX_UPLOAD_BYTES) throw new LocalFileError('file.too_large', `${(stat.size / 1024 / 1024).toFixed(1)} MB`);
  const total = stat.size;
  let error: LocalFileError | null = null;
  return {
    size: total,
    get error() {
      return error;
    },
    open() {
      return (async function* () {
        let sent = 0;
        try {
          for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
            const bytes = chunk as Buffer;
            sent += bytes.length;
            yield bytes;
            // Reported once fetch has taken the chunk, i.e. as it goes out.
            onProgress?.(sent, total);
          }
        } catch (e) {
          error = new LocalFileError('file.unreadable', (e as NodeJS.ErrnoException).code ?? 'read failed');
          throw e;
        }
      })();
    },
  };
}

/**
 * X-File-Name is a plain header: a name in safe ASCII goes as is (what any
 * server expects), anything else (Chinese, spaces, '%') percent-encoded as
 * UTF-8, which the simulator decodes and is the common convention.
 */
export function encodeFileNameHeader(name: string): string {
  return /^[A-Za-z0-9._()\-[\]]+$/.test(name) ? name : encodeURIComponent(name);
}
