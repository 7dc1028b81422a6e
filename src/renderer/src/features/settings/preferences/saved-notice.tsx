import { useTranslation } from 'react-i18next';
import { useHotFolderProblem } from '../../send';
import { ErrorNotice } from '@renderer/components/error-notice';

/** After Save: saved, or saved but the hot folder (restarted with the new settings) has a problem; or main's error. */
export function SavedNotice({ saved, error }: { saved: boolean; error: unknown }) {
  const { t } = useTranslation('settings');
  const hotProblem = useHotFolderProblem();
  return (
    <>
      {saved && hotProblem ? (
        <ErrorNotice testId="settings-saved">{t('prefs.savedHotFolderProblem', { problem: hotProblem })}</ErrorNotice>
      ) : saved ? (
        <p className="notice info" role="status" data-testid="settings-saved">
          {t('prefs.saved')}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </>
  );
}
