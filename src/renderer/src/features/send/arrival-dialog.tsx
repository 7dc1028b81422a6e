import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { answerArrival, useArrivals } from './arrivals';
import { useComposeLocked, useSendResult } from './send-result';

/**
 * Documents arrived (printed, hot folder, "Open with") while the user is putting a fax of their own
 * together: a new fax with them, or added to this one. The answer that loses nothing (add) is the one
 * a stray Enter or Escape gives.
 */
export function ArrivalDialog({ onNewFax }: { onNewFax(): void }) {
  const { t } = useTranslation('send');
  const asking = useArrivals((s) => s.asking);
  // the fax on the form is on its way (its review, its request): the answer waits for its outcome (answerArrival)
  const sending = useSendResult((s) => s.sending);
  // it went out while the question was open: the fax on the form is not added to any more
  const sent = useComposeLocked();
  if (asking.length === 0) return null;
  const names = asking.map((d) => d.name).join(', ');
  const how = t(`documents.source.${asking[0]!.source}`);
  return (
    <ConfirmDialog
      // one question per batch: a document that arrives while it is open joins the same question
      title={t('arrival.title', { count: asking.length })}
      confirmLabel={t('arrival.newFax', { count: asking.length })}
      cancelLabel={t('arrival.add')}
      // after a send still on its way has ended (answerArrival waits for it): its outcome is not reset under it
      onConfirm={() => void answerArrival('new').then((started) => started && onNewFax())}
      // "add" to a fax that went out in the meantime starts a new fax too
      onCancel={() => void answerArrival('add').then((started) => started && onNewFax())}
      defaultAnswer="cancel"
    >
      <p>{t('arrival.question', { count: asking.length, names, how })}</p>
      <p className="muted">
        {sending
          ? t('arrival.whileSending', { count: asking.length, add: t('arrival.add'), newFax: t('arrival.newFax', { count: asking.length }) })
          : sent
            ? t('arrival.afterSent', { count: asking.length })
            : t('arrival.newFaxClears')}
      </p>
    </ConfirmDialog>
  );
}
