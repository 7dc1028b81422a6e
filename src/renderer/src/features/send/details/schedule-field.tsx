import { useTranslation } from 'react-i18next';
import { toServiceTime } from '@shared/service-time';
import { MIN_SCHEDULE_LEAD_MS } from '@shared/send/limits';
import { Field } from '@renderer/components/field';
import { ErrorNotice } from '@renderer/components/error-notice';
import { useCompose } from '../compose-store';

function localInputValue(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** When to send (local time; empty = now): the same moment in the service's time zone, or why it cannot be. */
export function ScheduleField({ serviceTimeZone, now, ms }: { serviceTimeZone: string; now: number; ms: number | null }) {
  const { t } = useTranslation('send');
  const schedule = useCompose((s) => s.scheduleLocal);
  const otherErrors = useCompose((s) => s.otherErrors);
  const set = useCompose((s) => s.set);
  const past = ms !== null && ms < now + MIN_SCHEDULE_LEAD_MS;
  let serviceTime: string | null = null;
  try {
    serviceTime = ms !== null ? toServiceTime(new Date(ms), serviceTimeZone) : null;
  } catch {
    serviceTime = null;
  }
  const scheduleErrors = otherErrors['scheduledAt'];
  const error =
    past || scheduleErrors?.length ? (
      <>
        {past ? <ErrorNotice as="span">{t('details.past')}</ErrorNotice> : null}
        {scheduleErrors?.map((m) => <span key={m}>{m}</span>)}
      </>
    ) : undefined;
  return (
    <Field
      id="send-schedule"
      label={t('details.schedule')}
      hint={serviceTime && !past ? t('details.serviceTime', { time: serviceTime, zone: serviceTimeZone }) : t('details.scheduleHint')}
      error={error}
      after={serviceTime && !past ? <span className="hint">{t('details.noCancel')}</span> : null}
    >
      {(control) => (
        <div className="row">
          <input
            {...control}
            type="datetime-local"
            value={schedule}
            min={localInputValue(new Date(now))}
            onChange={(e) => set({ scheduleLocal: e.target.value, otherErrors: { ...otherErrors, scheduledAt: [] } })}
          />
          {schedule ? (
            <button type="button" className="btn small" onClick={() => set({ scheduleLocal: '' })}>
              {t('details.clearSchedule')}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
