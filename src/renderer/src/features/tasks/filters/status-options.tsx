import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS } from '@shared/tasks/types';

/** The status choices: translated once per language, not again on every filter change. */
export const StatusOptions = memo(function StatusOptions() {
  const { t } = useTranslation('tasks');
  return (
    <>
      <option value="">{t('filters.anyStatus')}</option>
      {STATUS_FILTERS.map((s) => (
        <option key={s} value={s}>
          {t(s === 'not_sent' ? 'status.create_failed' : `status.${s}`)}
        </option>
      ))}
    </>
  );
});
