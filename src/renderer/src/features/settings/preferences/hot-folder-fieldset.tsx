import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@renderer/lib/api';
import { accountKeys } from '../../account';
import { hotFolderKeys, useHotFolderProblem, useHotFolderStatus } from '../../send';
import { describeError } from '@renderer/lib/describe-error';
import { CheckboxField, ManagedNote } from '@renderer/components/field';
import type { Managed } from '@shared/ipc/channels/app';

/**
 * The hot folder: on or off (saved with the form), and the folder itself, chosen in main's folder
 * dialog and stored at once; what main says of it (watching, or the problem).
 */
export function HotFolderFieldset({ id, enabled, managed, onEnabled }: { id: string; enabled: boolean; managed: Managed | undefined; onEnabled(enabled: boolean): void }) {
  const { t } = useTranslation('settings');
  const noteId = managed ? `${id}-managed` : undefined;
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const hotProblem = useHotFolderProblem();
  const [folderError, setFolderError] = useState<string | null>(null);

  // Main shows its folder dialog and stores what the user picked; the window never names a folder.
  const chooseFolder = async () => {
    setFolderError(null);
    try {
      const r = await call('chooseHotFolder');
      if (r.chosen) client.setQueryData(accountKeys.settings, r.settings);
      await client.invalidateQueries({ queryKey: hotFolderKeys.status });
    } catch (err) {
      setFolderError(describeError(err));
    }
  };

  return (
    <fieldset className="group" disabled={managed === 'locked'} aria-describedby={noteId}>
      <legend>{t('prefs.hotFolderHeading')}</legend>
      <ManagedNote id={`${id}-managed`} managed={managed} text={{ locked: t('managed.locked'), default: t('managed.default') }} />
      <CheckboxField id={id} label={t('prefs.hotFolderEnabled')} checked={enabled} onChange={onEnabled} />
      <div className="field">
        <span id={`${id}-path-label`}>{t('prefs.hotFolderPath')}</span>
        <div className="actions file-row">
          <output className="mono" aria-labelledby={`${id}-path-label`}>
            {hotFolder.data?.path ?? ''}
          </output>
          <button type="button" className="btn small" onClick={() => void chooseFolder()} aria-describedby={`${id}-path-hint`}>
            {t('prefs.hotFolderChoose')}
          </button>
        </div>
        <span id={`${id}-path-hint`} className={folderError ? 'error' : 'hint'}>
          {folderError ?? t('prefs.hotFolderHint')}
        </span>
      </div>
      {hotProblem ? (
        <p className="error-text">{hotProblem}</p>
      ) : hotFolder.data?.watching ? (
        <p className="hint">{t('prefs.hotFolderWatching', { path: hotFolder.data.path })}</p>
      ) : null}
    </fieldset>
  );
}
