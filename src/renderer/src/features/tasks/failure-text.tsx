import { useTranslation } from 'react-i18next';
import { isKnownCode } from './format';

/** A failure code explained in the UI's language, with the service's own words beside it. */
export function FailureText({ code, reason }: { code: string | null; reason: string | null }) {
  const { t } = useTranslation('tasks');
  if (code === null && reason === null) return <span className="muted">—</span>;
  if (isKnownCode(code)) {
    return (
      <span>
        <strong className="mono">{code}</strong> {t(`codes.${code.trim().toUpperCase()}`)}
        {/* the service's own words beside the explanation (they are in its language, not the UI's) */}
        {reason ? <span className="muted service-reason"> ({t('recipient.serviceSaid', { reason })})</span> : null}
      </span>
    );
  }
  return <span>{t('recipient.unknownCode', { code: code ?? '—', reason: reason ?? '—' })}</span>;
}
