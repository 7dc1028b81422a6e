import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import { formatServiceTimeLocal } from '@shared/service-time';
import type { SendResult } from '@shared/send/types';
import { useNavigation } from '@renderer/navigation';
import { useRecipientNames } from '../../directory';

/** The tasks the send created: when they go (if scheduled), each task's recipients and references, and View task. */
export function CreatedTasks({ result, serviceTimeZone, alone, newFax }: { result: SendResult; serviceTimeZone: string; alone: boolean; newFax: ReactNode }) {
  const { t, i18n } = useTranslation('send');
  const openTask = useNavigation((s) => s.openTask);
  const created = result.parts.filter((p) => p.status === 'created');
  const firstRef = created[0]?.task?.taskRef ?? null;
  const names = useRecipientNames(created.flatMap((p) => p.task?.recipients.map((r) => r.phoneNumber) ?? []));
  if (created.length === 0) return null;
  return (
    <div className={alone ? 'notice info' : undefined} role={alone ? 'status' : undefined}>
      {alone ? <strong>{created.length > 1 ? t('result.sentSplit', { count: created.length, recipients: result.sentNumbers.length }) : t('result.sentOne', { count: result.sentNumbers.length })}</strong> : null}
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
        {newFax}
      </div>
    </div>
  );
}
