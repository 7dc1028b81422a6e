import { useTranslation } from 'react-i18next';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import { useCompose } from '../compose-store';
import { addWaiting, dismissWaiting } from '../arrivals';
import { useComposeLocked } from '../send-result';

/**
 * Accepted documents beyond the ones that fit: listed, never attached silently. While the list is full:
 * "Remove one to make room"; with room: "Add" brings them in (as many as fit). "Dismiss" lets them go.
 */
export function OverflowNotice() {
  const { t } = useTranslation('send');
  const docs = useCompose((s) => s.docs);
  const overflow = useCompose((s) => s.overflow);
  const locked = useComposeLocked();
  if (overflow.length === 0) return null;
  const names = overflow.map((o) => o.name).join(', ');
  const full = docs.length >= MAX_DOCUMENTS;
  return (
    <div className="notice warn">
      {full && !locked ? t('documents.full', { max: MAX_DOCUMENTS, names }) : t('documents.waiting', { count: overflow.length, names })}{' '}
      {!full && !locked ? (
        <button type="button" className="btn small" onClick={() => void addWaiting()}>
          {t('documents.addWaiting', { count: Math.min(overflow.length, MAX_DOCUMENTS - docs.length) })}
        </button>
      ) : null}{' '}
      {/* a sent fax on screen is read-only (its fieldset is disabled): they wait for "New fax" */}
      {!locked ? (
        <button type="button" className="btn small" onClick={dismissWaiting}>
          {t('documents.dismiss')}
        </button>
      ) : null}
    </div>
  );
}
