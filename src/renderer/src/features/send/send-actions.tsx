import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Send } from 'lucide-react';

/**
 * The Send (or Schedule) button and the line beside it: why the send is blocked, else the draft's note,
 * else the shortcut. A sent fax locks the compose: then only the hint to start a new one shows.
 */
export function SendActions({
  locked,
  busy,
  blocker,
  note,
  scheduled,
  onSend,
}: {
  locked: boolean;
  busy: boolean;
  blocker: string | null;
  note: ReactNode;
  scheduled: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation('send');
  return (
    <div className="send-actions">
      {locked ? (
        <span className="muted">{t('actions.lockedHint')}</span>
      ) : (
        <>
          <button
            type="button"
            className="btn primary"
            disabled={busy || blocker !== null}
            aria-busy={busy}
            onClick={onSend}
            data-testid="send-button"
            aria-describedby="send-blocker"
            aria-keyshortcuts="Control+Enter"
          >
            {scheduled ? <CalendarClock aria-hidden="true" size={16} /> : <Send aria-hidden="true" size={16} />}
            {busy ? t('actions.sending') : scheduled ? t('actions.schedule') : t('actions.send')}
          </button>
          <span id="send-blocker" className="muted">
            {blocker ?? note ?? t('actions.shortcutHint')}
          </span>
        </>
      )}
    </div>
  );
}
