import { useTranslation } from 'react-i18next';
import type { TaskDetailView } from '@shared/tasks/types';
import { isTerminalTask } from '@shared/task-state';
import { isImmediate, localTime } from '../format';
import { StatusBadge } from '../status-badge';
import { OfficeResends } from '../../office';

/** What is known of the task: status, reference, times, documents, totals, resends. */
export function TaskFacts({ d, language, onOpen }: { d: TaskDetailView; language: string; onOpen(id: string): void }) {
  const { t } = useTranslation('tasks');
  const task = d.task;
  const nextCheck =
    d.nextCheckAtMs === null
      ? task.status === 'demo_ended'
        ? t('detail.demoEnded')
        : isTerminalTask(task.status)
          ? t('detail.noMoreChecks')
          : t('detail.never')
      : localTime(d.nextCheckAtMs, language);

  return (
    <dl className="facts">
      <dt>{t('detail.status')}</dt>
      <dd>
        <StatusBadge status={task.status} />
      </dd>
      <dt>{t('detail.reference')}</dt>
      <dd className="mono">{task.taskRef ?? t('detail.noReference')}</dd>
      <dt>{t('detail.created')}</dt>
      <dd>{localTime(task.createdAtMs, language, true)}</dd>
      <dt>{t('detail.scheduled')}</dt>
      <dd>
        {isImmediate(task) ? t('immediately') : localTime(task.scheduledAtMs, language, true)}
        {task.status === 'pending' && !isImmediate(task) ? (
          <span className="muted">
            {' '}
            {t('detail.noCancel')}
          </span>
        ) : null}
      </dd>
      <dt>{t('detail.documents')}</dt>
      <dd>{d.files.length ? d.files.map((f) => f.name).join(', ') : '—'}</dd>
      <dt>{t('detail.totals')}</dt>
      <dd>
        {t('countsCell', task.recipients)} · {t('detail.totalsValue', { pages: task.pages, charges: task.charges.toFixed(2) })}
      </dd>
      <dt>{t('detail.lastChecked')}</dt>
      <dd>{task.checkedAtMs === null ? t('detail.notChecked') : localTime(task.checkedAtMs, language, true)}</dd>
      <dt>{t('detail.nextCheck')}</dt>
      <dd>{nextCheck}</dd>
      {task.resendOf ? (
        <>
          <dt>{t('detail.resendOf')}</dt>
          <dd>
            <button type="button" className="link-button mono" onClick={() => onOpen(task.resendOf!)} aria-label={t('detail.open', { ref: task.resendOf })}>
              {task.resendOf}
            </button>
          </dd>
        </>
      ) : null}
      <OfficeResends taskRef={task.taskRef} />
      {d.resentAs.length ? (
        <>
          <dt>{t('detail.resends')}</dt>
          <dd data-testid="resent-as">
            <ul className="plain">
              {d.resentAs.map((r) => (
                <li key={r.id}>
                  <button type="button" className="link-button" onClick={() => onOpen(r.id)}>
                    {t('detail.resentAs', {
                      name: r.name,
                      ref: r.taskRef ?? t('detail.noReference'),
                      time: localTime(r.atMs, language, true),
                      count: r.phoneNumbers.length,
                    })}
                  </button>{' '}
                  <StatusBadge status={r.status} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
