import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Send } from 'lucide-react';
import type { ParsedRecipients } from '../../../../shared/phone/parse';
import { defaultTaskName } from '../../../../shared/send/types';
import { DEFAULT_REVIEW } from '../../../../shared/review-defaults';
import { useAccount, useSettings } from '../account';
import { namingDocument, useCompose } from './compose-store';
import { isComposeLocked, startNewFax, useComposeLocked, useSendResult } from './send-result';
import { addFiles, useUploadProgress } from './documents';
import { useOfferedDocuments } from './arrivals';
import { ArrivalDialog } from './arrival-dialog';
import { useDraft } from './use-draft';
import { sendBlocker } from './send-act';
import { DocumentsPanel } from './documents-panel';
import { DetailsPanel, scheduleMs, useNow } from './details-panel';
import { RecipientsPanel } from './recipients-panel';
import { ResultPanel } from './result-panel';
import { RepeatDialog } from './repeat-dialog';
import { ReviewDialog } from './review-dialog';
import { useSendAct } from './use-send-act';
import { useRecipients } from './use-recipients';
import './send.css';

/** The whole window accepts dropped files while the Send screen is shown. */
function useWindowDrop(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overFn = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      // A drop after a send starts a new fax rather than joining the one already sent.
      if (isComposeLocked()) startNewFax();
      void addFiles(Array.from(e.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overFn);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overFn);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over;
}

/** Ctrl+Enter (Cmd+Enter on macOS) anywhere on the Send screen asks to send; dialogs handle their own keys. */
function useSendShortcut(onShortcut: () => void): void {
  const fire = useEffectEvent(onShortcut);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.defaultPrevented) return;
      if (e.target instanceof Element && e.target.closest('dialog')) return;
      e.preventDefault();
      fire();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function SendScreen() {
  const { t } = useTranslation('send');
  const settings = useSettings();
  const account = useAccount();
  const country = settings.data?.defaultCountry ?? 'CN';
  const serviceTimeZone = settings.data?.serviceTimeZone ?? 'Asia/Shanghai';
  const review = settings.data?.review ?? DEFAULT_REVIEW;
  const docs = useCompose((s) => s.docs);
  const name = useCompose((s) => s.name);
  const schedule = useCompose((s) => s.scheduleLocal);
  const result = useSendResult((s) => s.result);
  const resultName = useSendResult((s) => s.name);
  const clearResult = useSendResult((s) => s.clear);
  const locked = useComposeLocked();
  const setRecipients = useCompose((s) => s.setRecipients);
  const dropping = useWindowDrop();
  const draftNote = useDraft();
  const heading = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const now = useNow();
  useUploadProgress();
  useOfferedDocuments();

  // This screen does not subscribe to the box's text: a keystroke draws the box alone, and the counts,
  // the check table and the button follow in a transition after its frame. A send takes the box as typed.
  const { parsed, current } = useRecipients(country);
  const ms = scheduleMs(schedule);
  const blockerOf = (p: ParsedRecipients) => sendBlocker(t, { locked, docs, numbers: p.numbers.length, invalid: p.counts.invalid, scheduledMs: ms, now });
  const blocker = blockerOf(parsed);
  const sendName = name.trim() || defaultTaskName(namingDocument(docs)?.doc.name ?? '') || 'Fax';

  const act = useSendAct({
    docs,
    recipientsNow: () => {
      const p = current();
      return { parsed: p, blocked: locked || blockerOf(p) !== null };
    },
    scheduledAt: ms,
    sendName,
    review,
    balance: account.data?.balance ?? null,
  });
  const { requestSend, error, question } = act;
  useSendShortcut(() => void requestSend());

  // The result (or the error) takes the user's eyes and focus: it is rendered at the top of the screen.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const removeSent = () => {
    if (!result) return;
    const sent = new Set(result.sentNumbers);
    const keep = current().rows.filter((r) => !(r.number && sent.has(r.number))).map((r) => r.input);
    setRecipients(keep.join('\n'));
    clearResult();
  };

  const newFax = () => {
    startNewFax();
    act.reset();
    heading.current?.focus();
  };

  const busy = act.busy;
  return (
    <section className="screen send-screen" aria-labelledby="send-title">
      <h1 id="send-title" ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      {dropping ? (
        <div className="send-drop-overlay" aria-hidden="true">
          <div>{t('documents.dropHere')}</div>
        </div>
      ) : null}
      {result ? <ResultPanel ref={resultRef} result={result} name={resultName || sendName} serviceTimeZone={serviceTimeZone} onRemoveSent={removeSent} onNewFax={newFax} /> : null}
      {error ? (
        <p className="notice bad" role="alert" data-testid="send-error" ref={errorRef} tabIndex={-1}>
          {error}
        </p>
      ) : null}
      <fieldset className="send-compose" disabled={locked} data-testid="send-compose" data-locked={locked}>
        <legend className="sr-only">{t('compose')}</legend>
        <DocumentsPanel />
        <RecipientsPanel parsed={parsed} current={current} country={country} />
        <DetailsPanel serviceTimeZone={serviceTimeZone} recipients={parsed.numbers.length} />
      </fieldset>
      <div className="send-actions">
        {locked ? (
          <span className="muted">{t('actions.lockedHint')}</span>
        ) : (
          <>
            <button
              type="button"
              className="btn primary"
              disabled={busy || blocker !== null}
              aria-busy={busy}
              onClick={() => void requestSend()}
              data-testid="send-button"
              aria-describedby="send-blocker"
              aria-keyshortcuts="Control+Enter"
            >
              {ms !== null ? <CalendarClock aria-hidden="true" size={16} /> : <Send aria-hidden="true" size={16} />}
              {busy ? t('actions.sending') : ms !== null ? t('actions.schedule') : t('actions.send')}
            </button>
            <span id="send-blocker" className="muted">
              {blocker ?? draftNote ?? t('actions.shortcutHint')}
            </span>
          </>
        )}
      </div>
      {question?.kind === 'review' ? <ReviewDialog facts={question.facts} serviceTimeZone={serviceTimeZone} onConfirm={act.confirm} onCancel={act.cancel} /> : null}
      <ArrivalDialog onNewFax={act.reset} />
      {question?.kind === 'repeat' ? <RepeatDialog details={question.details} onConfirm={act.confirm} onCancel={act.cancel} /> : null}
    </section>
  );
}
