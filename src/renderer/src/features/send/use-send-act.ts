import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ParsedRecipients } from '@shared/phone/parse';
import type { SendRepeatDetails } from '@shared/errors/error-details';
import type { Settings } from '@shared/settings';
import { call } from '../../lib/api';
import { followUpOf } from '../../lib/error-follow-ups';
import { describeError } from '../../lib/describe-error';
import { useCompose, type DocItem } from './compose-store';
import { useSendResult } from './send-result';
import { estimateQuery, useSendFax } from './hooks';
import type { ReviewFacts } from './review-dialog';
import { needsReview, splitFieldErrors, totalPages } from './send-act';

/** What the Send screen asks to send, and what decides whether it is reviewed first. */
interface SendAsked {
  docs: DocItem[];
  /** the recipients box as it is at the click, and whether the send is blocked with them */
  recipientsNow: () => { parsed: ParsedRecipients; blocked: boolean };
  scheduledAt: number | null;
  sendName: string;
  review: Settings['review'];
  balance: number | null;
}

export type SendQuestion = { kind: 'review'; facts: ReviewFacts } | { kind: 'repeat'; details: SendRepeatDetails } | null;

/**
 * The act is "sending" from the click to its end, questions included (the estimate read, the review, the
 * same-fax question): documents arriving meanwhile wait for it (whenNotSending), so what the user reviewed
 * is what is sent, never a form an arrival's answer changed under the open question.
 */
function useActGuard() {
  // A ref, because a double click delivers its second click before React has re-rendered the button as busy.
  const acting = useRef(false);
  // the send request itself is on its way (it outlives the screen: its outcome is still shown)
  const requesting = useRef(false);
  const mounted = useRef(false);
  /** this act's turn: an act of an earlier visit to the screen, still ending, never ends this one's */
  const turn = useRef(0);
  const begin = () => {
    acting.current = true;
    turn.current = ++lastTurn;
    useSendResult.getState().setSending(true);
  };
  const finish = () => {
    acting.current = false;
    if (turn.current === lastTurn) useSendResult.getState().setSending(false);
  };
  // Leaving the Send screen with a question open ends the act (its dialog is gone); a request on its way ends it
  // when it returns (requestEnded), whatever it returns, since no question can be asked any more.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (acting.current && !requesting.current) finish();
    };
  }, []);
  const requestEnded = () => {
    requesting.current = false;
    if (!mounted.current && acting.current) finish();
  };
  /** another act (started on an earlier visit to the screen) is still under way */
  const otherActOn = () => !acting.current && useSendResult.getState().sending;
  return { actingRef: acting, requestingRef: requesting, mountedRef: mounted, begin, finish, requestEnded, otherActOn };
}

/** The latest act's turn (one Send screen at a time, but an act can outlive the visit that started it). */
let lastTurn = 0;

/**
 * One send from the Send screen, as one act from the click (or Ctrl+Enter) to its result: while it
 * runs, every further click or shortcut is ignored. On the way it may ask the review question (a
 * large or costly send) or, when main says the same fax was just sent, whether to send it again;
 * nothing is created until the user answers.
 */
export function useSendAct(s: SendAsked) {
  const queryClient = useQueryClient();
  const sendFax = useSendFax();
  const set = useCompose((c) => c.set);
  const showResult = useSendResult((r) => r.show);
  const clearResult = useSendResult((r) => r.clear);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<SendQuestion>(null);
  const { actingRef, requestingRef, mountedRef, begin, finish, requestEnded, otherActOn } = useActGuard();
  // the numbers and documents the act took at its click: the ones reviewed, asked about and sent
  const taken = useRef<{ parsed: ParsedRecipients; docs: DocItem[] } | null>(null);
  const { scheduledAt, sendName } = s;

  /** A send failed before it was made (refused as a whole, or a question to answer first). */
  const failed = (e: unknown, numbers: readonly string[]) => {
    const followUp = followUpOf(e);
    if (followUp?.kind === 'askSendAgain') {
      // Nothing was created: the act waits for the user's answer.
      setQuestion({ kind: 'repeat', details: followUp.details });
      return;
    }
    if (followUp?.kind === 'markFields') {
      clearResult();
      set(splitFieldErrors(followUp.fields, numbers));
    }
    setError(describeError(e, 'send'));
    finish();
  };

  const sendNow = async (confirmRepeat = false) => {
    setError(null);
    const numbers = taken.current?.parsed.numbers ?? [];
    const docs = taken.current?.docs ?? [];
    requestingRef.current = true;
    try {
      // The name the screen shows (typed, or the user's first document's): main would name it after the cover.
      const r = await sendFax.mutateAsync({ name: sendName, documents: docs.map((d) => d.doc), numbers, scheduledAt, ...(confirmRepeat ? { confirmRepeat } : {}) });
      set(splitFieldErrors(r.fields, numbers));
      showResult(r, sendName);
      finish();
      if (r.overall === 'sent') void call('clearDraft');
      // main filed the hot folder's documents after the send; a move that failed is shown, not the rule
      if (r.filing) set({ intakeNotice: { kind: 'settleFailed', message: describeError(r.filing) } });
      void queryClient.invalidateQueries();
    } catch (e) {
      failed(e, numbers);
    } finally {
      requestEnded();
    }
  };

  /** Send button, Enter on it, or Ctrl+Enter: review first when the send is large or costly (or always, if chosen). */
  const requestSend = async () => {
    if (actingRef.current || sendFax.isPending || otherActOn()) return;
    const { parsed, blocked } = s.recipientsNow();
    if (blocked) return;
    begin();
    const docs = s.docs;
    taken.current = { parsed, docs };
    try {
      const estimate = await queryClient.fetchQuery(estimateQuery(totalPages(docs), parsed.numbers.length)).catch(() => null);
      // the screen was left meanwhile: the act ended with it, nothing is sent
      if (!mountedRef.current) return;
      if (!needsReview(s.review, parsed.numbers.length, estimate)) return void (await sendNow());
      setQuestion({ kind: 'review', facts: reviewFactsOf(s, docs, parsed, estimate) });
    } catch (e) {
      finish();
      setError(describeError(e, 'send'));
    }
  };

  return {
    requestSend,
    busy: sendFax.isPending,
    error,
    question,
    /** The user said yes to the question: the review sends as it is, the repeat sends again on purpose. */
    confirm() {
      const repeat = question?.kind === 'repeat';
      setQuestion(null);
      void sendNow(repeat);
    },
    /** The user said no: nothing is sent, and the act is over. */
    cancel() {
      setQuestion(null);
      finish();
    },
    /** A new fax: no error, no finished mutation left behind. */
    reset() {
      setError(null);
      sendFax.reset();
    },
  };
}

/** What the review dialog shows of the send about to be made. */
function reviewFactsOf(s: SendAsked, docs: DocItem[], parsed: ParsedRecipients, estimate: ReviewFacts['estimate']): ReviewFacts {
  return {
    name: s.sendName,
    documents: docs.map((d) => ({ name: d.doc.name, pages: d.doc.pages })),
    recipients: parsed.numbers.length,
    numbers: parsed.numbers,
    scheduledAt: s.scheduledAt,
    estimate,
    balance: s.balance,
  };
}
