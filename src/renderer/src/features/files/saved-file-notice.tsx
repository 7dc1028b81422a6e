import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFile } from '@shared/ipc/channels/files';
import { call } from '../../lib/api';
import { ErrorNotice } from '../../components/error-notice';

interface Props {
  saved: SavedFile;
  /** what was saved, e.g. "Phonebook exported (12 contacts)." */
  what: string;
  tone?: 'info' | 'ok';
}

/**
 * Where an export or report was saved, with Open and Show in folder. Main
 * chose the place in its save dialog; the window only holds the file's handle.
 */
export function SavedFileNotice({ saved, what, tone = 'info' }: Props) {
  const { t } = useTranslation('common');
  // the failure itself (worded by ErrorNotice in the UI's language), boxed so any thrown value shows
  const [problem, setProblem] = useState<{ error: unknown } | null>(null);
  const act = (channel: 'openSavedFile' | 'showSavedFile') => {
    setProblem(null);
    call(channel, { handle: saved.handle }).catch((e: unknown) => setProblem({ error: e }));
  };
  return (
    <div className={`notice ${tone} saved-file`}>
      <p>
        {what} {t('files.savedIn', { name: saved.name, folder: saved.folder })}
      </p>
      <div className="actions">
        <button type="button" className="btn small" onClick={() => act('openSavedFile')}>
          {t('files.open')}
        </button>
        <button type="button" className="btn small" onClick={() => act('showSavedFile')}>
          {t('files.showInFolder')}
        </button>
      </div>
      {problem ? <ErrorNotice error={problem.error} className="error-text" /> : null}
    </div>
  );
}
