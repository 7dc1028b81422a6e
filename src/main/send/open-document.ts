/**
 * A document of the Send screen opened for reading: once, without following a link, without waiting
 * on a named pipe, a regular file within the service's limit, and with the grant's identity the very
 * file the user granted (see fileSource). Every read of a document's bytes starts here: its upload and
 * the fingerprint of "the same fax again?".
 */
import { LocalFileError } from '../api/errors';
import { fileSource, type FileSource } from '../api/upload-body';
import { UserError } from '../errors';
import { fileChanged, type GrantedInput } from '../files/grants';
import { inspectDocument } from './documents';
import type { LocalDocumentInfo } from './local-documents';

/** A document's own problem as the attach step words it. */
export const documentError = (info: LocalDocumentInfo) =>
  new UserError(`document.${info.error!.code}`, info.error!.message, undefined, { name: info.name, size: info.size });

/**
 * The file opened once, without following a link; with the granted identity, the descriptor must be
 * the granted file (no file renamed into its place since). A file that cannot be opened is explained
 * by the document check (gone, a folder, too large) where it has words for it.
 */
export async function openDocument(
  filePath: string,
  onProgress: ((sent: number, total: number) => void) | undefined,
  granted: Pick<GrantedInput, 'identity' | 'name'> | undefined,
): Promise<FileSource> {
  const expected = granted && { identity: granted.identity, changed: () => fileChanged(granted.name) };
  try {
    return await fileSource(filePath, onProgress, expected);
  } catch (e) {
    if (!(e instanceof LocalFileError)) throw e;
    const info = await inspectDocument(filePath);
    throw info.error ? documentError(info) : e;
  }
}
