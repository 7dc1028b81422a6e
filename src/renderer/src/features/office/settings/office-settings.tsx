import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffice } from '../queries';
import { OfficeForm } from './office-form';
import { StatusLine } from './status-line';

/** Settings → Office outbox: the shared PostgreSQL database of the office, and how this desk's link to it stands. */
export function OfficeSettings() {
  const { t } = useTranslation('office');
  const id = useId();
  const office = useOffice();
  return (
    <section className="panel" aria-labelledby={`${id}-h`} data-testid="office-settings">
      <h2 id={`${id}-h`}>{t('settings.heading')}</h2>
      <p className="hint">{t('settings.intro')}</p>
      {office.data ? <StatusLine status={office.data.status} /> : null}
      {office.isSuccess ? <OfficeForm view={office.data} /> : null}
    </section>
  );
}
