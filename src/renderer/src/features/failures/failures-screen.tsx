import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { FailureGroup, FailureItem, OfficeSenderRef } from '@shared/tasks/types';
import { useNavigation } from '../../navigation';
import { localTime, useFailures, useResend, DemoTag, ShowDemoToggle, useShowDemo, FailureText, isKnownCode, type KnownCode } from '../tasks';
import { followUpOf } from '../../lib/error-follow-ups';
import '../tasks/tasks.css';
import { describeError } from '../../lib/describe-error';
import { ErrorNotice } from '../../components/error-notice';
import { GridTable } from '../../components/grid-table';
import { TaskScopeSwitch, useOfficeFailures, useOfficeOnline, type TaskScope } from '../office';

const WINDOWS = [1, 7, 30, 90];

/**
 * Failed recipients across all tasks, grouped by code, retryable (BUSY, NO_ANSWER) first: the whole office's
 * (each row naming its sender) while the office database answers, else (or with "Mine") this desk's.
 */
export function FailuresScreen() {
  const { t } = useTranslation('failures');
  const id = useId();
  const [days, setDays] = useState(7);
  const [scope, setScope] = useState<TaskScope>('everyone');
  const showDemo = useShowDemo();
  const officeOffered = useOfficeOnline();
  const everyone = officeOffered && scope === 'everyone';
  const office = useOfficeFailures(days, everyone);
  const local = useFailures(days, showDemo, !everyone);
  const failures = everyone ? office : local;
  return (
    <section className="screen failures-screen" aria-labelledby="failures-title">
      <h1 id="failures-title">{t('title')}</h1>
      {officeOffered ? <TaskScopeSwitch scope={scope} onChange={setScope} /> : null}
      <p className="muted">{everyone ? t('office.intro', { days }) : t('intro', { days })}</p>
      <div className="window">
        <label htmlFor={`${id}-days`}>{t('window')}</label>
        <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="failures-days">
          {WINDOWS.map((d) => (
            <option key={d} value={d}>
              {t('days', { count: d })}
            </option>
          ))}
        </select>
        {everyone ? null : <ShowDemoToggle />}
      </div>
      {failures.error ? (
        <ErrorNotice error={failures.error} />
      ) : null}
      {failures.data && failures.data.groups.length === 0 ? <p className="notice info">{t('none')}</p> : null}
      {failures.data?.groups.map((g) => <Group key={g.code} group={g} office={everyone} />)}
    </section>
  );
}

/** Who sent the fax of a row (office-wide Failures). */
function SenderCell({ sender }: { sender: OfficeSenderRef }) {
  const { t } = useTranslation('failures');
  return <>{sender.mine ? t('office.you', { name: sender.name }) : t('office.senderCell', { name: sender.name, computer: sender.computerName })}</>;
}

/** "Resent as … by …": a resend by another desk (not in this desk's history, so not opened here). */
function ResentBy({ resentAs }: { resentAs: NonNullable<FailureItem['resentAs']> & { by: OfficeSenderRef } }) {
  const { t } = useTranslation('failures');
  const ref = resentAs.id || '—';
  return (
    <span className="muted" data-testid="failure-resent-by">
      {resentAs.by.mine ? t('office.resentByYou', { ref }) : t('office.resentBy', { ref, name: resentAs.by.name, computer: resentAs.by.computerName })}
    </span>
  );
}

function Group({ group, office }: { group: FailureGroup; office: boolean }) {
  // Listed with an account connected, a demo failure is for reference only: no resend offered.
  const readOnlyDemo = useShowDemo();
  const { t, i18n } = useTranslation('failures');
  const openTask = useNavigation((s) => s.openTask);
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
      <GridTable
        className="narrow-stack"
        columns={[
          t('columns.number'),
          t('columns.task'),
          ...(office ? [t('office.sender')] : []),
          t('columns.reason'),
          t('columns.when'),
          t('columns.actions'),
        ]}
      >
        {group.items.map((it) => (
          <tr key={`${it.rcptRef}-${it.taskRef}`} data-testid="failure-row">
            <td>
              <span className="mono nowrap">{displayFax(it.phoneNumber)}</span>
              {it.earlier.length > 0 || it.resentAs ? <AttemptHistory item={it} /> : null}
            </td>
            <td data-label={t('columns.task')}>
              {it.sentBy && !it.sentBy.mine ? (
                // another desk's fax: not in this desk's history, so it has no task detail here
                <span>{it.taskName}</span>
              ) : (
                <button type="button" className="link-button" onClick={() => openTask(it.taskRef)} aria-label={`${t('openTask')}: ${it.taskName}`}>
                  {it.taskName}
                </button>
              )}
              {it.demo ? <DemoTag /> : null}
            </td>
            {office ? <td data-label={t('office.sender')}>{it.sentBy ? <SenderCell sender={it.sentBy} /> : '—'}</td> : null}
            {isKnownCode(it.failedCode) ? (
              <td className="nowrap" data-label={t('columns.reason')}>{t(`reasons.${it.failedCode.trim().toUpperCase() as KnownCode}`)}</td>
            ) : (
              <td data-label={t('columns.reason')}>{it.failedReason ?? '—'}</td>
            )}
            <td className="nowrap" data-label={t('columns.when')}>{localTime(it.completedAtMs, i18n.language)}</td>
            <td className="actions-cell">
              {it.resentAs?.by && !(it.resentAs.by.mine && it.resentAs.id) ? (
                <ResentBy resentAs={{ ...it.resentAs, by: it.resentAs.by }} />
              ) : it.resentAs || resent[it.taskRef] ? (
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
