import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatServiceTimeLocal } from '../../../../shared/service-time';
import type { SendResult } from '../../../../shared/send/types';
import { useUiStore } from '../../app/ui-store';
import { useRecipientNames } from '../directory';
import { useCompose } from './compose-store';

function errorText(t: TFunction<'send'>, code: string, message: string): string {
  const translated = t(`errors.${code.replace(/\./g, '_')}`, { defaultValue: '' });
  return translated || message;
}

export function ResultPanel({ result, serviceTimeZone, onRemoveSent }: { result: SendResult; serviceTimeZone: string; onRemoveSent: () => void }) {
  const { t, i18n } = useTranslation('send');
  const setRoute = useUiStore((s) => s.setRoute);
  const reset = useCompose((s) => s.reset);
  const created = result.parts.filter((p) => p.status === 'created');
  const unknown = result.parts.find((p) => p.status === 'outcome_unknown');
  const refused = result.parts.find((p) => p.status === 'refused');
  const notAttempted = result.parts.filter((p) => p.status === 'not_attempted').reduce((n, p) => n + p.count, 0);
  const total = result.parts.reduce((n, p) => n + p.count, 0);
  const names = useRecipientNames(created.flatMap((p) => p.task?.recipients.map((r) => r.phoneNumber) ?? []));

  return (
    <section className="panel send-result" aria-labelledby="send-result-heading" data-testid="send-result" data-overall={result.overall}>
      <h2 id="send-result-heading">{t('result.heading')}</h2>
      {unknown ? (
        <div className="notice bad" role="alert" data-testid="send-outcome-unknown">
          <strong>{t('result.unknownHeading')}</strong>
          <p>{t('result.unknownBody')}</p>
          <p>{t('result.unknownWhat', { name: unknown.name })}</p>
          <p className="muted">{unknown.error?.message}</p>
          <button type="button" className="btn" onClick={() => setRoute('tasks')}>
            {t('result.openTasks')}
          </button>
        </div>
      ) : null}
      {refused ? (
        <div className="notice bad" role="alert" data-testid="send-refused-result">
          <strong>{created.length > 0 ? t('result.partial', { sent: result.sentNumbers.length, total }) : t('result.refused')}</strong>
          <p>{Object.keys(result.fields).length > 0 ? t('result.fieldErrors') : errorText(t, refused.error?.code ?? '', refused.error?.message ?? '')}</p>
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
          {!refused && !unknown ? <strong>{t('result.sent', { count: created.length })}</strong> : null}
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
              <summary>
                {t('result.task', { ref: p.task?.taskRef, count: p.task?.recipients.length ?? 0 })}
              </summary>
              <ul className="send-rcpt-refs">
                {p.task?.recipients.map((r) => (
                  <li key={r.rcptRef}>
                    {t('result.rcpt', { number: r.phoneNumber, ref: r.rcptRef })}
                    {names.get(r.phoneNumber) ? <span data-testid="result-recipient-name"> · {names.get(r.phoneNumber)?.name}</span> : null}
                  </li>
                ))}
              </ul>
            </details>
          ))}
          <div className="row">
            <button type="button" className="btn" onClick={() => setRoute('tasks')}>
              {t('result.viewTasks')}
            </button>
            {!refused && !unknown ? (
              <button type="button" className="btn primary" onClick={reset}>
                {t('actions.newFax')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
