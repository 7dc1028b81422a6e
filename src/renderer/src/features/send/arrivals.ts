/**
 * Documents that arrive from outside the window (printed to FaxDesk, the hot folder, "Open with").
 * Main brings the window forward; what happens inside it is decided here, by what the user is doing:
 * - on the Send screen with a fax of the user's own being put together, they are asked: a new fax
 *   with the documents, or added to this one (never merged silently);
 * - on the Send screen with nothing of the user's own in the form, they are attached (as before);
 * - on another screen, the window switches to Send, unless the user is typing there: then the screen
 *   stays and a notice with "Go to Send" says what arrived (the documents wait in main until taken).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { DOCUMENT_PROBLEMS } from '@shared/send/limits';
import type { DocumentsOffered, OfferedDocument } from '@shared/ipc/channels/intake';
import { api, call } from '../../lib/api';
import { whenState } from '../../lib/when-state';
import { useNavigation } from '../../navigation';
import { newKey, useCompose, type Refusal, type WaitingDocument } from './compose-store';
import { isComposeLocked, startNewFax, useSendResult, whenNotSending } from './send-result';
import { addHandles } from './documents';
import { saveDraftNow } from './use-draft';

interface ArrivalState {
  /** documents taken from main while a fax of the user's own is open: the question waits for its answer */
  asking: OfferedDocument[];
  /** documents announced while the user was typing on another screen (names for the notice) */
  elsewhere: OfferedDocument[];
}

export const useArrivals = create<ArrivalState>(() => ({ asking: [], elsewhere: [] }));

/**
 * The form holds something the user put there: a document added by hand or restored from the draft,
 * numbers, a name of their own, cover text. Documents from outside alone (and what a print job filled
 * in) are not: a second printed document joins the first.
 */
export function hasOwnDraft(s: ReturnType<typeof useCompose.getState>): boolean {
  if (isComposeLocked()) return false;
  const { from, to, subject, message } = s.cover;
  return (
    s.docs.some((d) => !d.source) ||
    s.recipientsText.trim() !== '' ||
    (s.name.trim() !== '' && s.name !== s.printedName) ||
    [from, to, subject, message].some((v) => v.trim() !== '')
  );
}

/** The most handles one claimDocuments takes (its schema): a larger burst is claimed in parts. */
const CLAIM_BATCH = 1000;

/** Main hands these over no more: they are on the form, and in the draft. */
function claim(handles: readonly string[]): void {
  for (let i = 0; i < handles.length; i += CLAIM_BATCH) {
    void call('claimDocuments', { handles: handles.slice(i, i + CLAIM_BATCH) }).catch(() => {});
  }
}

/**
 * On the form, then in the draft at once, then claimed: until the claim a reload or a closed window
 * gets them handed over again (a claim before the draft had them lost them in between). Those this call
 * could not fit (the form holds 3) are listed and not claimed: the user adds them once there is room, or
 * dismisses them (the overflow notice); until then a reload or the next start hands them over again.
 * False when main could not look at them at all.
 */
async function addAndClaim(documents: readonly WaitingDocument[]): Promise<boolean> {
  const handles = documents.map((d) => d.handle);
  const looked = await addHandles(handles, [], documents.map((d) => d.name), documents.map((d) => d.source));
  // those of the restored draft that are listed again (no room) are still the draft's, in the save just below too
  const fromDraft = new Set(documents.filter((d) => d.fromDraft).map((d) => d.handle));
  if (looked && fromDraft.size > 0) useCompose.setState((s) => ({ overflow: s.overflow.map((o) => (fromDraft.has(o.handle) ? { ...o, fromDraft: true } : o)) }));
  if (!looked) {
    // main could not look at them (the window says why): listed, to be added again, and not claimed
    useCompose.getState().wait(documents);
    return false;
  }
  try {
    await saveDraftNow();
  } catch {
    // not saved (the disk is full…): not claimed either, so the next window is handed them again
    return true;
  }
  const left = new Set(looked.waiting);
  claim(handles.filter((h) => !left.has(h)));
  return true;
}

function attach(documents: readonly OfferedDocument[]): void {
  useCompose.getState().prefillFromPrint(documents.flatMap((d) => (d.print ? [d.print] : [])));
  void addAndClaim(documents);
}

/**
 * The overflow notice's "Add": the documents that did not fit, now that the form has room, as many as fit
 * (the rest listed again). When main cannot look at them, they stay listed (and the window says why).
 */
export async function addWaiting(): Promise<void> {
  // never onto a fax on its way out, nor onto one sent (they wait for "New fax")
  await whenNotSending();
  const waiting = useCompose.getState().overflow;
  if (waiting.length === 0 || isComposeLocked()) return;
  useCompose.setState({ overflow: [] });
  await addAndClaim(waiting);
}

/** The overflow notice's "Dismiss": the user does not want them; main hands them over no more. */
export function dismissWaiting(): void {
  const waiting = useCompose.getState().overflow;
  useCompose.setState({ overflow: [] });
  if (waiting.length) claim(waiting.map((o) => o.handle));
}

