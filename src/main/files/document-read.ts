/**
 * A document's bytes read after the fact (its digest for "the same fax again?" and the office, its
 * first page for a transmission report) from a file opened as an upload opens it (fileSource: no link
 * followed, no wait on a named pipe, a regular file of at most 10 MB, read from the one descriptor and
 * never past the size it had when opened).
 * Before, these read the name with createReadStream / readFile: a link put in the file's place was
 * followed (another file's hash, or its first page in a report), a named pipe held a thread-pool thread
 * until a writer came (the send, the office mirror's drain or the report never answered), and a file
 * grown to any size was read to its end (a report read it whole into memory).
 */
import { createHash } from 'node:crypto';
import { fileSource, type FileSource } from '../api/upload-body';

/** The digest of an opened file's bytes (hex), through the upload's reused buffers; the file is closed afterwards, read or not. */
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

/** The whole of the file at `filePath` (at most 10 MB), or null when it is not a readable regular file of at most 10 MB. */
export async function documentBytes(filePath: string): Promise<Uint8Array | null> {
  let source: FileSource;
  try {
    source = await fileSource(filePath);
  } catch {
    return null;
  }
  try {
    const out = new Uint8Array(source.size);
    let at = 0;
    for await (const chunk of source.open()) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  } catch {
    return null;
  } finally {
    await source.close();
  }
}
