import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SendResult } from '@shared/send/types';
import { CreatedTasks } from './result/created-tasks';
import { RefusedPart } from './result/refused-part';
import { UnknownOutcome } from './result/unknown-outcome';

interface Props {
  result: SendResult;
  /** the name the user gave the send (or the default taken from the first document) */
  name: string;
  serviceTimeZone: string;
  onRemoveSent: () => void;
  onNewFax: () => void;
  ref?: Ref<HTMLElement>;
}

/** The end of a send, shown at the top of the screen and focused: what happened, to which task, and what next. */
export function ResultPanel({ result, name, serviceTimeZone, onRemoveSent, onNewFax, ref }: Props) {
  const { t } = useTranslation('send');
  const unknown = result.parts.find((p) => p.status === 'outcome_unknown');
  const refused = result.parts.find((p) => p.status === 'refused');
  const notAttempted = result.parts.filter((p) => p.status === 'not_attempted').reduce((n, p) => n + p.count, 0);
  const newFax = (
    <button type="button" className="btn primary" onClick={onNewFax}>
      {t('actions.newFax')}
    </button>
  );
  return (
    <section
      className={`panel send-result ${result.overall}`}
      aria-labelledby="send-result-heading"
      data-testid="send-result"
      data-overall={result.overall}
      ref={ref}
      tabIndex={-1}
    >
      <h2 id="send-result-heading">{headingOf(t, result, name)}</h2>
      {unknown ? <UnknownOutcome part={unknown} newFax={newFax} /> : null}
      {refused ? <RefusedPart result={result} part={refused} onRemoveSent={onRemoveSent} /> : null}
      {notAttempted > 0 ? <p className="muted">{t('result.notAttempted', { count: notAttempted })}</p> : null}
      <CreatedTasks result={result} serviceTimeZone={serviceTimeZone} alone={!refused && !unknown} newFax={unknown ? null : newFax} />
    </section>
  );
}

function headingOf(t: TFunction<'send'>, result: SendResult, name: string): string {
  if (result.overall === 'sent') return result.serviceScheduledAt ? t('result.scheduledHeading', { name }) : t('result.sentHeading', { name });
  if (result.overall === 'outcome_unknown') return t('result.unknownHeading');
  return result.overall === 'partial' ? t('result.partialHeading', { name }) : t('result.refused');
}