/**
 * The user's answer to "a new fax with them, or added to this one?". Given while a send is on its way, it
 * waits for the send's outcome: a fax that went out is never added to (they start a new one); one that did
 * not go out is not cleared under its error: the question is asked again, beside what went wrong. True
 * when a new fax was started.
 */
export async function answerArrival(answer: 'new' | 'add'): Promise<boolean> {
  const documents = useArrivals.getState().asking;
  useArrivals.setState({ asking: [] });
  if (documents.length === 0) return false;
  const wasSending = useSendResult.getState().sending;
  await whenNotSending();
  const sent = isComposeLocked();
  if (wasSending && !sent && answer === 'new') {
    useArrivals.setState((a) => ({ asking: [...documents, ...a.asking.filter((x) => !documents.some((d) => d.id === x.id))] }));
    return false;
  }
  const fresh = answer === 'new' || sent;
  if (fresh) startNewFax();
  attach(documents);
  return fresh;
}

/** Arrived documents, taken: after a send they start a new fax; beside the user's own fax they ask first. */
function receive(documents: OfferedDocument[]): void {
  const s = useCompose.getState();
  if (isComposeLocked()) {
    // they never join the fax already sent
    startNewFax();
    return attach(documents);
  }
  if (hasOwnDraft(s) || useArrivals.getState().asking.length > 0) {
    useArrivals.setState((a) => ({ asking: [...a.asking, ...documents.filter((d) => !a.asking.some((x) => x.id === d.id))] }));
    return;
  }
  useSendResult.getState().clear();
  attach(documents);
}

/** Resolves once the saved draft has been restored (or there was none), so an arrival at start is weighed against it. */
function draftRestored(): Promise<void> {
  return whenState(useCompose, (s) => s.restored);
}

/**
 * On the Send screen: every announcement is answered with takePendingDocuments. Main hands a document
 * over until the window claims it (attach: claimDocuments; a hot-folder document claimed once is never
 * offered again, also after a restart), so ids keep a document from being handled twice here.
 */
export function useOfferedDocuments(): void {
  useEffect(() => {
    const seen = new Set<string>();
    const take = async (offer: DocumentsOffered) => {
      await draftRestored();
      // Not those this window holds already: listed as waiting for room (main hands them over until they
      // are added), or on the form; a Send screen shown again has a new `seen`.
      const held = useCompose.getState();
      // (a sent fax's documents do not count: the same file opened again after the send starts a new fax)
      const holds = (h: string) => held.overflow.some((o) => o.handle === h) || (!isComposeLocked() && held.docs.some((d) => d.doc.handle === h));
      const fresh = offer.documents.filter((d) => !seen.has(d.id) && !holds(d.handle));
      fresh.forEach((d) => seen.add(d.id));
      const known = DOCUMENT_PROBLEMS as readonly string[];
      const rejected: Refusal[] = offer.rejected.map((r) => ({
        key: newKey('r'),
        code: known.includes(r.reason) ? (r.reason as (typeof DOCUMENT_PROBLEMS)[number]) : 'unreadable',
        name: r.name,
        size: 0,
        message: '',
        ...(r.movedToFailed ? { movedToFailed: true } : {}),
      }));
      const s = useCompose.getState();
      if (rejected.length) s.refuse(rejected);
      if (offer.waitingPrinted) s.noteIntake({ kind: 'waiting', count: offer.waitingPrinted });
      if (fresh.length) receive(fresh);
    };
    const claim = () => void call('takePendingDocuments').then(take, () => {});
    const off = api().on('documentsOffered', claim);
    claim();
    return off;
  }, []);
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'password', 'date', 'datetime-local', 'time', 'month', 'week']);

/** The keyboard's focus is in a field the user writes in: switching screens now would swallow what they type. */
export function isTyping(el: Element | null = document.activeElement): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(el.type) && !el.readOnly && !el.disabled;
}

/**
 * For the shell, once: documents announced while another screen is shown bring the Send screen up
 * (which takes them), unless the user is typing there; then a notice says so and waits.
 */
export function useArrivalsElsewhere(): void {
  useEffect(() => {
    const off = api().on('documentsOffered', (offer) => {
      if (offer.documents.length === 0 || useNavigation.getState().route === 'send') return;
      if (!isTyping()) return void useNavigation.getState().setRoute('send');
      useArrivals.setState((a) => ({ elsewhere: [...a.elsewhere, ...offer.documents.filter((d) => !a.elsewhere.some((x) => x.id === d.id))] }));
    });
    // On the Send screen the documents are taken there: the notice has done its job.
    const unsub = useNavigation.subscribe((s) => {
      if (s.route === 'send' && useArrivals.getState().elsewhere.length > 0) useArrivals.setState({ elsewhere: [] });
    });
    return () => {
      off();
      unsub();
    };
  }, []);
}
