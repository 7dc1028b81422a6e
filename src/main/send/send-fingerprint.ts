/**
 * What makes two sends "the same fax": the documents' contents (a copy or a
 * re-save with the same bytes is the same document) and the set of numbers.
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { LocalComposeDocument as ComposeDocument } from './local-documents';

export async function sendFingerprint(documents: readonly ComposeDocument[], numbers: readonly string[]): Promise<string> {
  const docs: string[] = [];
  for (const d of documents) {
    if (d.path !== null) {
      const hash = createHash('sha256');
      for await (const chunk of fs.createReadStream(d.path)) hash.update(chunk as Buffer);
      docs.push(`file:${hash.digest('hex')}`);
    } else docs.push(`url:${d.url ?? ''}`);
  }
  const set = [...new Set(numbers)].sort();
  return createHash('sha256').update(JSON.stringify([docs.sort(), set])).digest('hex');
}
