import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '../../../../shared/phonebook/format';
import type { FailureGroup, FailureItem } from '../../../../shared/tasks/types';
import { useUiStore } from '../../app/ui-store';
import { localTime, useFailures, useResend, DemoTag, ShowDemoToggle, useShowDemo, FailureText, isKnownCode, type KnownCode } from '../tasks';
import { followUpOf } from '../../lib/error-follow-ups';
import '../tasks/tasks.css';
import { describeError } from '../../lib/describe-error';
import { ErrorNotice } from '../../components/error-notice';
import { GridTable } from '../../components/grid-table';

const WINDOWS = [1, 7, 30, 90];

/** Failed recipients across all tasks, grouped by code, retryable (BUSY, NO_ANSWER) first. */
export function FailuresScreen() {
  const { t } = useTranslation('failures');
  const id = useId();
  const [days, setDays] = useState(7);
  const showDemo = useShowDemo();
  const failures = useFailures(days, showDemo);
  return (
    <section className="screen failures-screen" aria-labelledby="failures-title">
      <h1 id="failures-title">{t('title')}</h1>
      <p className="muted">{t('intro', { days })}</p>
      <div className="window">
        <label htmlFor={`${id}-days`}>{t('window')}</label>
        <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="failures-days">
          {WINDOWS.map((d) => (
            <option key={d} value={d}>
              {t('days', { count: d })}
            </option>
          ))}
        </select>
        <ShowDemoToggle />
      </div>
      {failures.error ? (
        <ErrorNotice error={failures.error} />
      ) : null}
      {failures.data && failures.data.groups.length === 0 ? <p className="notice info">{t('none')}</p> : null}
      {failures.data?.groups.map((g) => <Group key={g.code} group={g} />)}
    </section>
  );
}

function Group({ group }: { group: FailureGroup }) {
  // Listed with an account connected, a demo failure is for reference only: no resend offered.
  const readOnlyDemo = useShowDemo();
  const { t, i18n } = useTranslation('failures');
  const openTask = useUiStore((s) => s.openTask);
  const resend = useResend();
  const [resent, setResent] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  /** a task whose failed recipients were resent before: its next resend must be confirmed */
  const [again, setAgain] = useState<string | null>(null);
  const code = group.code || t('noCode');
  const headingId = `failure-group-${group.code || 'none'}`;

  async function onResend(taskRef: string, confirmRepeat = false) {
    setError(null);
    setAgain(null);
    try {
      const r = await resend.mutateAsync({ taskRef, only: 'retryable', ...(confirmRepeat ? { confirmRepeat } : {}) });
      setResent((m) => ({ ...m, [taskRef]: r.taskRef }));
    } catch (e) {
      // The message asks the question ("…resend them again?"); the row offers the answer.
      if (followUpOf(e)?.kind === 'askResendAgain') setAgain(taskRef);
      setError(describeError(e));
    }
  }

  return (
    <section className="panel failure-group" aria-labelledby={headingId} data-testid={`failure-group-${group.code}`}>
      <h2 id={headingId}>
        <span>{t('groupTitle', { code, count: group.count })}</span>
        {group.retryable ? <span className="status ok">{t('retryable')}</span> : null}
      </h2>
      <p className="explain">
        <FailureText code={group.code || null} reason={group.items[0]?.failedReason ?? null} />
      </p>
      {error ? (
        <p className="notice bad" role="alert">
          {error}
        </p>
      ) : null}
      <GridTable className="narrow-stack" columns={[t('columns.number'), t('columns.task'), t('columns.reason'), t('columns.when'), t('columns.actions')]}>
        {group.items.map((it) => (
          <tr key={`${it.rcptRef}-${it.taskRef}`}>
            <td>
              <span className="mono nowrap">{displayFax(it.phoneNumber)}</span>
              {it.earlier.length > 0 || it.resentAs ? <AttemptHistory item={it} /> : null}
            </td>
            <td data-label={t('columns.task')}>
              <button type="button" className="link-button" onClick={() => openTask(it.taskRef)} aria-label={`${t('openTask')}: ${it.taskName}`}>
                {it.taskName}
              </button>
              {it.demo ? <DemoTag /> : null}
            </td>
            {isKnownCode(it.failedCode) ? (
              <td className="nowrap" data-label={t('columns.reason')}>{t(`reasons.${it.failedCode.trim().toUpperCase() as KnownCode}`)}</td>
            ) : (
              <td data-label={t('columns.reason')}>{it.failedReason ?? '—'}</td>
            )}
            <td className="nowrap" data-label={t('columns.when')}>{localTime(it.completedAtMs, i18n.language)}</td>
            <td className="actions-cell">
              {it.resentAs || resent[it.taskRef] ? (
                <button type="button" className="link-button mono" onClick={() => openTask(it.resentAs?.id ?? resent[it.taskRef]!)}>
                  ↻ {it.resentAs?.id ?? resent[it.taskRef]}
                </button>
              ) : (it.demo && readOnlyDemo) ? (
                <span className="muted">—</span>
              ) : !group.retryable ? (
                // Sending again to a number that is not a fax machine (or a document that cannot be converted) fails again.
                <span className="muted">{t('notRetryable')}</span>
              ) : again === it.taskRef ? (
                <button type="button" className="btn" disabled={resend.isPending} onClick={() => void onResend(it.taskRef, true)}>
                  {t('resendAgain')}
                </button>
              ) : (
                <button type="button" className="btn" disabled={resend.isPending} onClick={() => void onResend(it.taskRef)}>
                  {t('resendTask')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </GridTable>
    </section>
  );
}

/** What happened to the number before its latest attempt: "failed at … → resent at … → failed again". */
function AttemptHistory({ item }: { item: FailureItem }) {
  const { t, i18n } = useTranslation('failures');
  const first = item.earlier[0] ?? item;
  const firstAt = 'failedAtMs' in first ? first.failedAtMs : first.completedAtMs;
  const resends = item.earlier.length > 0 ? [...item.earlier.slice(1).map((a) => a.createdAtMs ?? a.failedAtMs), item.createdAtMs ?? item.completedAtMs] : [];
  const steps = [
    t('history.first', { time: localTime(firstAt, i18n.language) }),
    ...resends.map((at) => t('history.again', { time: localTime(at, i18n.language) })),
    ...(item.resentAs ? [t('history.underWay', { time: localTime(item.resentAs.createdAtMs, i18n.language) })] : []),
  ];
  return <span className="attempt-history muted">{steps.join(' → ')}</span>;
}

export { FailuresBadge } from './failures-badge';
