import { useTranslation } from 'react-i18next';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import { useCompose } from '../compose-store';
import { addHandles } from '../documents';

/** Accepted documents beyond the ones that fit: listed, never attached silently; "Add" once there is room. */
export function OverflowNotice() {
  const { t } = useTranslation('send');
  const docs = useCompose((s) => s.docs);
  const overflow = useCompose((s) => s.overflow);
  if (overflow.length === 0) return null;
  return (
    <div className="notice warn">
      {t('documents.full', { max: MAX_DOCUMENTS, names: overflow.map((o) => o.name).join(', ') })}
      {docs.length < MAX_DOCUMENTS ? (
        <button type="button" className="btn small" onClick={() => void addHandles(overflow.map((o) => o.handle), [], overflow.map((o) => o.name))}>
          {t('url.add')}
        </button>
      ) : null}
    </div>
  );
}
