import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParsedRecipients } from '@shared/phone/parse';
import { defaultTaskName } from '@shared/send/types';
import { namingDocument, useCompose } from './compose-store';
import { startNewFax, useComposeLocked, useSendResult } from './send-result';
import { useUploadProgress } from './documents';
import { useOfferedDocuments } from './arrivals';
import { ArrivalDialog } from './arrival-dialog';
import { useDraft } from './use-draft';
import { sendBlocker } from './send-act';
import { DocumentsPanel } from './documents-panel';
import { DetailsPanel, scheduleMs, useNow } from './details-panel';
import { RecipientsPanel } from './recipients-panel';
import { ResultPanel } from './result-panel';
import { useSendAct } from './use-send-act';
import { useRecipients } from './use-recipients';
import { useFocusOn } from './use-focus-on';
import { useRemoveSent } from './use-remove-sent';
import { useSendSettings } from './use-send-settings';
import { useWindowDrop } from './use-window-drop';
import { useSendShortcut } from './use-send-shortcut';
import { SendActions } from './send-actions';
import { ErrorNotice } from '../../components/error-notice';
import { dialogOnDemand } from '../../lib/on-demand';
import './send.css';

// The questions a Send may ask (the review of a large send, the same fax again): chunks of their own,
// prefetched after the first paint, so they are here long before a Send can ask them.
const ReviewDialog = dialogOnDemand(() => import('./review-dialog').then((m) => m.ReviewDialog)).Component;
const RepeatDialog = dialogOnDemand(() => import('./repeat-dialog').then((m) => m.RepeatDialog)).Component;

export function SendScreen() {
  const { t } = useTranslation('send');
  const { country, serviceTimeZone, review, balance } = useSendSettings();
  const docs = useCompose((s) => s.docs);
  const name = useCompose((s) => s.name);
  const schedule = useCompose((s) => s.scheduleLocal);
  const result = useSendResult((s) => s.result);
  const resultName = useSendResult((s) => s.name);
  const locked = useComposeLocked();
  const dropping = useWindowDrop();
  const draftNote = useDraft();
  const heading = useRef<HTMLHeadingElement>(null);
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
    balance,
  });
  const { requestSend, error, question } = act;
  useSendShortcut(() => void requestSend());
  // The result (or the error) takes the user's eyes and focus: it is rendered at the top of the screen.
  const resultRef = useFocusOn<HTMLElement>(result);
  const errorRef = useFocusOn<HTMLElement>(error);
  const removeSent = useRemoveSent(current);

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
        <ErrorNotice testId="send-error" ref={errorRef} tabIndex={-1}>
          {error}
        </ErrorNotice>
      ) : null}
      <fieldset className="send-compose" disabled={locked} data-testid="send-compose" data-locked={locked}>
        <legend className="sr-only">{t('compose')}</legend>
        <DocumentsPanel />
        <RecipientsPanel parsed={parsed} current={current} country={country} />
        <DetailsPanel serviceTimeZone={serviceTimeZone} recipients={parsed.numbers.length} />
      </fieldset>
      <SendActions
        locked={locked}
        busy={busy}
        blocker={blocker}
        note={draftNote}
        scheduled={ms !== null}
        onSend={() => void requestSend()}
      />
      {question?.kind === 'review' ? <ReviewDialog facts={question.facts} serviceTimeZone={serviceTimeZone} onConfirm={act.confirm} onCancel={act.cancel} /> : null}
      <ArrivalDialog onNewFax={act.reset} />
      {question?.kind === 'repeat' ? <RepeatDialog details={question.details} onConfirm={act.confirm} onCancel={act.cancel} /> : null}
    </section>
  );
}
