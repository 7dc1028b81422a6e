import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import { formatServiceTimeLocal } from '@shared/service-time';
import type { SendResult } from '@shared/send/types';
import { useNavigation } from '../../navigation';
import { useRecipientNames } from '../directory';
import { describeError } from '../../lib/describe-error';


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
  const { t, i18n } = useTranslation('send');
  const openTask = useNavigation((s) => s.openTask);
  const setRoute = useNavigation((s) => s.setRoute);
  const created = result.parts.filter((p) => p.status === 'created');
  const unknown = result.parts.find((p) => p.status === 'outcome_unknown');
  const refused = result.parts.find((p) => p.status === 'refused');
  const notAttempted = result.parts.filter((p) => p.status === 'not_attempted').reduce((n, p) => n + p.count, 0);
  const total = result.parts.reduce((n, p) => n + p.count, 0);
  const firstRef = created[0]?.task?.taskRef ?? null;
  const heading =
    result.overall === 'sent'
      ? result.serviceScheduledAt
        ? t('result.scheduledHeading', { name })
        : t('result.sentHeading', { name })
      : result.overall === 'outcome_unknown'
        ? t('result.unknownHeading')
        : result.overall === 'partial'
          ? t('result.partialHeading', { name })
          : t('result.refused');
  const newFax = (
    <button type="button" className="btn primary" onClick={onNewFax}>
      {t('actions.newFax')}
    </button>
  );
  const names = useRecipientNames(created.flatMap((p) => p.task?.recipients.map((r) => r.phoneNumber) ?? []));

  return (
    <section
      className={`panel send-result ${result.overall}`}
      aria-labelledby="send-result-heading"
      data-testid="send-result"
      data-overall={result.overall}
      ref={ref}
      tabIndex={-1}
    >
      <h2 id="send-result-heading">{heading}</h2>
      {unknown ? (
        <div className="notice bad" role="alert" data-testid="send-outcome-unknown">
          <p>{t('result.unknownBody')}</p>
          <p>{t('result.unknownWhat', { name: unknown.name })}</p>
          {unknown.error ? <p className="muted">{describeError(unknown.error, 'send')}</p> : null}
          <div className="row">
            <button type="button" className="btn" onClick={() => setRoute('tasks')}>
              {t('result.openTasks')}
            </button>
            {newFax}
          </div>
        </div>
      ) : null}
      {refused ? (
        <div className="notice bad" role="alert">
          {created.length > 0 ? <strong>{t('result.partial', { sent: result.sentNumbers.length, total })}</strong> : null}
          <p>{Object.keys(result.fields).length > 0 ? t('result.fieldErrors') : describeError(refused.error, 'send')}</p>
          {created.length > 0 ? (
            <button type="button" className="btn" onClick={onRemoveSent}>
              {t('actions.removeSent')}
            </button>
          ) : null}
        </div>
      ) : null}
      {notAttempted > 0 ? <p className="muted">{t('result.notAttempted', { count: notAttempted })}</p> : null}
      {created.length > 0 ? (
        <div className={refused || unknown ? undefined : 'notice info'} role={refused || unknown ? undefined : 'status'}>
          {!refused && !unknown ? <strong>{created.length > 1 ? t('result.sentSplit', { count: created.length, recipients: result.sentNumbers.length }) : t('result.sentOne', { count: result.sentNumbers.length })}</strong> : null}
          {result.serviceScheduledAt ? (
            <p>
              {t('result.scheduled', {
                time: formatServiceTimeLocal(result.serviceScheduledAt, serviceTimeZone, { locale: i18n.language }),
                service: result.serviceScheduledAt,
              })}
            </p>
          ) : null}
          {created.map((p) => (
            <details key={p.index} data-testid="send-task">
              <summary>{t('result.task', { name: p.task?.name ?? p.name, ref: p.task?.taskRef, count: p.task?.recipients.length ?? 0 })}</summary>
              <ul className="send-rcpt-refs">
                {p.task?.recipients.map((r) => (
                  <li key={r.rcptRef}>
                    {t('result.rcpt', { number: displayFax(r.phoneNumber), ref: r.rcptRef })}
                    {names.get(r.phoneNumber) ? <span> · {names.get(r.phoneNumber)?.name}</span> : null}
                  </li>
                ))}
              </ul>
            </details>
          ))}
          <div className="row">
            {firstRef ? (
              <button type="button" className="btn" onClick={() => openTask(firstRef)}>
                {created.length > 1 ? t('result.viewFirstTask') : t('result.viewTask')}
              </button>
            ) : null}
            {!unknown ? newFax : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
