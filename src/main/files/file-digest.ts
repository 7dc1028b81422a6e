/**
 * The SHA-256 of a document's bytes, read from a file opened as an upload opens it (fileSource: no link
 * followed, no wait on a named pipe, a regular file of at most 10 MB, read from the one descriptor and
 * never past the size it had when opened), through the upload's own reused buffers.
 * Before, the "same fax again?" fingerprint and the office's document hashes read the name with
 * createReadStream: a link put in the file's place was followed (the hash of another file), a named
 * pipe held a thread-pool thread until a writer came (the send never answered), and a file grown to
 * any size was read to its end.
 */
import { createHash } from 'node:crypto';
import { fileSource, type FileSource } from '../api/upload-body';

/** The digest of an opened file's bytes (hex); the file is closed afterwards, read or not. */
export async function digestOf(source: FileSource): Promise<string> {
  try {
    const hash = createHash('sha256');
    await source.open().writeTo((chunk, done) => {
      hash.update(chunk);
      done();
    });
    return hash.digest('hex');
  } finally {
    await source.close();
  }
}

/** The digest of the file at `filePath`, or null when it is not a readable regular file of at most 10 MB. */
export async function fileDigest(filePath: string): Promise<string | null> {
  try {
    return await digestOf(await fileSource(filePath));
  } catch {
    return null;
  }
}
