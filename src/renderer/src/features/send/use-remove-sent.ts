import type { ParsedRecipients } from '@shared/phone/parse';
import { useCompose } from './compose-store';
import { useSendResult } from './send-result';

/** "Remove sent": the lines of the recipients box that reached the service leave it, the rest stay as typed. */
export function useRemoveSent(current: () => ParsedRecipients): () => void {
  const result = useSendResult((s) => s.result);
  const clearResult = useSendResult((s) => s.clear);
  const setRecipients = useCompose((s) => s.setRecipients);
  return () => {
    if (!result) return;
    const sent = new Set(result.sentNumbers);
    const keep = current().rows.filter((r) => !(r.number && sent.has(r.number))).map((r) => r.input);
    setRecipients(keep.join('\n'));
    clearResult();
  };
}
