import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import { call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';
import { useCompose } from './compose-store';
import { restoreDocuments } from './documents';
import { useSendResult } from './send-result';

/** How long the compose must rest before it is saved (each keystroke would otherwise write the file). */
export const DRAFT_SAVE_DELAY_MS = 700;

/** The form as the draft main keeps (documents by handle; main keeps their paths). */
function draftOf(c: ReturnType<typeof useCompose.getState>) {
  // the draft's documents main could not look at when it was restored stay in it until added or dismissed
  const unlooked = c.overflow.filter((o) => o.fromDraft && !c.docs.some((d) => d.doc.handle === o.handle)).map((o) => ({ handle: o.handle, url: null, name: o.name, pages: null, fileRef: null }));
  return {
    documents: [...c.docs.map((d) => d.doc), ...unlooked].slice(0, MAX_DOCUMENTS),
    recipientsText: c.recipientsText,
    name: c.name,
    scheduleLocal: c.scheduleLocal,
    cover: { enabled: c.coverOpen, ...c.cover },
  };
}

/**
 * Saves the form as the draft at once, not after the rest: documents that arrived from outside are
 * handed over by main until they are on the form for good (the draft), so the window saves, then claims.
 * Only once the last draft has been restored (arrivals wait for it), so it never overwrites that draft.
 */
export function saveDraftNow(): Promise<{ savedAt: number }> {
  return call('saveDraft', draftOf(useCompose.getState()));
}

type DraftState = { kind: 'none' } | { kind: 'saved'; at: number } | { kind: 'failed'; what: 'save' | 'load'; reason: string };

/**
 * Restores the draft once, then saves it (documents by handle; main keeps their paths) a moment after
 * each change. Returns the line the Send screen shows under its button: "Draft saved", or what failed
 * and why — a failed save or load is said, never swallowed (the last "Draft saved" would otherwise stay).
 */
export function useDraft(): string | null {
  const [state, setState] = useState<DraftState>({ kind: 'none' });
  /** the form changed before the draft had been loaded (the user typed at once): saved once it has, not only at the next change */
  const changedEarly = useRef(false);
  /** the draft's documents are being put back: those changes are the draft's, not the user's */
  const restoring = useRef(false);
  const { t } = useTranslation('send');
  useEffect(() => {
    if (useCompose.getState().restored) return;
    void call('loadDraft')
      .then(async (draft) => {
        const s = useCompose.getState();
        if (draft && s.docs.length === 0 && !s.recipientsText) {
          s.set({
            recipientsText: draft.recipientsText,
            name: draft.name,
            scheduleLocal: draft.scheduleLocal,
            ...(draft.cover ? { cover: { from: draft.cover.from, to: draft.cover.to, subject: draft.cover.subject, message: draft.cover.message }, coverOpen: draft.cover.enabled } : {}),
          });
          // what the restore puts in the form is the draft on disk already; what the user types meanwhile is not
          changedEarly.current = false;
          restoring.current = true;
          try {
            await restoreDocuments(draft.documents);
          } finally {
            restoring.current = false;
          }
        }
      })
      .catch((e: unknown) => setState({ kind: 'failed', what: 'load', reason: describeError(e) }))
      .finally(() => useCompose.getState().set({ restored: true }));
  }, []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsub = useCompose.subscribe((s, prev) => {
      const changed = !(s.docs === prev.docs && s.overflow === prev.overflow && s.recipientsText === prev.recipientsText && s.name === prev.name && s.scheduleLocal === prev.scheduleLocal && s.cover === prev.cover && s.coverOpen === prev.coverOpen);
      if (!s.restored) {
        const byRestore = restoring.current && s.recipientsText === prev.recipientsText && s.name === prev.name && s.scheduleLocal === prev.scheduleLocal && s.cover === prev.cover && s.coverOpen === prev.coverOpen;
        changedEarly.current ||= changed && !byRestore;
        return;
      }
      // the load has just ended: what it restored is the draft already; what the user did before it is not saved yet
      if (!prev.restored ? !changedEarly.current : !changed) return;
      changedEarly.current = false;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        // typed, then Send within the rest: the fax went out and main cleared the draft (use-send-act), so its
        // form is no draft any more. A partial or unknown outcome keeps the draft: it is saved as it was sent.
        if (useSendResult.getState().result?.overall === 'sent') return;
        void call('saveDraft', draftOf(useCompose.getState())).then(
          (r) => setState({ kind: 'saved', at: r.savedAt }),
          (e: unknown) => setState({ kind: 'failed', what: 'save', reason: describeError(e) }),
        );
      }, DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, []);
  if (state.kind === 'saved') return t('actions.draftSaved');
  if (state.kind === 'failed') return t(state.what === 'save' ? 'actions.draftNotSaved' : 'actions.draftNotLoaded', { reason: state.reason });
  return null;
}
