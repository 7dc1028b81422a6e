import { useTranslation } from 'react-i18next';
import { useCompose } from '../compose-store';
import { ErrorNotice } from '@renderer/components/error-notice';

/** Printed documents that waited while FaxDesk was closed, or a hot-folder document that could not be filed after its send. */
export function IntakeNotice() {
  const { t } = useTranslation('send');
  const notice = useCompose((s) => s.intakeNotice);
  const set = useCompose((s) => s.set);
  if (!notice) return null;
  const dismiss = (
    <button type="button" className="btn small" onClick={() => set({ intakeNotice: null })}>
      {t('documents.dismiss')}
    </button>
  );
  if (notice.kind !== 'waiting') {
    return (
      <ErrorNotice as="div">
        {t('documents.settleFailed', { message: notice.message })} {dismiss}
      </ErrorNotice>
    );
  }
  return (
    <div className="notice info" role="status">
      {t('documents.printedWaiting', { count: notice.count })} {dismiss}
    </div>
  );
}
