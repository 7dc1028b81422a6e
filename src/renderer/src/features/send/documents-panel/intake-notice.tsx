import { useTranslation } from 'react-i18next';
import { useCompose } from '../compose-store';

/** Printed documents that waited while FaxDesk was closed, or a hot-folder document that could not be filed after its send. */
export function IntakeNotice() {
  const { t } = useTranslation('send');
  const notice = useCompose((s) => s.intakeNotice);
  const set = useCompose((s) => s.set);
  if (!notice) return null;
  return (
    <div className={`notice ${notice.kind === 'waiting' ? 'info' : 'bad'}`} role={notice.kind === 'waiting' ? 'status' : 'alert'}>
      {notice.kind === 'waiting' ? t('documents.printedWaiting', { count: notice.count }) : t('documents.settleFailed', { message: notice.message })}{' '}
      <button type="button" className="btn small" onClick={() => set({ intakeNotice: null })}>
        {t('documents.dismiss')}
      </button>
    </div>
  );
}
