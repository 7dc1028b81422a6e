import { create } from 'zustand';
import type { SendResult } from '@shared/send/types';
import { whenState } from '../../lib/when-state';
import { useCompose } from './compose-store';

interface SendResultState {
  /** the last send's outcome, shown at the top of the Send screen until "New fax" (or an edit after a refusal) */
  result: SendResult | null;
  /** the name the send went out under (the user's, or the first document's) */
  name: string;
  /**
   * a send is on its way, from the click to its outcome (its review and same-fax questions included):
   * documents arriving meanwhile wait for it (whenNotSending)
   */
  sending: boolean;
  /** the names of documents the user added during the send, waiting for its outcome (waitForSend); the open question (review, same fax) lists them */
  held: Array<{ id: number; names: string[] }>;
  show(result: SendResult, name: string): void;
  clear(): void;
  setSending(sending: boolean): void;
}

/** What the last send did: its own store, beside the compose (which holds only what the user is putting together). */
export const useSendResult = create<SendResultState>((set) => ({
  result: null,
  name: '',
  sending: false,
  held: [],
  show: (result, name) => set({ result, name }),
  clear: () => set({ result: null, name: '' }),
  setSending: (sending) => set({ sending }),
}));

/**
 * Resolves once no send is on its way. A document added to the form while a send is out would be shown
 * with the sent fax without having been sent, and cleared with it by "New fax".
 */
export function whenNotSending(): Promise<void> {
  return whenState(useSendResult, (s) => !s.sending);
}

let lastHold = 0;

/**
 * whenNotSending for documents the user added (a drop, a pick): while they wait, their names are `held`,
 * so the open review can say they are not part of the fax it is about to send. True when they waited.
 */
export async function waitForSend(names: string[]): Promise<boolean> {
  if (!useSendResult.getState().sending) return false;
  const id = ++lastHold;
  if (names.length > 0) useSendResult.setState((s) => ({ held: [...s.held, { id, names }] }));
  try {
    await whenNotSending();
  } finally {
    if (names.length > 0) useSendResult.setState((s) => ({ held: s.held.filter((h) => h.id !== id) }));
  }
  return true;
}

/**
 * After a send that created something (or may have), the compose is read-only
 * with its result until "New fax": pressing Send again must not be the way to
 * a second, identical fax. A send the service refused stays editable.
 */
export function composeLocked(result: SendResult | null): boolean {
  return result !== null && result.overall !== 'refused';
}

export const useComposeLocked = (): boolean => useSendResult((s) => composeLocked(s.result));

export const isComposeLocked = (): boolean => composeLocked(useSendResult.getState().result);

/** "New fax": an empty compose and no result. */
export function startNewFax(): void {
  useCompose.getState().reset();
  useSendResult.getState().clear();
}
