import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { TaskDetailView } from '@shared/tasks/types';
import { localTime } from '../format';
import type { ResendFlow } from './use-resend-flow';

/** The two questions before a resend: which numbers (always), and "again?" when main says they were resent before. */
export function ResendQuestions({ d, resend, language }: { d: TaskDetailView; resend: ResendFlow; language: string }) {
  const { t } = useTranslation('tasks');
  const { again, confirm } = resend;
  const task = d.task;
  // A second resend of the same numbers says so before it is asked for: the latest earlier one that took any of them.
  const earlier = [...d.resentAs].reverse().find((r) => r.phoneNumbers.some((n) => resend.numbers.includes(n)));
  return (
    <>
      {again ? (
        <div className="notice warn confirm" role="alertdialog" aria-labelledby="resend-again-text" data-testid="resend-again">
          <p id="resend-again-text">
            {again.earlier.by
              ? t('detail.resendAgainQuestionBy', {
                  name: again.earlier.taskName,
                  time: localTime(again.earlier.resentAtMs, language, true),
                  sender: again.earlier.by.senderName,
                  computer: again.earlier.by.computerName,
                })
              : t('detail.resendAgainQuestion', { name: again.earlier.taskName, time: localTime(again.earlier.resentAtMs, language, true) })}
          </p>
          <div className="actions">
            <button type="button" className="btn primary" onClick={() => void resend.send(again.only, true)} disabled={resend.pending}>
              {t('detail.resendAgain')}
            </button>
            <button type="button" className="btn" onClick={() => resend.setAgain(null)} autoFocus>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {confirm && !task.readOnly ? (
        <div className="notice info confirm" role="group" aria-labelledby="resend-confirm-text">
          <p id="resend-confirm-text">{t('detail.resendConfirm', { name: task.name, count: resend.numbers.length, numbers: resend.numbers.map(displayFax).join(', ') })}</p>
          {earlier ? (
            <p className="muted" data-testid="resend-earlier">
              {t('detail.resendEarlier', { name: earlier.name, time: localTime(earlier.atMs, language, true), status: t(`status.${earlier.status}`, { defaultValue: earlier.status }) })}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="btn primary" onClick={() => void resend.send(confirm)} disabled={resend.pending} data-testid="resend-confirm">
              {confirm === 'all' ? t('detail.resendAll', { count: resend.failed }) : t('detail.resendRetryable', { count: resend.retryable })}
            </button>
            <button type="button" className="btn" onClick={() => resend.setConfirm(null)}>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
