import { memo, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toServiceTime } from '@shared/service-time';
import { defaultTaskName } from '@shared/send/types';
import { useAccount, formatYuan } from '../account';
import { useNavigation } from '../../navigation';
import { namingDocument, useCompose } from './compose-store';
import { estimateQuery } from './hooks';
import { MIN_SCHEDULE_LEAD_MS } from '@shared/send/limits';
import { Field } from '../../components/field';


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

function localInputValue(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export const DetailsPanel = memo(function DetailsPanel({ serviceTimeZone, recipients }: { serviceTimeZone: string; recipients: number }) {
  const { t, i18n } = useTranslation('send');
  const name = useCompose((s) => s.name);
  const schedule = useCompose((s) => s.scheduleLocal);
  const docs = useCompose((s) => s.docs);
  const otherErrors = useCompose((s) => s.otherErrors);
  const set = useCompose((s) => s.set);
  const account = useAccount();
  const setRoute = useNavigation((s) => s.setRoute);
  const now = useNow();

  const ms = scheduleMs(schedule);
  const past = ms !== null && ms < now + MIN_SCHEDULE_LEAD_MS;
  let serviceTime: string | null = null;
  try {
    serviceTime = ms !== null ? toServiceTime(new Date(ms), serviceTimeZone) : null;
  } catch {
    serviceTime = null;
  }
  const named = namingDocument(docs);
  const placeholder = named ? defaultTaskName(named.doc.name) : '';
  const pages = docs.length > 0 && docs.every((d) => d.doc.pages !== null) ? docs.reduce((n, d) => n + (d.doc.pages ?? 0), 0) : null;
  const estimate = useQuery(estimateQuery(pages, recipients));
  const cost = estimate.data;
  const balance = account.data?.balance;
  const nameErrors = otherErrors['name'];
  const scheduleErrors = otherErrors['scheduledAt'];

  return (
    <section className="panel" aria-labelledby="send-details-heading">
      <h2 id="send-details-heading">{t('details.heading')}</h2>
      <Field id="send-name" label={t('details.name')} hint={t('details.nameHint')} error={nameErrors?.length ? nameErrors.join(' ') : undefined}>
        {(control) => <input {...control} value={name} maxLength={255} placeholder={placeholder} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <div className="field">
        <label htmlFor="send-schedule">{t('details.schedule')}</label>
        <div className="row">
          <input
            id="send-schedule"
            type="datetime-local"
            value={schedule}
            min={localInputValue(new Date(now))}
            aria-describedby="send-schedule-hint"
            aria-invalid={past || scheduleErrors ? true : undefined}
            onChange={(e) => set({ scheduleLocal: e.target.value, otherErrors: { ...otherErrors, scheduledAt: [] } })}
          />
          {schedule ? (
            <button type="button" className="btn small" onClick={() => set({ scheduleLocal: '' })}>
              {t('details.clearSchedule')}
            </button>
          ) : null}
        </div>
        <span className="hint" id="send-schedule-hint">
          {serviceTime && !past ? t('details.serviceTime', { time: serviceTime, zone: serviceTimeZone }) : t('details.scheduleHint')}
        </span>
        {serviceTime && !past ? (
          <span className="hint">
            {t('details.noCancel')}
          </span>
        ) : null}
        {past ? (
          <span className="error" role="alert">
            {t('details.past')}
          </span>
        ) : null}
        {scheduleErrors?.map((m) => (
          <span key={m} className="error">
            {m}
          </span>
        ))}
      </div>
      <div className="send-cost">
        {balance !== undefined ? <span>{t('cost.balance', { amount: formatYuan(balance) })}</span> : null}
        {cost && cost.unitPrice !== null ? (
          cost.estimate !== null && pages !== null ? (
            <>
              <span>
                <strong>{t('cost.estimate', { amount: formatYuan(cost.estimate) })}</strong>{' '}
                <span className="muted">
                  {t(cost.priceSource === 'contract' ? 'cost.basisContract' : 'cost.basis', {
                    pages: t('cost.pagesCount', { count: pages }),
                    recipients: t('cost.recipientsCount', { count: recipients }),
                    price: formatYuan(cost.unitPrice),
                    lng: i18n.language,
                  })}
                </span>
              </span>
              {balance !== undefined && cost.estimate > balance ? <span className="error-text">{t('cost.exceeds')}</span> : null}
            </>
          ) : docs.length > 0 ? (
            <span className="muted">{t('cost.unknownPages')}</span>
          ) : null
        ) : cost ? (
          // No task record has shown a price yet: say so, and where the contract price can be entered.
          <span className="muted">
            {t('cost.noPrice')}{' '}
            <button type="button" className="link-button" onClick={() => setRoute('settings')}>
              {t('cost.enterPrice')}
            </button>
          </span>
        ) : null}
      </div>
    </section>
  );
});
