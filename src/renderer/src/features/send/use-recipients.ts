import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { createRecipientsParser } from '@shared/phone/recipients-cache';
import type { ParsedRecipients } from '@shared/phone/parse';
import { useCompose } from './compose-store';

export interface Recipients {
  /** The box as read after the keystroke's frame: counts, the check table and the Send button's state follow it. */
  parsed: ParsedRecipients;
  /** The box as it is this instant (what a send takes, what "remove sent" keeps): the lines changed since are read now. */
  current(): ParsedRecipients;
}

/**
 * The recipients box, read off the keystroke's path. Only the box itself subscribes to the text (so a
 * keystroke draws the textarea alone); this hook follows the text after the frame with the keystroke is
 * painted, in a transition (React abandons it when the next keystroke comes first). Each
 * line is read once and remembered (createRecipientsParser): a keystroke in a 12,000-line box reads one
 * line. What is sent is always the box as typed: `current()` reads the text of this instant.
 */
export function useRecipients(country: string): Recipients {
  const [parse] = useState(createRecipientsParser);
  const [text, setText] = useState(() => useCompose.getState().recipientsText);
  useEffect(() => {
    const follow = () => startTransition(() => setText(useCompose.getState().recipientsText));
    // After the frame that shows the keystroke: a requestAnimationFrame callback runs before that
    // frame's paint, a task it queues after it. (A hidden window draws no frames: at most 100 ms.)
    let fallback: ReturnType<typeof setTimeout> | null = null;
    const run = () => {
      if (fallback === null) return;
      clearTimeout(fallback);
      fallback = null;
      follow();
    };
    const afterPaint = () => {
      if (fallback !== null) return;
      fallback = setTimeout(run, 100);
      requestAnimationFrame(() => setTimeout(run, 0));
    };
    // a change between the first render and this subscription
    follow();
    const unsubscribe = useCompose.subscribe((s, prev) => {
      if (s.recipientsText !== prev.recipientsText) afterPaint();
    });
    return () => {
      unsubscribe();
      if (fallback !== null) clearTimeout(fallback);
      fallback = null;
    };
  }, []);
  const parsed = useMemo(() => parse(text, country), [parse, text, country]);
  const current = useCallback(() => parse(useCompose.getState().recipientsText, country), [parse, country]);
  return { parsed, current };
}
