import { useTranslation } from 'react-i18next';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import { useCompose } from '../compose-store';

/**
 * Accepted documents beyond the ones that fit: listed, never attached silently. They wait for room: a
 * document removed, or a new fax, brings them in (useWaitingDocuments), so the notice is only ever
 * about a full list.
 */
export function OverflowNotice() {
  const { t } = useTranslation('send');
  const docs = useCompose((s) => s.docs);
  const overflow = useCompose((s) => s.overflow);
  if (overflow.length === 0 || docs.length < MAX_DOCUMENTS) return null;
  return <div className="notice warn">{t('documents.full', { max: MAX_DOCUMENTS, names: overflow.map((o) => o.name).join(', ') })}</div>;
}
