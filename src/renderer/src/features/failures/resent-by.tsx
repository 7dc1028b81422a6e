import { useTranslation } from 'react-i18next';
import type { FailureItem, OfficeSenderRef } from '@shared/tasks/types';

/** "Resent as … by …": a resend by another desk (not in this desk's history, so not opened here). */
export function ResentBy({ resentAs }: { resentAs: NonNullable<FailureItem['resentAs']> & { by: OfficeSenderRef } }) {
  const { t } = useTranslation('failures');
  const ref = resentAs.id || '—';
  return (
    <span className="muted">
      {resentAs.by.mine ? t('office.resentByYou', { ref }) : t('office.resentBy', { ref, name: resentAs.by.name, computer: resentAs.by.computerName })}
    </span>
  );
}
