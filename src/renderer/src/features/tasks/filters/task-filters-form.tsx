import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusFilter } from '@shared/tasks/types';
import { Field } from '@renderer/components/field';
import { ErrorNotice } from '@renderer/components/error-notice';
import { ShowDemoToggle } from '../demo';
import { StatusOptions } from './status-options';
import type { TaskFilters } from './use-task-filters';

/** The filters above this desk's task list: text, status, from and to dates, demo faxes, and clearing them. */
export function TaskFiltersForm({ filters: f }: { filters: TaskFilters }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  return (
    <form className="filters row" role="search" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
      <Field
        id={`${id}-text`}
        className="grow"
        label={t('filters.text')}
        error={f.textInvalid ? <ErrorNotice as="span">{t('filters.textControlChars')}</ErrorNotice> : undefined}
      >
        {(control) => (
          <input {...control} type="search" value={f.text} placeholder={t('filters.textPlaceholder')} onChange={(e) => f.setText(e.target.value)} maxLength={200} />
        )}
      </Field>
      <Field id={`${id}-status`} label={t('filters.status')}>
        {(control) => (
          <select {...control} value={f.status} onChange={(e) => f.chooseStatus(e.target.value as StatusFilter | '')} data-testid="task-status-filter">
            <StatusOptions />
          </select>
        )}
      </Field>
      <Field id={`${id}-from`} label={t('filters.from')}>
        {(control) => <input {...control} type="date" value={f.from} onChange={(e) => f.setFrom(e.target.value)} />}
      </Field>
      <Field id={`${id}-to`} label={t('filters.to')}>
        {(control) => <input {...control} type="date" value={f.to} onChange={(e) => f.setTo(e.target.value)} />}
      </Field>
      <ShowDemoToggle />
      {f.filtered ? (
        <button type="button" className="btn" onClick={f.clear}>
          {t('clearFilters')}
        </button>
      ) : null}
    </form>
  );
}
