/**
 * Main's own guard against the same send twice at once. The renderer guards
 * the button too, but main is the last door: a second request for a send that
 * is still running (a double click that slipped through, a replayed message)
 * is refused, never queued.
 */
import { UserError } from '../errors';
import type { LocalSendFaxInput } from './local-documents';

/** What makes two send requests "the same compose": the documents and the set of numbers. */
function composeKey(input: LocalSendFaxInput): string {
  return JSON.stringify([input.documents, [...new Set(input.numbers)].sort()]);
}

/** Wraps a send so that the same compose cannot run twice at once. */
export function onceInFlight<R>(send: (input: LocalSendFaxInput) => Promise<R>): (input: LocalSendFaxInput) => Promise<R> {
  const sending = new Set<string>();
  return async (input) => {
    const key = composeKey(input);
    if (sending.has(key)) {
      throw new UserError('send.in_progress', 'This fax is already being sent. Wait for its result on the Send screen; nothing more was sent.');
    }
    sending.add(key);
    try {
      return await send(input);
    } finally {
      sending.delete(key);
    }
  };
}
