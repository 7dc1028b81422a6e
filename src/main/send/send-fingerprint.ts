/**
 * What makes two sends "the same fax": the documents' contents (a copy or a
 * re-save with the same bytes is the same document) and the set of numbers.
 * Each file is read as its upload reads it (openDocument: the granted file, no
 * link followed, no named pipe waited on, at most 10 MB).
 */
import { createHash } from 'node:crypto';
import { digestOf } from '../files/document-read';
import type { LocalComposeDocument as ComposeDocument } from './local-documents';
import { openDocument } from './open-document';

export async function sendFingerprint(documents: readonly ComposeDocument[], numbers: readonly string[]): Promise<string> {
  const docs: string[] = [];
  for (const d of documents) {
    if (d.path !== null) docs.push(`file:${await digestOf(await openDocument(d.granted?.path ?? d.path, undefined, d.granted))}`);
    else docs.push(`url:${d.url ?? ''}`);
  }
  const set = [...new Set(numbers)].sort();
  return createHash('sha256').update(JSON.stringify([docs.sort(), set])).digest('hex');
}
