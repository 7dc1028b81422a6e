import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultTaskName } from '@shared/send/types';
import { namingDocument, useCompose } from './compose-store';
import { Field } from '../../components/field';
import { CostLine } from './details/cost-line';
import { ScheduleField } from './details/schedule-field';

/** The datetime-local value as an instant (it is local wall time), or null. */
export function scheduleMs(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** The current time, refreshed every 15 s, so "is this schedule in the past" stays true to the clock. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** The send's name, when it goes, and what it costs. Memoized: a keystroke in the recipients box does not draw it again. */
export const DetailsPanel = memo(function DetailsPanel({ serviceTimeZone, recipients }: { serviceTimeZone: string; recipients: number }) {
  const { t } = useTranslation('send');
  const name = useCompose((s) => s.name);
  const schedule = useCompose((s) => s.scheduleLocal);
  const docs = useCompose((s) => s.docs);
  const otherErrors = useCompose((s) => s.otherErrors);
  const set = useCompose((s) => s.set);
  const now = useNow();
  const named = namingDocument(docs);
  const placeholder = named ? defaultTaskName(named.doc.name) : '';
  const nameErrors = otherErrors['name'];
  return (
    <section className="panel" aria-labelledby="send-details-heading">
      <h2 id="send-details-heading">{t('details.heading')}</h2>
      <Field id="send-name" label={t('details.name')} hint={t('details.nameHint')} error={nameErrors?.length ? nameErrors.join(' ') : undefined}>
        {(control) => <input {...control} value={name} maxLength={255} placeholder={placeholder} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <ScheduleField serviceTimeZone={serviceTimeZone} now={now} ms={scheduleMs(schedule)} />
      <CostLine recipients={recipients} />
    </section>
  );
});
