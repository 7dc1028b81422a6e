import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailures, ShowDemoToggle, useShowDemo } from '../tasks';
import '../tasks/tasks.css';
import { ErrorNotice } from '../../components/error-notice';
import { Field } from '../../components/field';
import { FailureGroupSection } from './failure-group';
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
        <Field id={`${id}-days`} label={t('window')} className="inline">
          {(control) => (
            <select {...control} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {WINDOWS.map((d) => (
                <option key={d} value={d}>
                  {t('days', { count: d })}
                </option>
              ))}
            </select>
          )}
        </Field>
        {everyone ? null : <ShowDemoToggle />}
      </div>
      {failures.error ? <ErrorNotice error={failures.error} /> : null}
      {failures.data && failures.data.groups.length === 0 ? <p className="notice info">{t('none')}</p> : null}
      {failures.data?.groups.map((g) => <FailureGroupSection key={g.code} group={g} office={everyone} />)}
    </section>
  );
}

export { FailuresBadge } from './failures-badge';
