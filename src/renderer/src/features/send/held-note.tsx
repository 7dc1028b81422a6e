import { useTranslation } from 'react-i18next';
import { useSendResult } from './send-result';

/**
 * The documents the user added while a question about this fax is open (the review, the same-fax
 * question): named, with what becomes of them (send-result.ts, waitForSend). The status region is in the
 * dialog from the start, so a screen reader says the note when a document is dropped.
 */
export function HeldNote({ message }: { message: 'review.held' | 'review.heldScheduled' | 'repeat.held' }) {
  const { t, i18n } = useTranslation('send');
  const held = useSendResult((s) => s.held).flatMap((h) => h.names);
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, { style: 'long', type: 'conjunction' });
  return (
    <div role="status">
      {held.length > 0 ? (
        <p className="notice info" data-testid="send-held">
          {t(message, { count: held.length, names: list.format(held.map((n) => t('review.heldName', { name: n }))) })}
        </p>
      ) : null}
    </div>
  );
}
